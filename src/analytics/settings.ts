/**
 * The analytics inputs, parsed once, pure: every wrong form is one InputError before any request.
 */
import {
  InputError,
  parseBoolean,
  parseChoice,
  parseIssueNumber,
  parseList,
  parseNumber,
  readString,
  type InputReader
} from '../shared/inputs.js'
import { parseServiceSettings } from '../shared/service-settings.js'
import { parseDateInput, type ParsedDate } from '../shared/dates.js'
import { previousPeriod, type DateRange } from './dates.js'
import { datasetFacts, DATASETS, type Dataset } from './dataset-list.js'
import { REQUEST_LIMIT } from './export/budget.js'
import type { ExportSettings } from './export/context.js'
import { EXPORT_FORMATS, type ExportFormat } from './export/writers.js'
import { parseImpactSettings, type ImpactSettings } from './impact/settings.js'
import { ANALYTICS_DEFAULTS, DAILY_MODES } from './defaults.js'

/** The step summary and a comment have size limits; more rows than this is not a summary. */
const MAX_SUMMARY_ROWS = 1000
const COMPARE_MODES = ['none', 'previous'] as const

export type AnalyticsSettings = CommonSettings & ({ impact?: undefined } | ImpactOn)
export type ImpactOn = { impact: ImpactSettings }

interface CommonSettings extends ExportSettings {
  /** As the user wrote it, relative to the workspace unless absolute. */
  outputFile: string
  issueNumber?: number
  githubToken: string
  datasets: Dataset[]
  requestBudget?: number
}

export function parseAnalyticsSettings(read: InputReader, today: Date): AnalyticsSettings {
  const service = parseServiceSettings(read)
  const { dateFrom, dateTo } = parseDateRange(read, today)
  const datasets = parseDatasets(read)
  const dataset = datasets[0]
  const several = datasets.length > 1
  const previous = parseCompare(read, datasets, { dateFrom, dateTo })
  const chart = parseBoolean(read, 'chart', { fallback: ANALYTICS_DEFAULTS.chart })
  const maxPageSize = datasetFacts(dataset).maxPageSize
  if (several) checkSeveralPageSize(read)
  const pageSize = parseNumber(read, 'page-size', {
    fallback: maxPageSize,
    expected: `a whole number of rows per request from 1 to ${maxPageSize} (the ${dataset} maximum)`,
    integer: true,
    min: 1,
    max: maxPageSize
  })
  const format = parseChoice(read, 'format', {
    choices: EXPORT_FORMATS,
    fallback: ANALYTICS_DEFAULTS.format
  })
  const outputFile = several ? parseFolder(read) : parseOutputFile(read, format, dataset)
  const summaryRows = parseNumber(read, 'summary-rows', {
    fallback: ANALYTICS_DEFAULTS['summary-rows'],
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
    githubToken,
    datasets,
    ...optionalSettings(read),
    previous,
    chart,
    impact: parseImpactSettings(read, dateFrom, dateTo)
  }
}

type ParsedRange = { dateFrom: ParsedDate | undefined; dateTo: ParsedDate | undefined }

function parseDateRange(read: InputReader, today: Date): ParsedRange {
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
  return { dateFrom, dateTo }
}

function parseCompare(
  read: InputReader,
  datasets: readonly Dataset[],
  { dateFrom, dateTo }: ParsedRange
): Required<DateRange> | undefined {
  const compare = parseChoice(read, 'compare', {
    choices: COMPARE_MODES,
    fallback: ANALYTICS_DEFAULTS.compare
  })
  if (compare === 'none') return undefined
  checkCompare(datasets, compare)
  if (!dateFrom || !dateTo) {
    throw new InputError(
      'compare',
      'needs both date-from and date-to (such as -7d and -0d): the previous period has the same length, just before date-from',
      compare
    )
  }
  return previousPeriod(dateFrom, dateTo)
}

/**
 * The file path. Empty: the dataset's own name with the format's extension (`page-views.json`,
 * `searches.csv`), so a file name never lies about its content.
 */
function parseOutputFile(read: InputReader, format: ExportFormat, dataset: Dataset): string {
  const raw = readString(read, 'output-file')
  const expected = 'must be a file path such as page-views.json or reports/views.csv'
  // The former default `page-views.json` with `format: csv` still means the CSV file of views.
  if (!raw || (raw === 'page-views.json' && dataset === 'views')) {
    return `${datasetFacts(dataset).fileStem}.${format}`
  }
  if (/[\0\r\n]/.test(raw) || /[/\\]$/.test(raw) || /(^|[/\\])\.{1,2}$/.test(raw)) {
    throw new InputError('output-file', expected, raw)
  }
  return raw
}

/** The newer inputs, present only when set (so the settings of a step that sets none are as before). */
function optionalSettings(read: InputReader): Pick<AnalyticsSettings, 'requestBudget' | 'daily'> {
  const requestBudget = parseNumber(read, 'request-budget', {
    fallback: ANALYTICS_DEFAULTS['request-budget'],
    expected: `a whole number of requests from 1 to ${REQUEST_LIMIT} (the service allows ${REQUEST_LIMIT} an hour per organization)`,
    integer: true,
    min: 1,
    max: REQUEST_LIMIT
  })
  const daily = parseChoice(read, 'daily', {
    choices: DAILY_MODES,
    fallback: ANALYTICS_DEFAULTS.daily
  })
  return {
    ...(requestBudget === ANALYTICS_DEFAULTS['request-budget'] ? {} : { requestBudget }),
    ...(daily === ANALYTICS_DEFAULTS.daily ? {} : { daily })
  }
}

function parseFolder(read: InputReader): string {
  const raw = readString(read, 'output-file')
  if (/[\0\r\n]/.test(raw)) {
    throw new InputError(
      'output-file',
      'must be a folder with several datasets, such as reports',
      raw
    )
  }
  return raw || '.'
}

function parseDatasets(read: InputReader): Dataset[] {
  const raw = readString(read, 'dataset')
  // One name keeps the single dataset's own check and message.
  if (!/[,\n]/.test(raw)) {
    return [
      parseChoice(read, 'dataset', { choices: DATASETS, fallback: ANALYTICS_DEFAULTS.dataset })
    ]
  }
  const names = parseList(read, 'dataset').map(name => name.toLowerCase())
  const choices = DATASETS.map(name => `\`${name}\``).join(', ')
  const seen = new Set<string>()
  for (const name of names) {
    if (!(DATASETS as readonly string[]).includes(name)) {
      throw new InputError(
        'dataset',
        `lists ${JSON.stringify(name)}: each name must be one of ${choices}`,
        raw
      )
    }
    if (seen.has(name)) {
      throw new InputError('dataset', `lists ${name} twice: name each dataset once`, raw)
    }
    seen.add(name)
  }
  if (names.length === 0) {
    throw new InputError('dataset', `must name at least one of ${choices}`, raw)
  }
  return names as Dataset[]
}

function checkSeveralPageSize(read: InputReader): void {
  const raw = readString(read, 'page-size')
  if (raw) {
    throw new InputError(
      'page-size',
      'must be empty with several datasets: each dataset uses its own maximum (250 for views and visitors, 100 for searches and feedback, 1,000 for assistant)',
      raw
    )
  }
}

function checkCompare(datasets: readonly Dataset[], compare: string): void {
  if (datasets.some(name => datasetFacts(name).comparable)) return
  const which =
    datasets.length > 1
      ? `and the list (${datasets.join(', ')}) has neither`
      : `not to ${datasets[0]}`
  throw new InputError(
    'compare',
    `applies to the views and visitors datasets only, ${which}: use \`none\``,
    compare
  )
}
