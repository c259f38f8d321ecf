/**
 * `compare: previous` and the request budget end to end in process against the emulator: the
 * previous period's requests, the arithmetic of the change (a page in one period only, a previous
 * total of 0), the file's extra fields and columns, the outputs, and the 100-request limit.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ActionRunResult } from '../fakes/action-env.js'
import { generatedPageView, type PageViewRow } from '../fakes/service-emulator.js'
import { changePercent } from '../src/analytics/compare/comparison.js'
import { errorLine, exportFiles, failRequest } from './helpers/analytics.js'
import { parseCsv } from './helpers/csv.js'
import { runAnalytics, useWorld } from './helpers/world.js'

const world = useWorld()

/** -7d to -0d against the tests' today (2024-03-10): this week and the week before. */
const WEEK = { 'date-from': '-7d', 'date-to': '-0d', compare: 'previous' }
const THIS_WEEK = '2024-03-03'
const LAST_WEEK = '2024-02-25'

function runExport(inputs: Record<string, string> = {}): Promise<ActionRunResult> {
  return runAnalytics(world(), { inputs })
}

function views() {
  return world().svc.requestsTo('GET', /\/views$/)
}

interface ComparedFile {
  views: (PageViewRow & { previousTotal: number; change: number })[]
  totals: { human: number; ai: number; total: number }
  previous: { dateFrom: string; dateTo: string; totals: { total: number } }
  change: { total: { absolute: number; percent: string } }
}

function row(path: string, human: number, ai = 0): PageViewRow {
  return { path, human, ai, total: human + ai }
}

describe('compare: previous', () => {
  it('reads the week before, then this week: exactly ⌈M/250⌉ + ⌈N/250⌉ requests, and says how many', async () => {
    world().svc.generatePageViews(600, THIS_WEEK)
    world().svc.generatePageViews(300, LAST_WEEK, 1)
    // Without the chart: no points per day (analytics.daily.test.ts counts those).
    const result = await runExport({ ...WEEK, chart: 'false' })

    expect(result.exitCode).toBe(0)
    expect(views().map(r => [r.query.dateFrom, r.query.dateTo, r.query.offset])).toEqual([
      [LAST_WEEK, THIS_WEEK, '0'],
      [LAST_WEEK, THIS_WEEK, '250'],
      [THIS_WEEK, '2024-03-10', '0'],
      [THIS_WEEK, '2024-03-10', '250'],
      [THIS_WEEK, '2024-03-10', '500']
    ])
    const file = JSON.parse(
      readFileSync(join(result.workDir, 'page-views.json'), 'utf8')
    ) as ComparedFile
    expect(file.views).toHaveLength(600)
    const before = generatedPageView(7, 1).total
    expect(file.views[7]).toEqual({
      ...generatedPageView(7),
      previousTotal: before,
      change: generatedPageView(7).total - before
    })
    expect(file.views[450]).toMatchObject({
      previousTotal: 0,
      change: generatedPageView(450).total
    })
    expect(file.previous.dateFrom).toBe(LAST_WEEK)
    // The generated rows' totals: 390,600 this week (600 rows), 195,200 the week before (300 rows
    // of variant 1); (390600 - 195200) / 195200 = +100.102…%, one decimal.
    expect(file.totals.total).toBe(390_600)
    expect(file.previous.totals.total).toBe(195_200)
    expect(result.outputs['previous-total']).toBe('195200')
    expect(result.outputs.change).toBe('+100.1')
    expect(result.outputs.change).toMatch(/^[+-]\d+\.\d$/)
    expect(result.stdout).toContain('in 5 requests.')
    expect(result.summary).toContain('5 requests')
    expect(result.summary).toContain('- **Compared with:** Feb 25 – Mar 2, 2024')
  })

  it('does the arithmetic: a page only in this period is new, one only in the last period falls to 0', async () => {
    world().svc.setPageViews([row('/a', 100, 50), row('/new', 30)], undefined, THIS_WEEK)
    world().svc.setPageViews([row('/a', 90, 10), row('/gone', 50)], undefined, LAST_WEEK)
    const result = await runExport({ ...WEEK, format: 'csv' })

    expect(result.exitCode).toBe(0)
    const csv = parseCsv(readFileSync(join(result.workDir, 'page-views.csv'), 'utf8'))
    expect(csv).toEqual([
      ['path', 'human', 'ai', 'total', 'previous_total', 'change'],
      ['/a', '100', '50', '150', '100', '50'],
      ['/new', '30', '0', '30', '0', '30']
    ])
    // 180 now against 150 before.
    expect(result.outputs).toMatchObject({ total: '180', 'previous-total': '150', change: '+20.0' })
    const summary = result.summary
    expect(summary).toContain('| **Total** | 180 | 150 | +30 | +20.0% |')
    expect(summary).toContain('| AI | 50 | 10 | +40 | +400.0% |')
    expect(summary).toContain('_1 page new in this period')
    const fallers = summary.slice(summary.indexOf('#### Biggest fallers'))
    expect(fallers).toContain('| 1 | /gone | 0 | 50 | -50 |')
    const added = summary.slice(summary.indexOf('#### New pages'))
    expect(added).toContain('| 1 | /new | 30 | new | +30 |')
    expect(summary).not.toMatch(/Infinity|NaN/)
  })

  it('the biggest risers leave out the pages new in this period: they have their own table', async () => {
    world().svc.setPageViews(
      [row('/a', 100), row('/b', 40), row('/new-1', 500), row('/new-2', 300)],
      undefined,
      THIS_WEEK
    )
    world().svc.setPageViews([row('/a', 50), row('/b', 30)], undefined, LAST_WEEK)
    const result = await runExport(WEEK)

    const summary = result.summary
    const risers = summary.slice(
      summary.indexOf('#### Biggest risers'),
      summary.indexOf('#### New pages')
    )
    expect(risers).toContain('| 1 | /a | 100 | 50 | +50 |')
    expect(risers).toContain('| 2 | /b | 40 | 30 | +10 |')
    expect(risers).not.toContain('/new-')
    const added = summary.slice(summary.indexOf('#### New pages'))
    expect(added).toContain('| 1 | /new-1 | 500 | new | +500 |')
    expect(added).toContain('| 2 | /new-2 | 300 | new | +300 |')
  })

  it('a previous total of 0: change is empty, never an infinite percent', async () => {
    world().svc.setPageViews([row('/a', 10)], undefined, THIS_WEEK)
    world().svc.setPageViews([], undefined, LAST_WEEK)
    const result = await runExport(WEEK)

    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({ 'previous-total': '0', change: '' })
    expect(result.summary).toContain('| **Total** | 10 | 0 | +10 | – |')
    expect(result.summary).not.toMatch(/Infinity|NaN/)
  })

  it('formats the change with one decimal and a sign', () => {
    expect(changePercent(1125, 1000)).toBe('+12.5')
    expect(changePercent(97, 100)).toBe('-3.0')
    expect(changePercent(5, 5)).toBe('0.0')
    expect(changePercent(5, 0)).toBe('')
  })

  it.each([
    [{ compare: 'previous', 'date-from': '-7d' }, 'needs both date-from and date-to'],
    [{ compare: 'previous', 'date-to': '-0d' }, 'needs both date-from and date-to'],
    [{ ...WEEK, dataset: 'searches' }, 'views and visitors datasets only'],
    [{ compare: 'last' }, 'must be one of']
  ])('%j is one input error naming compare, before any request', async (inputs, words) => {
    const result = await runExport(inputs)
    expect(result.exitCode).toBe(1)
    const message = errorLine(result)
    expect(message).toContain("'compare'")
    expect(message).toContain(words)
    expect(world().svc.requests).toHaveLength(0)
  })

  it('compares visitors too, with the deduplicated totals', async () => {
    world().svc.setVisitors([row('/a', 8, 4)], { human: 8, ai: 4, total: 10 }, THIS_WEEK)
    world().svc.setVisitors([row('/a', 4, 1)], { human: 4, ai: 1, total: 5 }, LAST_WEEK)
    const result = await runExport({ ...WEEK, dataset: 'visitors' })
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({ total: '10', 'previous-total': '5', change: '+100.0' })
  })
})

