/** The views and visitors sections, in the order a weekly report is read. */
import type { PageViewRow, ViewTotals } from '../../mintlify/types.js'
import { plural } from '../../shared/plural.js'
import type { ComparisonSummary } from '../compare/comparison.js'
import { chartAfter, topPagesChart } from './charts.js'
import { dailyBlocks, type DailySection } from './daily-section.js'
import { fixed, formatCount, pathCell, percent, table, type Block } from './layout.js'
import { comparisonBlocks } from './sections.js'

export interface TrafficSummary {
  totals: ViewTotals
  top: PageViewRow[]
  comparison?: ComparisonSummary
  daily?: DailySection
}

export type TrafficKind = 'views' | 'visitors'

function totalsTable(totals: ViewTotals, what: TrafficKind): string[] {
  if (what === 'visitors') {
    return [
      '',
      '| Traffic | Visitors |',
      '| --- | ---: |',
      `| Human | ${formatCount(totals.human)} |`,
      `| AI | ${formatCount(totals.ai)} |`,
      `| **Total (each visitor once)** | **${formatCount(totals.total)}** |`,
      '',
      '_A visitor can be counted as human and as AI; the total counts each visitor once, so it is not human + AI._',
      ''
    ]
  }
  return [
    '',
    '| Traffic | Views | Share |',
    '| --- | ---: | ---: |',
    `| Human | ${formatCount(totals.human)} | ${percent(totals.human, totals.total)} |`,
    `| AI | ${formatCount(totals.ai)} | ${percent(totals.ai, totals.total)} |`,
    `| **Total** | **${formatCount(totals.total)}** | ${totals.total > 0 ? '100%' : '–'} |`,
    ''
  ]
}

function topPagesBlocks(top: readonly PageViewRow[], what: TrafficKind): Block[] {
  if (top.length === 0) {
    return [fixed(`_No ${what === 'views' ? 'page views' : 'visitors'} in this range._`)]
  }
  const rows = top.map(
    (row, index) =>
      `| ${index + 1} | ${pathCell(row.path)} | ${formatCount(row.total)} | ` +
      `${formatCount(row.human)} | ${formatCount(row.ai)} | ${percent(row.ai, row.total)} |`
  )
  const heading = `#### Top ${plural(top.length, 'page')} by total ${what}`
  const columns = '| # | Page | Total | Human | AI | AI share |'
  return [table([heading, '', columns, '| ---: | --- | ---: | ---: | ---: | ---: |'], rows)]
}

export function trafficBlocks(
  { totals, top, comparison, daily }: TrafficSummary,
  { what, chart }: { what: TrafficKind; chart: boolean }
): Block[] {
  // No pie of human and AI: it would repeat the three numbers of the table above it.
  return [
    fixed(...totalsTable(totals, what)),
    // Read with `chart: true` or `daily: true` (export/daily.ts); the table stands without a chart.
    ...(daily ? dailyBlocks(daily, what, chart) : []),
    ...(comparison ? comparisonBlocks(comparison) : []),
    ...topPagesBlocks(top, what),
    ...chartAfter(topPagesChart(top, what), chart)
  ]
}
