/** The export report as Markdown, pure. Tables stay beside charts: Mermaid does not render in e-mails. */
import { blockQuote, codeSpan } from '../../shared/markdown.js'
import type { DateRange } from '../dates.js'
import type { ExportFormat } from '../export/writers.js'
import { plural } from '../../shared/plural.js'
import { humanDate, humanRange } from '../../shared/human-dates.js'
import { fixed, layout, type Block } from './layout.js'
import { impactBlocks, type ImpactSection } from '../impact/section.js'

export interface ExportReport extends DateRange {
  projectId: string
  title: string
  rowName: string
  previous?: Required<DateRange>
  sections: Block[]
  rowsWritten: number
  file: string
  format: ExportFormat
  requests: number
  chart?: boolean
  impact?: ImpactSection
}

export interface RenderOptions {
  maxChars?: number
  runUrl?: string
  /** A hidden first line that recognises the comment. */
  marker?: string
}

/** GitHub rejects comment bodies over 65,536 characters. */
export const COMMENT_MAX_CHARS = 65_000
export const REPORT_MARKER = '<!-- mintlify-analytics-export -->'
function describeRange(dateFrom?: string, dateTo?: string): string[] {
  if (dateFrom && dateTo) return [`- **Range:** ${humanRange(dateFrom, dateTo)} (UTC)`]
  // Not sent: the service decides where the range starts or ends.
  const open = 'open-ended (the service decides)'
  return [
    `- **From:** ${dateFrom ? humanDate(dateFrom, true) : open}`,
    `- **To (exclusive):** ${dateTo ? humanDate(dateTo, true) : open}`
  ]
}

export function reportHead(
  heading: string,
  report: DateRange & { projectId: string; previous?: Required<DateRange> },
  { marker }: RenderOptions
): string[] {
  const head = marker ? [marker] : []
  head.push(`### Mintlify ${heading}: project ${codeSpan(report.projectId)}`, '')
  head.push(...describeRange(report.dateFrom, report.dateTo))
  const { previous } = report
  if (previous) head.push(`- **Compared with:** ${humanRange(previous.dateFrom, previous.dateTo)}`)
  return head
}

/** `- **File:** \`page-views.json\` (JSON, 3 pages, 2 requests)`. */
export function fileLine(
  file: string,
  format: ExportFormat,
  { rows, requests }: { rows: string; requests: number }
): string {
  return `- **File:** ${codeSpan(file)} (${format.toUpperCase()}, ${rows}, ${plural(requests, 'request')})`
}

export function renderReport(report: ExportReport, options: RenderOptions = {}): string {
  const head = reportHead(report.title, report, options)
  const rows = plural(report.rowsWritten, report.rowName)
  head.push(fileLine(report.file, report.format, { rows, requests: report.requests }))
  const blocks: Block[] = [fixed(...head), ...report.sections]
  if (report.impact) blocks.push(...impactBlocks(report.impact, { chart: report.chart ?? false }))
  if (options.runUrl) blocks.push(fixed('', `[Workflow run](${options.runUrl})`))
  return layout(blocks, options.maxChars)
}

export function renderFailure(
  message: string,
  context: DateRange & { projectId?: string; title: string; requests?: number }
): string {
  const lines = [`### Mintlify ${context.title}: export failed`, '']
  if (context.projectId) lines.push(`- **Project:** ${codeSpan(context.projectId)}`)
  lines.push(...describeRange(context.dateFrom, context.dateTo), '- **File:** not written')
  if (context.requests) lines.push(`- **Requests made:** ${context.requests}`)
  lines.push('', blockQuote(message, 4000))
  return lines.join('\n')
}
