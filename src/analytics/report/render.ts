/**
 * The export report as Markdown, for the step summary and the optional comment. Pure. Paths, terms
 * and comments come from the service and are untrusted: they are rendered inert (no mentions, links
 * or HTML), and charts get labels of a safe alphabet (charts.ts). The tables stay complete beside
 * the charts: Mermaid does not render in notification e-mails or the mobile app.
 */
import type { PageViewRow, ViewTotals } from '../../mintlify/types.js'
import { blockQuote, codeSpan } from '../../shared/markdown.js'
import type { ExportFormat } from '../settings.js'
import { plural } from '../../shared/plural.js'
import type { Dataset } from '../datasets.js'
import type { ComparisonSummary } from '../compare/comparison.js'
import type { SearchSummary } from './search-summary.js'
import type { FeedbackSummary } from './feedback-summary.js'
import type { AssistantSummary } from './assistant-summary.js'
import { assistantBlocks } from './assistant-sections.js'
import { comparisonCharts, shareChart, topPagesChart } from './charts.js'
import { fixed, formatCount, layout, pathCell, percent, table, type Block } from './layout.js'

export { formatCount, percent } from './layout.js'
import { comparisonBlocks, feedbackBlocks, searchBlocks } from './sections.js'
import { impactBlocks, type ImpactSection } from '../impact/section.js'

export interface ExportReport {
  projectId: string
  dateFrom?: string
  dateTo?: string
  /** Default `views`. */
  dataset?: Dataset
  /** Views and visitors: the service's totals and the pages with the most total, best first. */
  totals?: ViewTotals
  top?: readonly PageViewRow[]
  comparison?: ComparisonSummary
  searches?: SearchSummary
  feedback?: FeedbackSummary
  assistant?: AssistantSummary
  rowsWritten: number
  /** The file as the user should read it (relative to the workspace when inside it). */
  file: string
  format: ExportFormat
  requests: number
  /** Mermaid charts beside the tables. */
  chart?: boolean
  /** With `impact: true`: "Did last period's changes help?". */
  impact?: ImpactSection
}

export interface RenderOptions {
  /** Cut the tables so the whole text stays under this many characters. */
  maxChars?: number
  /** A link to the workflow run, for the comment. */
  runUrl?: string
  /** A hidden line first, so the comment can be recognised. */
  marker?: string
}

/** GitHub rejects comment bodies over 65,536 characters. */
export const COMMENT_MAX_CHARS = 65_000
export const REPORT_MARKER = '<!-- mintlify-analytics-export -->'
const TITLES: Record<Dataset, string> = {
  views: 'page views',
  visitors: 'unique visitors',
  searches: 'search terms',
  feedback: 'feedback',
  assistant: 'assistant questions'
}
const ROW_NAMES: Record<Dataset, string> = {
  views: 'page',
  visitors: 'page',
  searches: 'term',
  feedback: 'entry',
  assistant: 'conversation'
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
  const dataset = report.dataset ?? 'views'
  const head: string[] = []
  if (options.marker) head.push(options.marker)
  head.push(`### Mintlify ${TITLES[dataset]}: project ${codeSpan(report.projectId)}`, '')
  head.push(...describeRange(report.dateFrom, report.dateTo))
  if (report.comparison) {
    const { dateFrom, dateTo } = report.comparison.previous
    head.push(`- **Compared with:** ${codeSpan(dateFrom)} to ${codeSpan(dateTo)} (exclusive)`)
  }
  const rows = plural(report.rowsWritten, ROW_NAMES[dataset])
  const requests = plural(report.requests, 'request')
  head.push(
    `- **File:** ${codeSpan(report.file)} (${report.format.toUpperCase()}, ${rows}, ${requests})`
  )

  const blocks: Block[] = [fixed(...head)]
  const withCharts = { chart: report.chart ?? false }
  if (dataset === 'searches' && report.searches) {
    blocks.push(...searchBlocks(report.searches, withCharts))
  } else if (dataset === 'feedback' && report.feedback) {
    blocks.push(...feedbackBlocks(report.feedback, withCharts))
  } else if (dataset === 'assistant' && report.assistant) {
    blocks.push(...assistantBlocks(report.assistant, withCharts))
  } else {
    blocks.push(...trafficBlocks(report, dataset === 'visitors' ? 'visitors' : 'views'))
  }
  if (report.impact) blocks.push(...impactBlocks(report.impact, withCharts))
  if (options.runUrl) blocks.push(fixed('', `[Workflow run](${options.runUrl})`))
  return layout(blocks, options.maxChars)
}

