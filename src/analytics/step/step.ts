/**
 * One analytics step as it goes: the budget, the kept answers, each dataset's outcome, the left-out lines.
 */
import type { MintlifyClient } from '../../mintlify/client.js'
import type { Runtime } from '../../shared/runtime.js'
import { datasetFacts, type Dataset } from '../dataset-list.js'
import type { ExportedDataset } from '../datasets/descriptor.js'
import type { RequestBudget } from '../export/budget.js'
import { datasetOf } from '../datasets/registry.js'
import { exportDataset, type ExportContext, type ExportSettings } from '../export/context.js'
import type { DailySection } from '../report/daily-section.js'
import type { AnalyticsSettings } from '../settings.js'
import { KeptAnswers } from './kept-answers.js'
import type { LeftOut } from './plan.js'

export type Ending =
  | { kind: 'written'; exported: ExportedDataset }
  | { kind: 'failed'; message: string }
  | { kind: 'not-read' }

export interface DatasetOutcome {
  name: Dataset
  path: string
  ending: Ending
  /** Requests it made: its rows, then its sections. */
  requests: number
  /** Requests its rows took (the sections' estimates start from them). */
  rowsRequests?: number
  /** Sections read after the rows (several datasets): its file is written again with them. */
  previous?: boolean
  impact?: boolean
  daily?: DailySection
}

export interface Step {
  settings: AnalyticsSettings
  names: Dataset[]
  rt: Runtime
  client: MintlifyClient
  budget: RequestBudget
  kept: KeptAnswers
  outcomes: DatasetOutcome[]
  leftOut: LeftOut[]
  /** Set when a 429 with a long wait stopped the reading: the message. */
  stopped?: string
  /** Set when a dataset's rows did not fit: when the step's first request was made (epoch ms). */
  budgetStartedAt?: number
}

export function newStep(
  settings: AnalyticsSettings,
  { rt, client, budget }: { rt: Runtime; client: MintlifyClient; budget: RequestBudget },
  pathOf: (name: Dataset) => string
): Step {
  const names = settings.datasets
  const outcomes = names.map((name): DatasetOutcome => ({
    name,
    path: pathOf(name),
    ending: { kind: 'not-read' },
    requests: 0
  }))
  return {
    settings,
    names,
    rt,
    client,
    budget,
    kept: new KeptAnswers(client),
    outcomes,
    leftOut: []
  }
}

export function writtenOutcomes(step: Step): (DatasetOutcome & { exported: ExportedDataset })[] {
  return step.outcomes.flatMap(o =>
    o.ending.kind === 'written' ? [{ ...o, exported: o.ending.exported }] : []
  )
}

/**
 * A dataset's own settings: one dataset's page size as given, else its largest (several datasets
 * leave `page-size` empty); the previous period once the plan read it.
 */
export function datasetSettings(step: Step, outcome: DatasetOutcome): ExportSettings {
  const { settings } = step
  if (step.names.length === 1) return settings
  return {
    ...settings,
    pageSize: datasetFacts(outcome.name).maxPageSize,
    previous: outcome.previous ? settings.previous : undefined
  }
}

export function exportOutcome(
  step: Step,
  outcome: DatasetOutcome,
  over: Partial<Omit<ExportContext, 'progress' | 'settings' | 'path'>>
): Promise<ExportedDataset> {
  const { rt, client, budget } = step
  const base = { settings: datasetSettings(step, outcome), path: outcome.path, rt, client, budget }
  return exportDataset({ ...base, ...over }, datasetOf(outcome.name))
}
