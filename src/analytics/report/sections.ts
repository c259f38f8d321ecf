/** The comparison, searches and feedback sections of the report. */
import type { SearchRow } from '../../mintlify/analytics-types.js'
import { plural } from '../../shared/plural.js'
import { chartAfter, feedbackChart, searchChart } from './charts.js'
import { changePercent, type ComparedRow, type ComparisonSummary } from '../compare/comparison.js'
import { dateCell } from '../../shared/human-dates.js'
import type { FeedbackSummary } from './feedback-summary.js'
import {
  fixed,
  formatCount,
  MAX_PATH_CHARS,
  pathCell,
  percent,
  table,
  type Block
} from './layout.js'
import { readersCell } from './readers-words.js'
import { GAP_MAX_CTR, GAP_MIN_HITS, missedSearches, type SearchSummary } from './search-summary.js'

/** A page that kept a tenth of its views or less: more likely removed or broken than less read. */
const LOST_SHARE = 0.9
const LOST_MARK = '⚠ possibly removed or broken'

function signed(value: number): string {
  return value > 0 ? `+${formatCount(value)}` : formatCount(value)
}

function changeRow(label: string, change: ComparisonSummary['change']['total']): string {
  const pct = change.percent === '' ? '–' : `${change.percent}%`
  return (
    `| ${label} | ${formatCount(change.current)} | ${formatCount(change.previous)} | ` +
    `${signed(change.absolute)} | ${pct} |`
  )
}

function changePercentCell(row: ComparedRow): string {
  if (row.previousTotal === 0) return 'new'
  const pct = `${changePercent(row.total, row.previousTotal)}%`
  const lost = row.previousTotal - row.total >= row.previousTotal * LOST_SHARE
  return lost ? `${pct} ${LOST_MARK}` : pct
}

function changedPages(title: string, rows: readonly ComparedRow[]): Block[] {
  if (rows.length === 0) return []
  const lines = rows.map(
    (row, i) =>
      `| ${i + 1} | ${pathCell(row.path)} | ${formatCount(row.total)} | ` +
      `${row.previousTotal === 0 ? 'new' : formatCount(row.previousTotal)} | ${signed(row.change)} | ` +
      `${changePercentCell(row)} |`
  )
  const columns = '| # | Page | This period | Previous | Change | Change % |'
  return [
    table([`#### ${title}`, '', columns, '| ---: | --- | ---: | ---: | ---: | ---: |'], lines),
    fixed('')
  ]
}

export function comparisonBlocks(comparison: ComparisonSummary): Block[] {
  const { change } = comparison
  return [
    fixed(
      '#### Change since the previous period',
      '',
      '| Traffic | This period | Previous | Change | Change % |',
      '| --- | ---: | ---: | ---: | ---: |',
      changeRow('Human', change.human),
      changeRow('AI', change.ai),
      changeRow('**Total**', change.total),
      '',
      `_${plural(comparison.newPageCount, 'page')} new in this period (no traffic in the previous one)._`,
      ''
    ),
    ...changedPages('Biggest risers', comparison.risers),
    ...changedPages('Biggest fallers', comparison.fallers),
    ...changedPages('New pages', comparison.newPages)
  ]
}

function ctr(row: SearchRow): string {
  return `${(Math.round(row.ctr * 1000) / 10).toFixed(1)}%`
}

function searchTable(title: string, rows: readonly SearchRow[], { missed = false } = {}): Block {
  return table(
    [
      `#### ${title}`,
      '',
      `| # | Term | Searches | Click-through |${missed ? ' Missed |' : ''} Top clicked page | Last searched |`,
      `| ---: | --- | ---: | ---: |${missed ? ' ---: |' : ''} --- | --- |`
    ],
    rows.map(
      (row, i) =>
        `| ${i + 1} | ${readersCell(row.searchQuery, MAX_PATH_CHARS)} | ${formatCount(row.hits)} | ${ctr(row)} | ` +
        (missed ? `${formatCount(Math.round(missedSearches(row)))} | ` : '') +
        `${row.topClickedPage ? pathCell(row.topClickedPage) : '–'} | ${dateCell(row.lastSearchedAt)} |`
    )
  )
}

export function searchBlocks(summary: SearchSummary, { chart }: { chart: boolean }): Block[] {
  const rule = `searched at least ${GAP_MIN_HITS} times with under ${GAP_MAX_CTR * 100}% click-through`
  const blocks: Block[] = [
    fixed(`- **Searches:** ${formatCount(summary.totalSearches)} in the range (all hits)`, '')
  ]
  if (summary.top.length === 0) return [...blocks, fixed('_No searches in this range._')]
  blocks.push(
    searchTable(`Most searched ${plural(summary.top.length, 'term')}`, summary.top),
    ...chartAfter(searchChart(summary.top), chart),
    fixed('')
  )
  const shown = summary.gaps.slice(0, summary.top.length)
  blocks.push(
    shown.length === 0
      ? fixed(`#### Content gaps`, '', `_No term was ${rule}._`)
      : searchTable(
          `Content gaps: ${plural(summary.gapCount, 'term')} ${rule}, most missed searches first ` +
            '(missed: searches × (1 − click-through))',
          shown,
          { missed: true }
        )
  )
  return blocks
}

export function feedbackBlocks(summary: FeedbackSummary, { chart }: { chart: boolean }): Block[] {
  const blocks: Block[] = [
    fixed(
      `- **Entries:** ${formatCount(summary.entries)}, ${formatCount(summary.negative)} of them ` +
        `negative (not helpful: ${percent(summary.negative, summary.entries)})`,
      ''
    )
  ]
  if (summary.pages.length === 0) return [...blocks, fixed('_No negative feedback in this range._')]
  const shown = summary.pages.slice(0, summary.shownRows)
  const heading = `#### Pages with the most negative feedback (${plural(summary.pageCount, 'page')} in all)`
  const rows = shown.map(
    (page, i) =>
      `| ${i + 1} | ${pathCell(page.path)} | ${formatCount(page.negative)} | ` +
      `${page.comments.map(c => `“${readersCell(c.comment, 200)}”`).join(' · ') || '–'} |`
  )
  const columns = ['| # | Page | Not helpful | Latest comments |', '| ---: | --- | ---: | --- |']
  blocks.push(table([heading, '', ...columns], rows), ...chartAfter(feedbackChart(shown), chart))
  return blocks
}