function totalsTable(totals: ViewTotals, what: 'views' | 'visitors'): string[] {
  if (what === 'visitors') {
    return [
      '',
      '| Traffic | Visitors |',
      '| --- | ---: |',
      `| Human | ${formatCount(totals.human)} |`,
      `| AI | ${formatCount(totals.ai)} |`,
      `| **Total (each visitor once)** | **${formatCount(totals.total)}** |`,
      '',
      '_A visitor can be counted as human and as AI; the total counts each visitor once, so it is not human + AI._',
      ''
    ]
  }
  return [
    '',
    '| Traffic | Views | Share |',
    '| --- | ---: | ---: |',
    `| Human | ${formatCount(totals.human)} | ${percent(totals.human, totals.total)} |`,
    `| AI | ${formatCount(totals.ai)} | ${percent(totals.ai, totals.total)} |`,
    `| **Total** | **${formatCount(totals.total)}** | ${totals.total > 0 ? '100%' : '–'} |`,
    ''
  ]
}

function trafficBlocks(report: ExportReport, what: 'views' | 'visitors'): Block[] {
  const totals = report.totals ?? { human: 0, ai: 0, total: 0 }
  const top = report.top ?? []
  const blocks: Block[] = [fixed(...totalsTable(totals, what))]
  if (report.comparison) blocks.push(...comparisonBlocks(report.comparison))
  if (top.length === 0) {
    blocks.push(fixed(`_No ${what === 'views' ? 'page views' : 'visitors'} in this range._`))
  } else {
    const rows = top.map(
      (row, index) =>
        `| ${index + 1} | ${pathCell(row.path)} | ${formatCount(row.total)} | ` +
        `${formatCount(row.human)} | ${formatCount(row.ai)} | ${percent(row.ai, row.total)} |`
    )
    const heading = `#### Top ${plural(top.length, 'page')} by total ${what}`
    const columns = '| # | Page | Total | Human | AI | AI share |'
    blocks.push(table([heading, '', columns, '| ---: | --- | ---: | ---: | ---: | ---: |'], rows))
  }
  if (report.chart) {
    const charts = [
      // Visitor totals are deduplicated: human and AI shares of them would not add up.
      what === 'views' ? shareChart(totals, 'views') : undefined,
      topPagesChart(top, what),
      ...(report.comparison ? comparisonCharts(totals, report.comparison, what) : [])
    ].filter((chart): chart is string => chart !== undefined)
    if (charts.length > 0) blocks.push(fixed('', '#### Charts', '', charts.join('\n\n')))
  }
  return blocks
}

/** The summary of a failed export: what was asked and why it stopped. */
export function renderFailure(
  message: string,
  context: {
    projectId?: string
    dateFrom?: string
    dateTo?: string
    dataset?: Dataset
    /** Requests made before it stopped. */
    requests?: number
  }
): string {
  const lines = [`### Mintlify ${TITLES[context.dataset ?? 'views']}: export failed`, '']
  if (context.projectId) lines.push(`- **Project:** ${codeSpan(context.projectId)}`)
  lines.push(...describeRange(context.dateFrom, context.dateTo), '- **File:** not written')
  if (context.requests) lines.push(`- **Requests made:** ${context.requests}`)
  lines.push('')
  lines.push(blockQuote(message, 4000))
  return lines.join('\n')
}
