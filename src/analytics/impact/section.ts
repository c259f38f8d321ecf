/** "Did last period's changes help?" as Markdown blocks, pure. */
import { barChart } from '../report/charts.js'
import { changePercent } from '../compare/comparison.js'
import { fixed, formatCount, table, type Block } from '../report/layout.js'
import { codeSpan, tableCell, truncate } from '../../shared/markdown.js'
import { dateCell, humanRange } from '../../shared/human-dates.js'
import { plural } from '../../shared/plural.js'
import { distinctPages, MAX_PULLS, sums, type ImpactResult, type Sums } from './figures.js'
import type { ImpactPeriods } from './periods.js'

const IMPACT_HEADING = "#### Did last period's changes help?"
const TITLE_MAX_CHARS = 80
const COLUMNS =
  '| Pull request | Merged | Pages | Views before → after | Negative share before → after |'

export type ImpactSection =
  | { periods: ImpactPeriods; repository: string; result: ImpactResult }
  | { periods: ImpactPeriods; repository: string; unavailable: string }

export function shareCell(share: number | null): string {
  return share === null ? '–' : `${(Math.round(share * 1000) / 10).toFixed(1)}%`
}

/** `1,200 → 1,500 (+300, +25.0%)`; no percent when the baseline had no views. */
export function viewsCell({ before, after }: Sums['views']): string {
  const change = after - before
  const signed = change > 0 ? `+${formatCount(change)}` : formatCount(change)
  const percent = changePercent(after, before)
  return `${formatCount(before)} → ${formatCount(after)} (${signed}${percent ? `, ${percent}%` : ''})`
}

function negativeCell({ before, after }: Sums['negative']): string {
  return `${shareCell(before)} → ${shareCell(after)}`
}

function intro(section: ImpactSection): string {
  const { previous, baseline, range } = section.periods
  const span = (p: { dateFrom: string; dateTo: string }): string => humanRange(p.dateFrom, p.dateTo)
  return (
    `Pull requests of ${codeSpan(section.repository)} merged ${span(previous)}; their pages ` +
    `before (${span(baseline)}) and after (${span(range)}, this report). Views are human + AI; ` +
    'the negative share is thumbs down over all feedback of the pages the service ranks ("–": not ranked).'
  )
}

export function impactBlocks(section: ImpactSection, { chart }: { chart: boolean }): Block[] {
  const head = fixed('', IMPACT_HEADING, '', intro(section), '')
  if ('unavailable' in section) return [head, fixed(`_${section.unavailable}_`, '')]
  const { result } = section
  const notes = [
    result.withoutPages > 0 &&
      `_${plural(result.withoutPages, 'pull request')} merged then touched no page (not in the table)._`,
    result.more > 0 &&
      `_And ${plural(result.more, 'more pull request')} merged then (only the latest ${MAX_PULLS} are read)._`
  ].filter(note => note !== false)
  if (result.pulls.length === 0) {
    const none =
      notes.length === 0 ? ['_No pull request was merged in the previous period._'] : notes
    return [head, fixed(...none, '')]
  }
  const rows = result.pulls.map(pull => {
    const title = tableCell(truncate(pull.title, TITLE_MAX_CHARS))
    const figures = sums(pull.pages)
    return (
      `| [#${pull.number}](${pull.url}) ${title} | ${dateCell(pull.mergedAt)} | ` +
      `${pull.pages.length} | ${viewsCell(figures.views)} | ${negativeCell(figures.negative)} |`
    )
  })
  const pages = distinctPages(result)
  const total = sums(pages)
  const blocks: Block[] = [
    head,
    table([COLUMNS, '| --- | --- | ---: | --- | --- |'], rows),
    fixed(
      // One pull request's row is its own total: a second line would only repeat it.
      ...(result.pulls.length > 1
        ? [
            `| **All ${plural(pages.length, 'page')} (each once)** | | ${pages.length} | ` +
              `${viewsCell(total.views)} | ${negativeCell(total.negative)} |`
          ]
        : []),
      '',
      ...notes,
      ...(notes.length > 0 ? [''] : [])
    )
  ]
  if (chart) blocks.push(...impactChart(result))
  return blocks
}

/** A bar before and one after for each PR, so both periods stay visible. */
function impactChart(result: ImpactResult): Block[] {
  if (result.pulls.length < 2) return []
  const source = barChart({
    title: "Views of each PR's pages: before (the baseline) and after (this report)",
    yAxis: 'views',
    labels: result.pulls.flatMap(pull => [`PR ${pull.number} before`, `PR ${pull.number} after`]),
    bars: result.pulls.flatMap(pull => Object.values(sums(pull.pages).views))
  })
  return source ? [fixed(source, '')] : []
}
