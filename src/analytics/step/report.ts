/**
 * The one report of a step, for the summary and the comment: one dataset's as ever (render.ts), or
 * several's, with the budget used and the left-out lines.
 */
import { blockQuote } from '../../shared/markdown.js'
import { plural } from '../../shared/plural.js'
import type { DateRange } from '../dates.js'
import type { ExportFormat } from '../export/writers.js'
import { impactBlocks, type ImpactSection } from '../impact/section.js'
import { fixed, layout, type Block } from '../report/layout.js'
import {
  fileLine,
  renderReport,
  reportHead,
  type ExportReport,
  type RenderOptions
} from '../report/render.js'
import type { RunnerContext } from '../../shared/runner-context.js'
import { datasetFacts } from '../dataset-list.js'
import { displayPath } from '../export/output-path.js'
import type { ImpactRun } from '../impact/run.js'
import { leftOutLine } from './plan.js'
import type { Ending, Step } from './step.js'

interface DatasetPart {
  title: string
  rowName: string
  file: string
  requests: number
  ending:
    { kind: 'written'; rows: number; sections: Block[] } | Exclude<Ending, { kind: 'written' }>
}

interface SeveralReport extends DateRange {
  projectId: string
  format: ExportFormat
  previous?: Required<DateRange>
  parts: DatasetPart[]
  impact?: ImpactSection
  chart: boolean
  leftOut: string[]
  advice?: string
  requests: number
  budget: number
}

const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

function partBlocks(part: DatasetPart, format: ExportFormat): Block[] {
  const title = `### ${capital(part.title)}`
  const { ending } = part
  if (ending.kind !== 'written') {
    const why = ending.kind === 'failed' ? ending.message : 'Not read: the step stopped before it.'
    return [fixed(title, '', '- **File:** not written', '', blockQuote(why, 2000), '')]
  }
  const rows = plural(ending.rows, part.rowName)
  const file = fileLine(part.file, format, { rows, requests: part.requests })
  return [fixed(title, '', file), ...ending.sections]
}

export interface StepExtras {
  impact: ImpactRun | undefined
  context: Pick<RunnerContext, 'workspace'>
  advice: string | undefined
}

export function stepReport(
  step: Step,
  { impact, context, advice }: StepExtras
): (options: RenderOptions) => string {
  const { settings } = step
  const range = { dateFrom: settings.dateFrom, dateTo: settings.dateTo }
  const common = { projectId: settings.service.projectId, ...range, format: settings.format }
  const chart = settings.chart
  const parts = step.outcomes.map(({ name, path, requests, ending }): DatasetPart => {
    const { title, rowName } = datasetFacts(name)
    const file = displayPath(context.workspace, path)
    const part = { title, rowName, file, requests }
    if (ending.kind !== 'written') return { ...part, ending }
    const { rows, sections } = ending.exported
    return { ...part, ending: { kind: 'written', rows, sections: sections({ chart }) } }
  })
  const [only] = parts
  if (step.names.length === 1 && only.ending.kind === 'written') {
    const { ending, ...part } = only
    const report: ExportReport = {
      ...common,
      ...part,
      previous: settings.previous,
      sections: ending.sections,
      rowsWritten: ending.rows,
      chart,
      impact: impact?.section()
    }
    return options => renderReport(report, options)
  }
  const host = step.outcomes.find(o => o.impact)
  const report: SeveralReport = {
    ...common,
    previous: step.outcomes.some(o => o.previous) ? settings.previous : undefined,
    parts,
    impact: impact && (host || !impact.tap) ? impact.section() : undefined,
    chart,
    leftOut: step.leftOut.map(leftOutLine),
    advice,
    requests: step.budget.used,
    budget: step.budget.limit
  }
  return options => renderSeveral(report, options)
}

function renderSeveral(report: SeveralReport, options: RenderOptions): string {
  const head = reportHead('analytics', report, options)
  head.push(`- **Requests:** ${report.requests} of ${plural(report.budget, 'request')}`, '')
  const blocks: Block[] = [fixed(...head)]
  for (const part of report.parts) blocks.push(...partBlocks(part, report.format))
  if (report.impact) blocks.push(...impactBlocks(report.impact, { chart: report.chart }))
  if (report.leftOut.length > 0) {
    const lines = report.leftOut.map(line => `- ${line}`)
    blocks.push(fixed('#### Left out (the request budget)', '', ...lines, ''))
  }
  if (report.advice) blocks.push(fixed(`**What to do:** ${report.advice}`, ''))
  if (options.runUrl) blocks.push(fixed('', `[Workflow run](${options.runUrl})`))
  return layout(blocks, options.maxChars)
}
