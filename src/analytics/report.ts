/**
 * The export report as Markdown, for the step summary and the optional comment. Pure. Page paths come
 * from the service and are untrusted: they are rendered inert (no mentions, links or HTML).
 */
import type { PageViewRow, ViewTotals } from '../mintlify/types.js'
import { blockQuote, codeSpan, tableCell, truncate } from '../shared/markdown.js'
import type { ExportFormat } from './settings.js'
import { plural } from '../shared/plural.js'

export interface ExportReport {
  projectId: string
  dateFrom?: string
  dateTo?: string
  totals: ViewTotals
  /** The most viewed pages, best first. */
  top: readonly PageViewRow[]
  rowsWritten: number
  /** The file as the user should read it (relative to the workspace when inside it). */
  file: string
  format: ExportFormat
  requests: number
}

export interface RenderOptions {
  /** Cut the top-pages table so the whole text stays under this many characters. */
  maxChars?: number
  /** A link to the workflow run, for the comment. */
  runUrl?: string
  /** A hidden line first, so the comment can be recognised. */
  marker?: string
}

/** GitHub rejects comment bodies over 65,536 characters. */
export const COMMENT_MAX_CHARS = 65_000
export const REPORT_MARKER = '<!-- mintlify-analytics-export -->'
/** A path longer than this is cut in the table (the file has it whole). */
const MAX_PATH_CHARS = 200

export function formatCount(value: number): string {
  return value.toLocaleString('en-US')
}

/** `part` as a percentage of `whole` with one decimal; an en dash when there is nothing to share. */
export function percent(part: number, whole: number): string {
  if (whole <= 0) return '–'
  return `${(Math.round((part / whole) * 1000) / 10).toFixed(1)}%`
}

export function describeRange(dateFrom?: string, dateTo?: string): string[] {
  // Not sent: the service decides where the range starts or ends.
  const open = 'open-ended (the service decides)'
  return [
    `- **From:** ${dateFrom ? codeSpan(dateFrom) : open}`,
    `- **To (exclusive):** ${dateTo ? codeSpan(dateTo) : open}`
  ]
}

export function renderReport(report: ExportReport, options: RenderOptions = {}): string {
  const { totals } = report
  const head: string[] = []
  if (options.marker) head.push(options.marker)
  head.push(`### Mintlify page views: project ${codeSpan(report.projectId)}`, '')
  head.push(...describeRange(report.dateFrom, report.dateTo))
  const pages = plural(report.rowsWritten, 'page')
  const requests = plural(report.requests, 'request')
  head.push(
    `- **File:** ${codeSpan(report.file)} (${report.format.toUpperCase()}, ${pages}, ${requests})`
  )
  head.push(
    '',
    '| Traffic | Views | Share |',
    '| --- | ---: | ---: |',
    `| Human | ${formatCount(totals.human)} | ${percent(totals.human, totals.total)} |`,
    `| AI | ${formatCount(totals.ai)} | ${percent(totals.ai, totals.total)} |`,
    `| **Total** | **${formatCount(totals.total)}** | ${totals.total > 0 ? '100%' : '–'} |`,
    ''
  )

  const foot: string[] = []
  if (options.runUrl) foot.push('', `[Workflow run](${options.runUrl})`)

  if (report.top.length === 0) {
    return [...head, '_No page views in this range._', ...foot].join('\n')
  }

  const tableHead = [
    `#### Top ${plural(report.top.length, 'page')} by total views`,
    '',
    '| # | Page | Total | Human | AI | AI share |',
    '| ---: | --- | ---: | ---: | ---: | ---: |'
  ]
  const rows = report.top.map(
    (row, index) =>
      `| ${index + 1} | ${tableCell(truncate(row.path, MAX_PATH_CHARS))} | ${formatCount(row.total)} | ` +
      `${formatCount(row.human)} | ${formatCount(row.ai)} | ${percent(row.ai, row.total)} |`
  )

  const max = options.maxChars ?? Infinity
  const fixed = [...head, ...tableHead, ...foot].join('\n').length + 200
  const kept: string[] = []
  let length = fixed
  for (const row of rows) {
    if (length + row.length + 1 > max) break
    kept.push(row)
    length += row.length + 1
  }
  const cut =
    kept.length < rows.length
      ? [
          '',
          `_${rows.length - kept.length} more rows are not shown here (size limit); the file has them._`
        ]
      : []
  return [...head, ...tableHead, ...kept, ...cut, ...foot].join('\n')
}

/** The summary of a failed export: what was asked and why it stopped. */
export function renderFailure(
  message: string,
  context: { projectId?: string; dateFrom?: string; dateTo?: string }
): string {
  const lines = ['### Mintlify page views: export failed', '']
  if (context.projectId) lines.push(`- **Project:** ${codeSpan(context.projectId)}`)
  lines.push(...describeRange(context.dateFrom, context.dateTo), '- **File:** not written', '')
  lines.push(blockQuote(message, 4000))
  return lines.join('\n')
}
