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

/** Where a traffic dataset's pages come from, and how its rows look in the file. */
export interface TrafficSource {
  /** Views or visitors, as the report and the log name them. */
  kind: TrafficKind
  operation: Operation
  /** One page of the endpoint, as the offset loop takes it. */
  read(ctx: ExportContext, query: PageViewsQuery, signal?: AbortSignal): Promise<PageViewsPage>
  rows: RowFormat<PageViewRow>
  /** The rows with `compare: previous`. */
  comparedRows: RowFormat<ComparedRow>
  /** The rows are the range's page views, which the impact section reads too. */
  feedsImpact: boolean
}
