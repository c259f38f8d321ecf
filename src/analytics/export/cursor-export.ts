/**
 * A cursor dataset (searches, feedback, assistant conversations) into the file and its summary tally.
 * A page that fails is retried with the same cursor (the retry repeats the same query).
 */
import type { CursorQuery } from '../../mintlify/analytics-types.js'
import type { Operation } from '../../mintlify/errors.js'
import type { DatasetRead } from '../datasets/descriptor.js'
import { plural } from '../../shared/plural.js'
import { paginateCursor, type CursorPage } from './cursor-pagination.js'
import { fetchPage, withWriter, type ExportContext } from './context.js'
import type { RowFormat } from './writers.js'

/** How a cursor dataset is read: its request, its rows in the file, its tally and closing fields. */
export interface CursorDataset<Row, Summary> {
  operation: Operation
  rowFormat: RowFormat<Row>
  /** One page from the client, as the cursor loop takes it. */
  read: (query: CursorQuery, signal?: AbortSignal) => Promise<CursorPage<Row>>
  /** Each page's rows, after they are written. */
  tally: (rows: readonly Row[]) => void
  /** The JSON file's fields after the rows. */
  tail: () => Record<string, unknown>
  /** The tally's summary once every page is in. */
  summary: () => Summary
}

/** Pages the dataset into the file; returns the rows written, the requests made and the summary. */
export async function exportCursor<Row, Summary>(
  ctx: ExportContext,
  dataset: CursorDataset<Row, Summary>
): Promise<DatasetRead<Summary>> {
  const { settings, progress, rt } = ctx
  const plan = { dateFrom: settings.dateFrom, dateTo: settings.dateTo, pageSize: settings.pageSize }
  const rows = await withWriter(ctx, dataset.rowFormat, async writeRows => {
    const result = await paginateCursor(
      plan,
      {
        fetchPage: query => {
          const request = { operation: dataset.operation, page: progress.nextPage() }
          return fetchPage(ctx, request, s => dataset.read(query, s))
        },
        sink: async page => {
          await writeRows(page)
          dataset.tally(page)
        }
      },
      info => {
        progress.rowsRead = info.rowsSoFar
        rt.log.info(
          `${progress.label(info.page)}: ${plural(info.rows, 'row')}, ${info.rowsSoFar} so far` +
            (info.more ? '; more to come.' : '; done.')
        )
      }
    )
    return { tail: dataset.tail(), outcome: result.rows }
  })
  return { rows, requests: ctx.budget.used, summary: dataset.summary() }
}
