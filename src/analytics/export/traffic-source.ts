/**
 * Where a views or visitors export reads its pages from, and how its rows look in the file: what
 * the export (traffic.ts) and the points per day (daily.ts) both read.
 */
import type { Operation } from '../../mintlify/errors.js'
import type { PageViewRow, PageViewsPage, PageViewsQuery } from '../../mintlify/types.js'
import type { ComparedRow } from '../compare/comparison.js'
import type { TrafficKind } from '../report/traffic-sections.js'
import type { ExportContext } from './context.js'
import type { RowFormat } from './writers.js'

export interface TrafficSource {
  kind: TrafficKind
  operation: Operation
  read(ctx: ExportContext, query: PageViewsQuery, signal?: AbortSignal): Promise<PageViewsPage>
  rows: RowFormat<PageViewRow>
  comparedRows: RowFormat<ComparedRow>
  /** The rows are the range's page views, which the impact section reads too. */
  feedsImpact: boolean
}
