/**
 * Views and visitors: the same offset paging, columns, outputs and sections, each from its own
 * endpoint. A row is a page's `path,human,ai,total`; with `compare: previous` also its previous total
 * and change.
 */
import type { PageViewRow } from '../../mintlify/types.js'
import type { ComparedRow } from '../compare/comparison.js'
import { exportTraffic, type TrafficSource } from '../export/traffic.js'
import type { RowFormat } from '../export/writers.js'
import { trafficBlocks, type TrafficKind, type TrafficSummary } from '../report/traffic-sections.js'
import { defineDataset, type DatasetDescriptor, type DatasetFacts } from './descriptor.js'

export const CSV_COLUMNS = ['path', 'human', 'ai', 'total'] as const

/** One row with its keys in a fixed order and only the documented fields. */
function rowRecord(row: PageViewRow): Record<string, unknown> {
  return { path: row.path, human: row.human, ai: row.ai, total: row.total }
}

/** Page views (and visitors, under another key): `path,human,ai,total`. */
export function trafficRows(key: string): RowFormat<PageViewRow> {
  return { key, columns: CSV_COLUMNS, json: rowRecord, csv: rowRecord }
}

/** With `compare: previous`: the previous total and the absolute change. */
function comparedRows(key: string): RowFormat<ComparedRow> {
  return {
    key,
    columns: [...CSV_COLUMNS, 'previous_total', 'change'],
    json: row => ({ ...rowRecord(row), previousTotal: row.previousTotal, change: row.change }),
    csv: row => ({ ...rowRecord(row), previous_total: row.previousTotal, change: row.change })
  }
}

/** What tells one traffic dataset from the other. */
export interface TrafficDataset {
  facts: Pick<DatasetFacts, 'fileStem' | 'label' | 'title' | 'outputs'>
  source: Pick<TrafficSource, 'operation' | 'read' | 'feedsImpact'>
}

export function trafficDataset(
  kind: TrafficKind,
  { facts, source }: TrafficDataset
): DatasetDescriptor {
  return defineDataset<TrafficSummary>({
    maxPageSize: 250,
    rowName: 'page',
    comparable: true,
    ...facts,
    read: ctx =>
      exportTraffic(ctx, { ...source, rows: trafficRows(kind), comparedRows: comparedRows(kind) }),
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
