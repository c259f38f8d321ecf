/**
 * Mermaid chart sources for the report (GitHub renders them in step summaries and comments). They
 * stand beside the tables, never instead of them. Labels come from the service (page paths, search
 * terms) and are reduced to a safe alphabet, so no label can end its string, start a directive or
 * leave the code block.
 */
import type { SearchRow } from '../../mintlify/analytics-types.js'
import type { PageViewRow, ViewTotals } from '../../mintlify/types.js'
import type { NegativePage } from './feedback-summary.js'
import type { ComparisonSummary } from '../compare/comparison.js'
import { redact } from './readers-words.js'

/** Bars a chart shows at most: more are unreadable; the table has the rest. */
export const CHART_MAX_BARS = 10
const LABEL_MAX_CHARS = 32

/** A label that is only letters, digits and `/ . _ -` (anything else becomes `_`), cut short. */
export function chartLabel(text: string): string {
  const safe = text
    .replace(/[^A-Za-z0-9/._ -]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
  const cut = safe.length > LABEL_MAX_CHARS ? `${safe.slice(0, LABEL_MAX_CHARS - 3)}...` : safe
  return cut === '' ? '_' : cut
}

/** Our own titles and axis names: no quote, line break or control character can reach the source. */
function chartTitle(text: string): string {
  return text.replace(/["\p{Cc}\u2028\u2029]/gu, ' ').slice(0, 80)
}

function fenced(lines: string[]): string {
  return ['```mermaid', ...lines, '```'].join('\n')
}

function number(value: number): string {
  return Number.isFinite(value) ? String(Math.round(value * 10) / 10) : '0'
}

function axis(labels: string[]): string {
  return `[${labels.map(label => `"${chartLabel(label)}"`).join(', ')}]`
}

/** Human against AI share of the total (views only: visitor totals are deduplicated). */
export function shareChart(totals: ViewTotals, what: string): string | undefined {
  if (totals.human + totals.ai <= 0) return undefined
  return fenced([
    `pie title Human and AI ${what}`,
    `    "Human" : ${number(totals.human)}`,
    `    "AI" : ${number(totals.ai)}`
  ])
}

/** What a bar chart shows: a value per label, and optionally a second series (drawn as a line). */
export interface BarChartData {
  title: string
  yAxis: string
  labels: string[]
  bars: number[]
  line?: number[]
}

/** A bar chart of up to CHART_MAX_BARS labelled values, with an optional second series as a line. */
export function barChart({ title, yAxis, labels, bars, line }: BarChartData): string | undefined {
  const count = Math.min(labels.length, CHART_MAX_BARS)
  if (count === 0) return undefined
  const top = Math.max(1, ...bars.slice(0, count), ...(line ?? []).slice(0, count))
  const lines = [
    'xychart-beta',
    `    title "${chartTitle(title)}"`,
    `    x-axis ${axis(labels.slice(0, count))}`,
    `    y-axis "${chartTitle(yAxis)}" 0 --> ${number(Math.ceil(top * 1.1))}`,
    `    bar [${bars.slice(0, count).map(number).join(', ')}]`
  ]
  if (line) lines.push(`    line [${line.slice(0, count).map(number).join(', ')}]`)
  return fenced(lines)
}

export function topPagesChart(top: readonly PageViewRow[], what: string): string | undefined {
  return barChart({
    title: `Top pages by ${what} (bars: ${what} per page)`,
    yAxis: what,
    labels: top.map(row => row.path),
    bars: top.map(row => row.total)
  })
}

/** This period (bars) against the previous one (line): the totals, then the risers. */
export function comparisonCharts(
  totals: ViewTotals,
  comparison: ComparisonSummary,
  what: string
): string[] {
  const before = comparison.previous.totals
  const charts = [
    barChart({
      title: `${what}: this period (bars) and the previous one (line)`,
      yAxis: what,
      labels: ['Human', 'AI', 'Total'],
      bars: [totals.human, totals.ai, totals.total],
      line: [before.human, before.ai, before.total]
    }),
    barChart({
      title: 'Biggest risers: this period (bars) and the previous one (line)',
      yAxis: what,
      labels: comparison.risers.map(row => row.path),
      bars: comparison.risers.map(row => row.total),
      line: comparison.risers.map(row => row.previousTotal)
    })
  ]
  return charts.filter((chart): chart is string => chart !== undefined)
}

/** One bar chart of labelled items (terms by searches, pages by negative feedback), or none. */
export function itemCharts<T>({
  title,
  yAxis,
  items,
  label,
  value
}: {
  title: string
  yAxis: string
  items: readonly T[]
  label: (item: T) => string
  value: (item: T) => number
}): string[] {
  const chart = barChart({ title, yAxis, labels: items.map(label), bars: items.map(value) })
  return chart ? [chart] : []
}

export function searchCharts(top: readonly SearchRow[]): string[] {
  return itemCharts({
    title: 'Most searched terms (bars: searches per term)',
    yAxis: 'searches',
    items: top,
    // Readers' words: redacted before the label's safe alphabet would hide what to redact.
    label: r => redact(r.searchQuery),
    value: r => r.hits
  })
}

export function feedbackCharts(pages: readonly NegativePage[]): string[] {
  return itemCharts({
    title: 'Pages with the most negative feedback (bars: not-helpful votes)',
    yAxis: 'not helpful',
    items: pages,
    label: p => p.path,
    value: p => p.negative
  })
}
