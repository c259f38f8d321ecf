/**
 * The export's inputs, parsed once into a typed value. Pure: a function of the inputs and of
 * "today" (for relative dates), so every wrong form is one InputError before any request.
 */
import {
  InputError,
  parseChoice,
  parseIssueNumber,
  parseNumber,
  readString,
  type InputReader
} from '../shared/inputs.js'
import { parseServiceSettings, type ServiceSettings } from '../shared/service-settings.js'
import { parseDateInput } from './dates.js'

export const EXPORT_FORMATS = ['json', 'csv'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export const MAX_PAGE_SIZE = 250
/** The step summary and a comment have size limits; more rows than this is not a summary. */
export const MAX_SUMMARY_ROWS = 1000
const DEFAULT_OUTPUT_FILE = 'page-views.json'

export interface AnalyticsSettings {
  service: ServiceSettings
  /** As sent to the service (`-7d` already resolved); undefined: not sent. */
  dateFrom?: string
  dateTo?: string
  pageSize: number
  /** As the user wrote it, relative to the workspace unless absolute. */
  outputFile: string
  format: ExportFormat
  summaryRows: number
  issueNumber?: number
  githubToken: string
}

export function parseAnalyticsSettings(read: InputReader, today: Date): AnalyticsSettings {
  const service = parseServiceSettings(read)

  const dateFrom = parseDateInput(read, 'date-from', today)
  const dateTo = parseDateInput(read, 'date-to', today)
  if (dateFrom && dateTo && dateFrom.instant >= dateTo.instant) {
    // date-to is exclusive: equal dates ask for an empty range, which no request can answer.
    throw new InputError(
      'date-from',
      `must be before date-to (${dateTo.value}; date-to is the exclusive end of the range, so equal dates are an empty range)`,
      dateFrom.value
    )
  }

  const pageSize = parseNumber(read, 'page-size', {
    fallback: MAX_PAGE_SIZE,
    expected: `a whole number of rows per request from 1 to ${MAX_PAGE_SIZE}`,
    integer: true,
    min: 1,
    max: MAX_PAGE_SIZE
  })
  const format = parseChoice(read, 'format', EXPORT_FORMATS, 'json')
  const outputFile = parseOutputFile(read, format)
  const summaryRows = parseNumber(read, 'summary-rows', {
    fallback: 10,
    expected: `a whole number of pages from 1 to ${MAX_SUMMARY_ROWS}`,
    integer: true,
    min: 1,
    max: MAX_SUMMARY_ROWS
  })

  const issueNumber = parseIssueNumber(read, 'issue-number')
  const githubToken = readString(read, 'github-token')
  if (issueNumber !== undefined && !githubToken) {
    throw new InputError(
      'github-token',
      'is required to comment on issue-number: a token with issues: write (the default is github.token)'
    )
  }

  return {
    service,
    dateFrom: dateFrom?.value,
    dateTo: dateTo?.value,
    pageSize,
    outputFile,
    format,
    summaryRows,
    issueNumber,
    githubToken
  }
}

/**
 * The file path. The input's default names a JSON file; with `format: csv` and the default left
 * alone, the file is `page-views.csv` so its name does not lie about its content.
 */
function parseOutputFile(read: InputReader, format: ExportFormat): string {
  const raw = readString(read, 'output-file')
  const expected = 'must be a file path such as page-views.json or reports/views.csv'
  if (!raw || raw === DEFAULT_OUTPUT_FILE) return `page-views.${format}`
  if (/[\0\r\n]/.test(raw) || /[/\\]$/.test(raw) || /(^|[/\\])\.{1,2}$/.test(raw)) {
    throw new InputError('output-file', expected, raw)
  }
  return raw
}
