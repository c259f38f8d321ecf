/** The points per day: a table and a chart (the previous period as a second line), or why they were not read. */
import { chartAfter, lineChart, SERIES_COLOURS } from './charts.js'
import { axisDay } from '../../shared/human-dates.js'
import { fixed, formatCount, table, type Block } from './layout.js'

export type DailyPoint = { date: string; human: number; ai: number; total: number }

export type DailyStep = 'day' | 'week'

export type DailySection =
  | { points: DailyPoint[]; previous?: DailyPoint[]; step: DailyStep }
  | { skipped: string; step: DailyStep }

/** Dates fit under the axis up to this many points; past it, day numbers. */
const DATED_POINTS_MAX = 10

export const heading = (what: string): string => (what === 'views' ? 'Views' : 'Visitors')

export function dailyBlocks(section: DailySection, what: string, chartOn = true): Block[] {
  const title = `#### ${heading(what)} per ${section.step}`
  if ('skipped' in section) return [fixed(title, '', `_${section.skipped}_`, '')]
  const { points, previous } = section
  const rows = points.map((point, i) => {
    const before = previous?.[i]
    return (
      `| ${axisDay(point.date)} | ${formatCount(point.total)} |` +
      (previous ? ` ${before ? formatCount(before.total) : '–'} |` : '')
    )
  })
  const column = section.step === 'week' ? 'Week' : 'Day'
  const head = previous
    ? [`| ${column} | This period | Previous period |`, '| --- | ---: | ---: |']
    : [`| ${column} | Total |`, '| --- | ---: |']
  const lines = [points.map(p => p.total), ...(previous ? [previous.map(p => p.total)] : [])]
  const chart = lineChart({
    title: previous
      ? `${heading(what)} per ${section.step}: this period (${SERIES_COLOURS.first}) and the previous one (${SERIES_COLOURS.second})`
      : `${heading(what)} per ${section.step}`,
    yAxis: what,
    labels: points.map((p, i) =>
      points.length <= DATED_POINTS_MAX ? axisDay(p.date) : String(i + 1)
    ),
    lines
  })
  // Without a chart (fewer than two points) the table still ends with a blank line.
  return [
    table([title, '', ...head], rows),
    ...(chart && chartOn ? chartAfter(chart, true) : [fixed('')])
  ]
}
