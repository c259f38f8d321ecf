/**
 * A cursor dataset (searches, feedback, assistant conversations) into the file and its summary tally.
 * A page that fails is retried with the same cursor (the retry repeats the same query).
 */
import type { CursorQuery } from '../../mintlify/analytics-types.js'
import type { Operation } from '../../mintlify/errors.js'
import { plural } from '../../shared/plural.js'
import { paginateCursor, type CursorPage } from './cursor-pagination.js'
import { fetchPage, withWriter, type DatasetRead, type ExportContext } from './context.js'
import type { RowFormat } from './writers.js'

export interface CursorDataset<Row, Summary> {
  operation: Operation
  rowFormat: RowFormat<Row>
  read: (query: CursorQuery, signal?: AbortSignal) => Promise<CursorPage<Row>>
  tail: (summary: Summary) => Record<string, unknown>
}

export interface Tally<Row, Summary> {
  addAll(rows: readonly Row[]): void
  summary(): Summary
}

export async function exportCursor<Row, Summary>(
  ctx: ExportContext,
  tally: Tally<Row, Summary>,
  dataset: CursorDataset<Row, Summary>
): Promise<DatasetRead<Summary>> {
  const { settings, progress, rt } = ctx
  const plan = { dateFrom: settings.dateFrom, dateTo: settings.dateTo, pageSize: settings.pageSize }
  return withWriter(ctx, dataset.rowFormat, async writeRows => {
    const result = await paginateCursor(
      plan,
      {
        fetchPage: query => {
          const request = { operation: dataset.operation, page: progress.nextPage() }
          return fetchPage(ctx, request, s => dataset.read(query, s))
        },
        sink: async page => {
          await writeRows(page)
          tally.addAll(page)
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
    const summary = tally.summary()
    // Counted here, before the impact section's reads: the flow adds those once itself.
    const outcome = { rows: result.rows, requests: ctx.budget.used, summary }
    return { tail: dataset.tail(summary), outcome }
  })
}
