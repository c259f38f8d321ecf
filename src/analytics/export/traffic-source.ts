/**
 * Where views and visitors are read from, and how their rows look in the file: what the export
 * (traffic.ts), the points per day (daily.ts), a step's previous period and the impact reads share.
 */
import type { Operation } from '../../mintlify/errors.js'
import type { PageViewRow, PageViewsPage, PageViewsQuery } from '../../mintlify/types.js'
import type { ComparedRow } from '../compare/comparison.js'
import type { TrafficKind } from '../report/traffic-sections.js'
import type { ExportContext } from './context.js'
import { rowFormat, type Field, type RowFormat } from './writers.js'

export interface TrafficSource {
  kind: TrafficKind
  operation: Operation
  read(ctx: ExportContext, query: PageViewsQuery, signal?: AbortSignal): Promise<PageViewsPage>
}

const SOURCES: Record<TrafficKind, TrafficSource> = {
  views: {
    kind: 'views',
    operation: 'get-page-views',
    read: (ctx, query, signal) => ctx.client.getPageViews(query, { signal })
  },
  visitors: {
    kind: 'visitors',
    operation: 'get-visitors',
    read: async (ctx, query, signal) => {
      const { totals, visitors, hasMore } = await ctx.client.getVisitors(query, { signal })
      return { totals, views: visitors, hasMore }
    }
  }
}

export function trafficSource(kind: TrafficKind): TrafficSource {
  return SOURCES[kind]
}

const PAGE_FIELDS: Field<PageViewRow>[] = ['path', 'human', 'ai', 'total']

/** Page views (and visitors, under another key): `path,human,ai,total`. */
export function trafficRows(key: string): RowFormat<PageViewRow> {
  return rowFormat(key, PAGE_FIELDS)
}

export function comparedRows(key: string): RowFormat<ComparedRow> {
  return rowFormat<ComparedRow>(key, [...PAGE_FIELDS, 'previousTotal', 'change'])
}
