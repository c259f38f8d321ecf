/**
 * The views and visitors sections of the report: the totals (visitors deduplicated, so no shares),
 * the comparison when there is one, the top pages and their charts.
 */
import type { PageViewRow, ViewTotals } from '../../mintlify/types.js'
import { plural } from '../../shared/plural.js'
import type { ComparisonSummary } from '../compare/comparison.js'
import { comparisonCharts, shareChart, topPagesChart } from './charts.js'
import { fixed, formatCount, pathCell, percent, table, type Block } from './layout.js'
import { comparisonBlocks } from './sections.js'

/** What a traffic export tallied: the service's totals and the pages with the most total. */
export interface TrafficSummary {
  totals: ViewTotals
  /** The `summaryRows` pages with the most total, best first. */
  top: PageViewRow[]
  comparison?: ComparisonSummary
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

export function trafficBlocks(
  { totals, top, comparison }: TrafficSummary,
  { what, chart }: { what: TrafficKind; chart: boolean }
): Block[] {
  const blocks: Block[] = [fixed(...totalsTable(totals, what))]
  if (comparison) blocks.push(...comparisonBlocks(comparison))
  if (top.length === 0) {
    blocks.push(fixed(`_No ${what === 'views' ? 'page views' : 'visitors'} in this range._`))
  } else {
    const rows = top.map(
      (row, index) =>
        `| ${index + 1} | ${pathCell(row.path)} | ${formatCount(row.total)} | ` +
        `${formatCount(row.human)} | ${formatCount(row.ai)} | ${percent(row.ai, row.total)} |`
    )
    const heading = `#### Top ${plural(top.length, 'page')} by total ${what}`
    const columns = '| # | Page | Total | Human | AI | AI share |'
    blocks.push(table([heading, '', columns, '| ---: | --- | ---: | ---: | ---: | ---: |'], rows))
  }
  if (chart) {
    const charts = [
      // Visitor totals are deduplicated: human and AI shares of them would not add up.
      what === 'views' ? shareChart(totals, 'views') : undefined,
      topPagesChart(top, what),
      ...(comparison ? comparisonCharts(totals, comparison, what) : [])
    ].filter((chart): chart is string => chart !== undefined)
    if (charts.length > 0) blocks.push(fixed('', '#### Charts', '', charts.join('\n\n')))
  }
  return blocks
}
