/**
 * What a dataset is, in one place: the facts the inputs, the log and the report read, how it is read
 * into the file, its outputs (the prompt among them) and its sections of the report. Each dataset
 * declares one spec (datasets/<name>.ts); `defineDataset` keeps its summary's type behind closures,
 * so the registry holds all of them as one type and the run never asks which dataset it has.
 */
import type { DateRange } from '../dates.js'
import type { ExportContext } from '../export/context.js'
import type { Block } from '../report/layout.js'

/** The outputs a dataset may set besides `rows` and `file` (analytics/action.yml declares them). */
export type DatasetOutput =
  'total' | 'human' | 'ai' | 'pages' | 'previous-total' | 'change' | 'prompt'

/** What an export read: rows written, requests made (retries included) and its summary. */
export type DatasetRead<Summary> = { rows: number; requests: number; summary: Summary }

export interface DatasetFacts {
  /** The most rows one request may ask for (the endpoint's `limit` maximum). */
  maxPageSize: number
  /** The default output file, before `.json` or `.csv`. */
  fileStem: string
  /** "page views", for the log. */
  label: string
  /** For the report's title. */
  title: string
  /** What one row of the file is in the report ("page", "term"). */
  rowName: string
  /** Whether `compare: previous` applies (per-page counts with totals). */
  comparable: boolean
  /** The outputs it sets, in the order it sets them. */
  outputs: readonly DatasetOutput[]
}

export interface DatasetSpec<Summary> {
  /** `title` is `label` and `comparable` false unless they say otherwise. */
  facts: Omit<DatasetFacts, 'title' | 'comparable' | 'outputs'> &
    Partial<Pick<DatasetFacts, 'title' | 'comparable'>>
  outputs: readonly DatasetOutput[]
  read(ctx: ExportContext): Promise<DatasetRead<Summary>>
  /** The values of `outputs` (one undefined, or not in `outputs`, is not set). */
  outputValues(read: DatasetRead<Summary>, range: DateRange): Partial<Record<DatasetOutput, string>>
  sections(summary: Summary, options: { chart: boolean }): Block[]
}

/**
 * An export done: its summary behind the outputs (as [name, value], in order, of the range it read)
 * and the sections.
 */
export interface ExportedDataset {
  rows: number
  requests: number
  outputs(): [DatasetOutput, string][]
  sections(options: { chart: boolean }): Block[]
}

export interface DatasetDescriptor extends DatasetFacts {
  export(ctx: ExportContext): Promise<ExportedDataset>
}

export function defineDataset<Summary>(spec: DatasetSpec<Summary>): DatasetDescriptor {
  return {
    title: spec.facts.label,
    comparable: false,
    ...spec.facts,
    outputs: spec.outputs,
    async export(ctx) {
      const read = await spec.read(ctx)
      const range = { dateFrom: ctx.settings.dateFrom, dateTo: ctx.settings.dateTo }
      return {
        rows: read.rows,
        requests: read.requests,
        outputs: () => {
          const values = spec.outputValues(read, range)
          return spec.outputs.flatMap((name): [DatasetOutput, string][] =>
            values[name] === undefined ? [] : [[name, values[name]]]
          )
        },
        sections: options => spec.sections(read.summary, options)
      }
    }
  }
}
