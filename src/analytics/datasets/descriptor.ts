/**
 * How a dataset is read and reported. `defineDataset` keeps its summary's type behind closures, so the
 * registry holds every dataset as one type and the run never asks which dataset it has.
 */
import { datasetFacts, type Dataset, type DatasetOutput } from '../dataset-list.js'
import type { DateRange } from '../dates.js'
import type { DatasetRead, ExportContext } from '../export/context.js'
import type { Block } from '../report/layout.js'

export interface DatasetSpec<Summary> {
  read(ctx: ExportContext): Promise<DatasetRead<Summary>>
  /** The values of its facts' `outputs` (one undefined, or not in `outputs`, is not set). */
  outputValues(read: DatasetRead<Summary>, range: DateRange): Partial<Record<DatasetOutput, string>>
  sections(summary: Summary, options: { chart: boolean }): Block[]
}

export interface ExportedDataset {
  rows: number
  requests: number
  files: string[]
  outputs(): [DatasetOutput, string][]
  sections(options: { chart: boolean }): Block[]
}

export interface DatasetDescriptor {
  export(ctx: ExportContext): Promise<ExportedDataset>
}

export function defineDataset<Summary>(
  name: Dataset,
  spec: DatasetSpec<Summary>
): DatasetDescriptor {
  const { outputs } = datasetFacts(name)
  return {
    async export(ctx) {
      const read = await spec.read(ctx)
      const range = { dateFrom: ctx.settings.dateFrom, dateTo: ctx.settings.dateTo }
      return {
        rows: read.rows,
        requests: read.requests,
        files: read.files ?? [],
        outputs: () => {
          const values = spec.outputValues(read, range)
          return outputs.flatMap((output): [DatasetOutput, string][] =>
            values[output] === undefined ? [] : [[output, values[output]]]
          )
        },
        sections: options => spec.sections(read.summary, options)
      }
    }
  }
}
