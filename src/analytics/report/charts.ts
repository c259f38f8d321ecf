/** Mermaid charts where they show a shape the table cannot; labels kept to a safe alphabet. */
import type { SearchRow } from '../../mintlify/analytics-types.js'
import type { PageViewRow } from '../../mintlify/types.js'
import type { NegativePage } from './feedback-summary.js'
import { redact } from './readers-words.js'
import { fixed, type Block } from './layout.js'

const CHART_MAX_BARS = 10
const CHART_MIN_CATEGORIES = 2
export const LABEL_MAX_CHARS = 40
/** Longer labels run together under vertical bars. */
const SHORT_LABEL_CHARS = 8
/** Bars within this share of the largest look equal: no shape the table lacks. */
const FLAT_SHARE = 0.9
/** From here the axis counts in thousands: "800000" reads as nothing. */
const THOUSANDS_FROM = 10_000
/** Mermaid's default first colour nearly vanishes on GitHub's white: blue, then grey. */
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
const chartTitle = (text: string): string =>
  text.replace(/["\p{Cc}\u2028\u2029]/gu, ' ').slice(0, 80)

const number = (value: number): string =>
  Number.isFinite(value) ? String(Math.round(value * 10) / 10) : '0'

type Chart = { title: string; yAxis: string; labels: string[] }

function xyChart(
  { title, yAxis, labels }: Chart,
  kind: 'bar' | 'line',
  series: number[][],
  horizontal = false
): string {
  const thousands = Math.max(0, ...series.flat()) >= THOUSANDS_FROM
  const values = thousands ? series.map(s => s.map(v => v / 1000)) : series
  const top = Math.max(1, ...values.flat())
  return [
    '```mermaid',
    PALETTE,
    horizontal ? 'xychart-beta horizontal' : 'xychart-beta',
    `    title "${chartTitle(title)}"`,
    `    x-axis [${labels.map(label => `"${label}"`).join(', ')}]`,
    `    y-axis "${chartTitle(thousands ? `${yAxis} (thousands)` : yAxis)}" 0 --> ${number(Math.ceil(top * 1.1 * 10) / 10)}`,
    ...values.map(v => `    ${kind} [${v.map(number).join(', ')}]`),
    '```'
  ].join('\n')
}

/** Horizontal when a label is long; none under two labels or when the bars all look equal. */
export function barChart(chart: Chart & { bars: number[] }): string | undefined {
  const { title, yAxis, labels, bars } = chart
  const count = Math.min(labels.length, CHART_MAX_BARS)
  if (count < CHART_MIN_CATEGORIES) return undefined
  const shown = bars.slice(0, count)
  if (Math.min(...shown) >= Math.max(...shown) * FLAT_SHARE && Math.max(...shown) > 0)
    return undefined
  const names = chartLabels(labels.slice(0, count))
  const horizontal = names.some(label => label.length > SHORT_LABEL_CHARS)
  return xyChart({ title, yAxis, labels: names }, 'bar', [shown], horizontal)
}

export function lineChart(chart: Chart & { lines: number[][] }): string | undefined {
  const { title, yAxis, labels, lines } = chart
  if (labels.length < CHART_MIN_CATEGORIES) return undefined
  return xyChart({ title, yAxis, labels: chartLabels(labels) }, 'line', lines)
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
