/**
 * The one report of a step of several datasets, for the step summary and the comment: a heading with
 * the range and the requests used of the budget, one section per dataset in the given order (its
 * tables and charts as one dataset's report has them), the impact section, then the left-out lines.
 * Pure.
 */
import { humanRange } from '../../shared/human-dates.js'
import { blockQuote, codeSpan } from '../../shared/markdown.js'
import { plural } from '../../shared/plural.js'
import type { DateRange } from '../dates.js'
import type { ExportFormat } from '../export/writers.js'
import { impactBlocks, type ImpactSection } from '../impact/section.js'
import { fixed, layout, type Block } from '../report/layout.js'
import { describeRange, type RenderOptions } from '../report/render.js'

/** One dataset's part: written (its sections), or why not. */
interface DatasetPart {
  /** "page views", as one dataset's report title says it. */
  title: string
  rowName: string
  /** The file as the user should read it. */
  file: string
  requests: number
  /** Written: its rows and sections. */
  written?: { rows: number; sections: Block[] }
  /** Not written: the message (its rows did not fit, a read failed). */
  failure?: string
}

export interface SeveralReport extends DateRange {
  projectId: string
  format: ExportFormat
  /** The previous period, when one dataset's was read. */
  previous?: Required<DateRange>
  parts: DatasetPart[]
  impact?: ImpactSection
  chart: boolean
  /** One line each (plan.ts leftOutLine). */
  leftOut: string[]
  /** What to do when a dataset's rows did not fit (shortfall.ts). */
  advice?: string
  requests: number
  budget: number
}

const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

function partBlocks(part: DatasetPart, format: ExportFormat): Block[] {
  const title = `### ${capital(part.title)}`
  if (!part.written) {
    const why = part.failure ?? 'Not read: the step stopped before it.'
    return [fixed(title, '', '- **File:** not written', '', blockQuote(why, 2000), '')]
  }
  const rows = plural(part.written.rows, part.rowName)
  const requests = plural(part.requests, 'request')
  const file = `- **File:** ${codeSpan(part.file)} (${format.toUpperCase()}, ${rows}, ${requests})`
  return [fixed(title, '', file), ...part.written.sections]
}

export function renderSeveral(report: SeveralReport, options: RenderOptions = {}): string {
  const head: string[] = []
  if (options.marker) head.push(options.marker)
  head.push(`### Mintlify analytics: project ${codeSpan(report.projectId)}`, '')
  head.push(...describeRange(report.dateFrom, report.dateTo))
  if (report.previous) {
    head.push(
      `- **Compared with:** ${humanRange(report.previous.dateFrom, report.previous.dateTo)}`
    )
  }
  head.push(`- **Requests:** ${report.requests} of ${plural(report.budget, 'request')}`, '')
  const blocks: Block[] = [fixed(...head)]
  for (const part of report.parts) blocks.push(...partBlocks(part, report.format))
  if (report.impact) blocks.push(...impactBlocks(report.impact, { chart: report.chart }))
  if (report.leftOut.length > 0) {
    blocks.push(
      fixed(
        '#### Left out (the request budget)',
        '',
        ...report.leftOut.map(line => `- ${line}`),
        ''
      )
    )
  }
  if (report.advice) blocks.push(fixed(`**What to do:** ${report.advice}`, ''))
  if (options.runUrl) blocks.push(fixed('', `[Workflow run](${options.runUrl})`))
  return layout(blocks, options.maxChars)
}
