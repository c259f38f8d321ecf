/**
 * The views per day: each point the `totals` of a one-day range read with `limit=1` (a point a week past
 * 31 days). Read last, within what the budget has left: a chart that does not fit is left out with one
 * line, and nothing else changes. With `format: csv` they go to their own file beside the export's
 * (`page-views-daily.csv`); the JSON file holds them itself.
 */
import { stringify } from 'csv-stringify/sync'
import { dirname, join } from 'node:path'
import { DATE, parseDate } from '../../shared/dates.js'
import { DAY_MS } from '../../shared/duration.js'
import { getErrorMessage } from '../../shared/errors.js'
import { plural } from '../../shared/plural.js'
import { datasetFacts } from '../dataset-list.js'
import { formatInstant } from '../dates.js'
import {
  heading,
  type DailyPoint,
  type DailySection,
  type DailyStep
} from '../report/daily-section.js'
import { AtomicFile } from './atomic-file.js'
import { RequestBudgetExceeded } from './budget.js'
import { fetchPage, type ExportContext, type ExportSettings } from './context.js'
import type { TrafficSource } from './traffic-source.js'

/** Up to this many days a point a day; longer ranges a point a week. */
const DAILY_MAX_DAYS = 31

type Span = { dateFrom: string; dateTo: string }

function instant(value: string): number {
  return parseDate(value, new Date())?.instant ?? Number.NaN
}

function dailySpans(from: string, to: string): { spans: Span[]; step: DailyStep } {
  const start = instant(from)
  const end = instant(to)
  const days = Math.ceil((end - start) / DAY_MS)
  const step = days > DAILY_MAX_DAYS ? 'week' : 'day'
  const stepMs = step === 'week' ? 7 * DAY_MS : DAY_MS
  const whole = DATE.test(from) && start % DAY_MS === 0 && end % DAY_MS === 0
  const text = (ms: number): string => formatInstant(ms, whole)
  const spans: Span[] = []
  for (let at = start; at < end; at += stepMs) {
    spans.push({ dateFrom: text(at), dateTo: text(Math.min(at + stepMs, end)) })
  }
  return { spans, step }
}

/**
 * The requests the points need (one a point, both periods with `compare: previous`); 0 when they are
 * not read: `daily: false`, a date missing, or `auto` without charts.
 */
export function dailyRequests(settings: ExportSettings): number {
  const { daily = 'auto', dateFrom, dateTo } = settings
  if (daily === 'false' || !dateFrom || !dateTo) return 0
  if (daily === 'auto' && !settings.chart) return 0
  return dailySpans(dateFrom, dateTo).spans.length * (settings.previous ? 2 : 1)
}

async function readPoints(
  ctx: ExportContext,
  source: TrafficSource,
  spans: Span[]
): Promise<DailyPoint[]> {
  const points: DailyPoint[] = []
  for (const span of spans) {
    const request = { operation: source.operation, page: `Per-day point ${span.dateFrom}` }
    const page = await fetchPage(ctx, request, signal =>
      source.read(ctx, { ...span, limit: 1, offset: 0 }, signal)
    )
    points.push({ date: span.dateFrom, ...page.totals })
  }
  return points
}

function notRead(error: unknown): string {
  return error instanceof RequestBudgetExceeded
    ? `its reads, retries included, ran past the ${error.limit}-request budget`
    : `a point could not be read (${getErrorMessage(error)})`
}

/** The points of the range (and of the previous period), or why they were not read; none without a chart. */
export async function readDaily(
  ctx: ExportContext,
  source: TrafficSource
): Promise<DailySection | undefined> {
  const { settings, budget, rt } = ctx
  const needed = dailyRequests(settings)
  if (needed === 0 || !settings.dateFrom || !settings.dateTo) return undefined
  const { step } = dailySpans(settings.dateFrom, settings.dateTo)
  // Read last (after the impact section's reads): what is left is the budget's real remainder.
  const left = budget.limit - budget.used
  if (needed > left) {
    const skipped =
      `The chart per ${step} is left out: its ${plural(needed, 'point')} need ${plural(needed, 'request')} ` +
      `and the ${budget.limit}-request budget has ${Math.max(0, left)} left after the export.`
    rt.log.info(skipped)
    return { skipped, step }
  }
  try {
    return await readAllPoints(ctx, source)
  } catch (error) {
    // The points are optional: only a cancel stops the export here.
    if (rt.signal.aborted) throw error
    const skipped = `The chart per ${step} is left out: ${notRead(error)}.`
    rt.log.warning(skipped)
    return { skipped, step }
  }
}

/**
 * Every point of the range (and of the previous period): all of them, or the error that stopped
 * them (a step of several datasets leaves the section out whole with it).
 */
export async function readAllPoints(
  ctx: ExportContext,
  source: TrafficSource
): Promise<DailySection> {
  const { settings, rt } = ctx
  const { spans, step } = dailySpans(settings.dateFrom ?? '', settings.dateTo ?? '')
  const points = await readPoints(ctx, source, spans)
  const previousSpans = settings.previous
    ? dailySpans(settings.previous.dateFrom, settings.previous.dateTo).spans.slice(0, spans.length)
    : undefined
  const previous = previousSpans ? await readPoints(ctx, source, previousSpans) : undefined
  const needed = points.length + (previous?.length ?? 0)
  rt.log.info(`${heading(source.kind)} per ${step}: ${plural(needed, 'request')}, one a point.`)
  return { points, previous, step }
}

const COLUMNS = ['date', 'human', 'ai', 'total']

/**
 * With `format: csv`, the points read to `<stem>-daily.csv` beside the file, the previous period's point
 * of the same day number beside each; its path, or none.
 */
export async function writeDailyCsv(
  ctx: ExportContext,
  kind: TrafficSource['kind'],
  daily: DailySection | undefined
): Promise<string[]> {
  if (!daily || 'skipped' in daily || ctx.settings.format !== 'csv') return []
  const { points, previous } = daily
  const cells = (p: DailyPoint | undefined): unknown[] =>
    p ? [p.date, p.human, p.ai, p.total] : ['', '', '', '']
  const header = previous ? [...COLUMNS, ...COLUMNS.map(c => `previous_${c}`)] : COLUMNS
  const rows = points.map((point, i) =>
    previous ? [...cells(point), ...cells(previous[i])] : cells(point)
  )
  const path = join(dirname(ctx.path), `${datasetFacts(kind).fileStem}-daily.csv`)
  const file = await AtomicFile.create(path)
  try {
    await file.write(stringify([header, ...rows]))
    await file.commit()
  } catch (error) {
    await file.discard()
    throw error
  }
  return [path]
}
