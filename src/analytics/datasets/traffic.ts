/**
 * Views and visitors: one offset export, columns, outputs and sections, each from its own endpoint.
 */
import type { PageViewRow } from '../../mintlify/types.js'
import type { ComparedRow } from '../compare/comparison.js'
import { exportTraffic } from '../export/traffic.js'
import type { TrafficSource } from '../export/traffic-source.js'
import { rowFormat, type Field, type RowFormat } from '../export/writers.js'
import { trafficBlocks, type TrafficKind, type TrafficSummary } from '../report/traffic-sections.js'
import { defineDataset, type DatasetDescriptor } from './descriptor.js'

const PAGE_FIELDS: Field<PageViewRow>[] = ['path', 'human', 'ai', 'total']

/** Page views (and visitors, under another key): `path,human,ai,total`. */
export function trafficRows(key: string): RowFormat<PageViewRow> {
  return rowFormat(key, PAGE_FIELDS)
}

function comparedRows(key: string): RowFormat<ComparedRow> {
  return rowFormat<ComparedRow>(key, [...PAGE_FIELDS, 'previousTotal', 'change'])
}

export const TRAFFIC_ENDPOINTS: Record<
  TrafficKind,
  Pick<TrafficSource, 'operation' | 'read' | 'feedsImpact'>
> = {
  // The impact section reads the range's page views as the export reads them.
  views: {
    operation: 'get-page-views',
    read: (ctx, query, signal) => ctx.client.getPageViews(query, { signal }),
    feedsImpact: true
  },
  visitors: {
    operation: 'get-visitors',
    read: async (ctx, query, signal) => {
      const { totals, visitors, hasMore } = await ctx.client.getVisitors(query, { signal })
      return { totals, views: visitors, hasMore }
    },
    feedsImpact: false
  }
}

function trafficDataset(kind: TrafficKind): DatasetDescriptor {
  return defineDataset<TrafficSummary>(kind, {
    read: ctx =>
      exportTraffic(ctx, {
        ...TRAFFIC_ENDPOINTS[kind],
        kind,
        rows: trafficRows(kind),
        comparedRows: comparedRows(kind)
      }),
    outputValues: ({ rows, summary: { totals, comparison } }) => ({
      total: String(totals.total),
      human: String(totals.human),
      ai: String(totals.ai),
      pages: String(rows),
      'previous-total': comparison && String(comparison.previous.totals.total),
      change: comparison?.change.total.percent
    }),
    sections: (summary, { chart }) => trafficBlocks(summary, { what: kind, chart })
  })
}

export const views = trafficDataset('views')
export const visitors = trafficDataset('visitors')
