/**
 * The one report of a step, for the step summary and the comment. One dataset: its report as ever
 * (render.ts). Several: a heading with the range and the requests used of the budget, one section per
 * dataset in the given order (its tables and charts as one dataset's report has them), the impact
 * section, then the left-out lines. Rendering is pure.
 */
import { humanRange } from '../../shared/human-dates.js'
import { blockQuote, codeSpan } from '../../shared/markdown.js'
import { plural } from '../../shared/plural.js'
import type { DateRange } from '../dates.js'
import type { ExportFormat } from '../export/writers.js'
import { impactBlocks, type ImpactSection } from '../impact/section.js'
import { fixed, layout, type Block } from '../report/layout.js'
import {
  describeRange,
  renderReport,
  type ExportReport,
  type RenderOptions
} from '../report/render.js'
import type { RunnerContext } from '../../shared/runner-context.js'
import { datasetFacts } from '../dataset-list.js'
import { displayPath } from '../export/output-path.js'
import type { ImpactRun } from '../impact/run.js'
import { leftOutLine } from './plan.js'
import { exportedOf, type Step } from './step.js'

/** One dataset's part: written (its sections), or why not. */
export interface DatasetPart {
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

/** The step's report: of one dataset, or of several. */
export type StepReport =
  { kind: 'one'; report: ExportReport } | { kind: 'several'; report: SeveralReport }

export function renderStep(step: StepReport, options: RenderOptions = {}): string {
  return step.kind === 'one'
    ? renderReport(step.report, options)
    : renderSeveral(step.report, options)
}

/** What the report shows besides the step: the impact section, the runner, what to do. */
export interface StepExtras {
  impact: ImpactRun | undefined
  context: Pick<RunnerContext, 'workspace'>
  advice: string | undefined
}

export function stepReport(step: Step, { impact, context, advice }: StepExtras): StepReport {
  const { settings } = step
  const range = { dateFrom: settings.dateFrom, dateTo: settings.dateTo }
  const common = { projectId: settings.service.projectId, ...range, format: settings.format }
  const chart = settings.chart
  const parts = step.outcomes.map(outcome => {
    const facts = datasetFacts(outcome.name)
    const exported = exportedOf(outcome)
    return {
      title: facts.title,
      rowName: facts.rowName,
      file: displayPath(context.workspace, outcome.path),
      requests: outcome.requests,
      written: exported && { rows: exported.rows, sections: exported.sections({ chart }) },
      failure: outcome.ending.kind === 'failed' ? outcome.ending.message : undefined
    }
  })
  const [only] = parts
  if (step.names.length === 1 && only.written) {
    const { title, rowName, file, requests, written } = only
    return {
      kind: 'one',
      report: {
        ...common,
        title,
        rowName,
        file,
        requests,
        previous: settings.previous,
        sections: written.sections,
        rowsWritten: written.rows,
        chart,
        impact: impact?.section()
      }
    }
  }
  const host = step.outcomes.find(o => o.impact)
  return {
    kind: 'several',
    report: {
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
  }
}

function renderSeveral(report: SeveralReport, options: RenderOptions): string {
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
