/**
 * Mermaid charts, right after their table and only where they show a shape the table cannot. Labels come
 * from the service and are reduced to a safe alphabet, so none can end its string or leave the block.
 */
import type { SearchRow } from '../../mintlify/analytics-types.js'
import type { PageViewRow } from '../../mintlify/types.js'
import type { NegativePage } from './feedback-summary.js'
import { redact } from './readers-words.js'
import { fixed, type Block } from './layout.js'

/** Bars a chart shows at most: more are unreadable; the table has the rest. */
const CHART_MAX_BARS = 10
/** Fewer categories than this make no shape: the table says it all. */
const CHART_MIN_CATEGORIES = 2
export const LABEL_MAX_CHARS = 40
/** Labels longer than this would run together under vertical bars. */
const SHORT_LABEL_CHARS = 8
/** Bars all within this share of the largest look equal: they show no shape the table does not. */
const FLAT_SHARE = 0.9
/** From this value up the axis counts in thousands, as "800000" reads as nothing. */
const THOUSANDS_FROM = 10_000
/**
 * The series' colours, named in the titles that tell two lines apart. Mermaid's default first colour
 * is a pale lavender that nearly vanishes on GitHub's white: strong blue first, then grey.
 */
export const SERIES_COLOURS = { first: 'blue', second: 'grey' } as const
const PALETTE =
  '%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "#0969da, #6e7781"}}}}%%'

/** A label that is only letters, digits and `/ . _ -` (anything else becomes `_`), cut with `…`. */
export function chartLabel(text: string): string {
  const safe = text
    .replace(/[^A-Za-z0-9/._ -]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
  const cut = safe.length > LABEL_MAX_CHARS ? `${safe.slice(0, LABEL_MAX_CHARS - 1)}…` : safe
  return cut === '' ? '_' : cut
}

/** Labels made safe and distinct: two long paths cut to the same start get ` 2`, ` 3`… */
function chartLabels(texts: readonly string[]): string[] {
  const seen = new Set<string>()
  return texts.map(text => {
    let label = chartLabel(text)
    for (let n = 2; seen.has(label); n++) {
      const suffix = ` ${n}`
      label = `${chartLabel(text).slice(0, LABEL_MAX_CHARS - suffix.length - 1)}…${suffix}`
    }
    seen.add(label)
    return label
  })
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

function scaled(series: number[][], yAxis: string): { series: number[][]; yAxis: string } {
  const top = Math.max(0, ...series.flat())
  if (top < THOUSANDS_FROM) return { series, yAxis }
  return { series: series.map(s => s.map(v => v / 1000)), yAxis: `${yAxis} (thousands)` }
}

interface XyChart {
  title: string
  yAxis: string
  labels: string[]
  series: { kind: 'bar' | 'line'; values: number[] }[]
  horizontal: boolean
}

function xyChart(chart: XyChart): string {
  const axis = scaled(
    chart.series.map(s => s.values),
    chart.yAxis
  )
  const top = Math.max(1, ...axis.series.flat())
  return fenced([
    PALETTE,
    chart.horizontal ? 'xychart-beta horizontal' : 'xychart-beta',
    `    title "${chartTitle(chart.title)}"`,
    `    x-axis [${chart.labels.map(label => `"${label}"`).join(', ')}]`,
    `    y-axis "${chartTitle(axis.yAxis)}" 0 --> ${number(Math.ceil(top * 1.1 * 10) / 10)}`,
    ...chart.series.map((s, i) => `    ${s.kind} [${axis.series[i]!.map(number).join(', ')}]`)
  ])
}

export interface BarChartData {
  title: string
  yAxis: string
  labels: string[]
  bars: number[]
}

/**
 * Bars for up to CHART_MAX_BARS labels, horizontal when a label is long; none under two labels, and
 * none when the bars all look equal (within a tenth of the largest).
 */
export function barChart({ title, yAxis, labels, bars }: BarChartData): string | undefined {
  const count = Math.min(labels.length, CHART_MAX_BARS)
  if (count < CHART_MIN_CATEGORIES) return undefined
  const shown = bars.slice(0, count)
  if (Math.min(...shown) >= Math.max(...shown) * FLAT_SHARE && Math.max(...shown) > 0)
    return undefined
  const names = chartLabels(labels.slice(0, count))
  return xyChart({
    title,
    yAxis,
    labels: names,
    series: [{ kind: 'bar', values: shown }],
    horizontal: names.some(label => label.length > SHORT_LABEL_CHARS)
  })
}

export function lineChart(data: {
  title: string
  yAxis: string
  labels: string[]
  lines: number[][]
}): string | undefined {
  if (data.labels.length < CHART_MIN_CATEGORIES) return undefined
  return xyChart({
    title: data.title,
    yAxis: data.yAxis,
    labels: chartLabels(data.labels),
    series: data.lines.map(values => ({ kind: 'line' as const, values })),
    horizontal: false
  })
}

export function topPagesChart(top: readonly PageViewRow[], what: string): string | undefined {
  return barChart({
    title: `Top pages by ${what}`,
    yAxis: what,
    labels: top.map(row => row.path),
    bars: top.map(row => row.total)
  })
}

export function searchChart(top: readonly SearchRow[]): string | undefined {
  return barChart({
    title: 'Most searched terms',
    yAxis: 'searches',
    // Readers' words: redacted before the label's safe alphabet would hide what to redact.
    labels: top.map(r => redact(r.searchQuery)),
    bars: top.map(r => r.hits)
  })
}

export function feedbackChart(pages: readonly NegativePage[]): string | undefined {
  return barChart({
    title: 'Pages with the most negative feedback',
    yAxis: 'not helpful',
    labels: pages.map(p => p.path),
    bars: pages.map(p => p.negative)
  })
}

export function chartAfter(chart: string | undefined, on: boolean): Block[] {
  return on && chart ? [fixed('', chart, '')] : []
}
