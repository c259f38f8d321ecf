/** Views and visitors: one export, outputs and sections, each from its own endpoint. */
import { exportTraffic } from '../export/traffic.js'
import { trafficSource } from '../export/traffic-source.js'
import { trafficBlocks, type TrafficKind, type TrafficSummary } from '../report/traffic-sections.js'
import { defineDataset, type DatasetDescriptor } from './descriptor.js'

function trafficDataset(kind: TrafficKind): DatasetDescriptor {
  return defineDataset<TrafficSummary>(kind, {
    read: ctx => exportTraffic(ctx, trafficSource(kind)),
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