describe('the request budget (100 per run, the hourly budget the analytics endpoints share)', () => {
  it('stops an export that needs more than 100 requests at 100, names the limit and when to retry, and writes no file', async () => {
    world().svc.generatePageViews(30_000)
    const result = await runExport()

    expect(result.exitCode).toBe(1)
    expect(views()).toHaveLength(100)
    const message = errorLine(result)
    expect(message).toContain('The export needs more than 100 requests')
    expect(message).toContain('100 requests per organization per hour')
    // An hour after the run's first request, rounded up to the minute.
    expect(message).toMatch(/Retry after 2024-03-10 13:0\d UTC/)
    expect(message).toContain('No file was written.')
    expect(exportFiles(result)).toEqual([])
    expect(result.stdout).toContain('Made 100 requests before the export stopped.')
    expect(result.summary).toContain('- **Requests made:** 100')
  })

  it('counts both periods of a comparison together', async () => {
    world().svc.generatePageViews(15_000, THIS_WEEK)
    world().svc.generatePageViews(15_000, LAST_WEEK, 1)
    const result = await runExport(WEEK)

    expect(result.exitCode).toBe(1)
    expect(views()).toHaveLength(100)
    expect(views().filter(r => r.query.dateFrom === LAST_WEEK)).toHaveLength(60)
    expect(errorLine(result)).toContain('more than 100 requests')
    expect(exportFiles(result)).toEqual([])
  })

  it('ends at once on a 429 whose Retry-After is over a minute: no waiting, no retry, no file', async () => {
    world().svc.generatePageViews(1000)
    failRequest(world(), 2, { status: 429, headers: { 'retry-after': '61' } })
    const result = await runExport()

    expect(result.exitCode).toBe(1)
    expect(views()).toHaveLength(2)
    const message = errorLine(result)
    expect(message).toContain('100 requests per organization per hour')
    expect(message).toMatch(/Retry after 2024-03-10 12:0\d UTC \(in 1 min( 1 s)?\)/)
    expect(exportFiles(result)).toEqual([])
  })
})
