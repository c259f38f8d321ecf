/**
 * Views per day end to end against the emulator: one `limit=1` request a day within the request
 * budget (a point a week past 31 days), two lines with `compare: previous`, `daily` and
 * `previousDaily` in the JSON file, and the chart left out in one line when the budget is short.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ActionRunResult } from '../fakes/action-env.js'
import { serviceError } from '../fakes/service-emulator.js'
import { chartsIn } from './helpers/mermaid.js'
import { runAnalytics, useWorld } from './helpers/world.js'

const world = useWorld()

/** -7d to -0d against the tests' today (2024-03-10). */
const WEEK = { 'date-from': '-7d', 'date-to': '-0d' }
const DAYS = ['03', '04', '05', '06', '07', '08', '09'].map(d => `2024-03-${d}`)

function runExport(
  inputs: Record<string, string>,
  overrides: Parameters<typeof runAnalytics>[2] = {}
): Promise<ActionRunResult> {
  return runAnalytics(world(), { inputs }, overrides)
}

/** The views requests after the first `skip` (the export's own pages): the points, for a fault rule. */
function viewsAfter(skip: number): RegExp {
  let seen = 0
  const views = /\/views$/
  return Object.assign(/\/views$/, {
    test: (path: string): boolean => views.test(path) && ++seen > skip
  })
}

function pointReads() {
  return world()
    .svc.requestsTo('GET', /\/views$/)
    .filter(r => r.query.limit === '1')
    .map(r => [r.query.dateFrom, r.query.dateTo])
}

function file(result: ActionRunResult): Record<string, unknown> {
  return JSON.parse(readFileSync(join(result.workDir, 'page-views.json'), 'utf8')) as Record<
    string,
    unknown
  >
}

function totals(total: number) {
  return { human: total - 1, ai: 1, total }
}

/** The export succeeded without its chart, and the summary says why in one line. */
function expectLeftOut(result: ActionRunResult, line: string | RegExp): void {
  expect(result.exitCode).toBe(0)
  if (typeof line === 'string') expect(result.summary).toContain(line)
  else expect(result.summary).toMatch(line)
  expect(file(result)).not.toHaveProperty('daily')
}

describe('views per day', () => {
  it('reads one limit=1 request a day, counts them, and writes daily in the JSON file', async () => {
    world().svc.setPageViews([{ path: '/a', human: 90, ai: 10, total: 100 }])
    world().svc.setDayTotals(Object.fromEntries(DAYS.map((day, i) => [day, totals(10 + i)])))
    const result = await runExport(WEEK)

    expect(result.exitCode).toBe(0)
    expect(pointReads()).toEqual(DAYS.map((day, i) => [day, DAYS[i + 1] ?? '2024-03-10']))
    expect(result.summary).toContain('(JSON, 1 page, 8 requests)')
    expect(file(result).daily).toEqual(DAYS.map((date, i) => ({ date, ...totals(10 + i) })))
    expect(file(result)).not.toHaveProperty('previousDaily')
    const [chart] = chartsIn(result.summary)
    expect(chart).toContain('line [10, 11, 12, 13, 14, 15, 16]')
    expect(chart).toContain('x-axis ["Mar 3", "Mar 4"')
  })

  it('with compare: previous, two lines over the same day numbers, and previousDaily', async () => {
    world().svc.setPageViews([{ path: '/a', human: 90, ai: 10, total: 100 }])
    const previousDays = ['2024-02-25', '2024-02-26', '2024-02-27', '2024-02-28', '2024-02-29']
    world().svc.setDayTotals(
      Object.fromEntries([
        ...DAYS.map((day, i) => [day, totals(20 + i)]),
        ...[...previousDays, '2024-03-01', '2024-03-02'].map((day, i) => [day, totals(5 + i)])
      ])
    )
    const result = await runExport({ ...WEEK, compare: 'previous' })

    expect(result.exitCode).toBe(0)
    expect(pointReads()).toHaveLength(14)
    const [chart] = chartsIn(result.summary)
    expect(chart).toContain('line [20, 21, 22, 23, 24, 25, 26]')
    expect(chart).toContain('line [5, 6, 7, 8, 9, 10, 11]')
    expect((file(result).previousDaily as { date: string }[])[0].date).toBe('2024-02-25')
    // Totals, then views per day, then the changes, then the pages.
    const order = ['| **Total** |', '#### Views per day', '#### Change since', '#### Top 1 page']
    const at = order.map(part => result.summary.indexOf(part))
    expect(at.every(i => i >= 0)).toBe(true)
    expect([...at].sort((a, b) => a - b)).toEqual(at)
  })

  it('takes a point a week past 31 days: seven-day steps from date-from, one request each', async () => {
    world().svc.setPageViews([{ path: '/a', human: 1, ai: 0, total: 1 }])
    const result = await runExport({ 'date-from': '2024-01-01', 'date-to': '2024-03-04' })

    expect(result.exitCode).toBe(0)
    const reads = pointReads()
    expect(reads).toHaveLength(9)
    expect(reads[0]).toEqual(['2024-01-01', '2024-01-08'])
    expect(reads[8]).toEqual(['2024-02-26', '2024-03-04'])
    expect(result.summary).toContain('#### Views per week')
    expect(result.summary).toContain('| Week | Total |')
  })

  it('names weekly points per week when the chart is left out', async () => {
    world().svc.setPageViews([{ path: '/a', human: 1, ai: 0, total: 1 }])
    const range = { 'date-from': '2024-01-01', 'date-to': '2024-03-04' }
    const result = await runExport(range, { maxRequests: 5 })

    expect(result.exitCode).toBe(0)
    expect(pointReads()).toEqual([])
    expect(result.summary).toContain('#### Views per week')
    expect(result.summary).toContain(
      '_The chart per week is left out: its 9 points need 9 requests and the 5-request budget has 4 left after the export._'
    )
  })

  it('names visitors in the log line and the title of their points', async () => {
    world().svc.setVisitors([{ path: '/a', human: 1, ai: 0, total: 1 }])
    const result = await runExport({ ...WEEK, dataset: 'visitors' })

    expect(result.exitCode).toBe(0)
    expect(world().svc.requestsTo('GET', /\/visitors$/)).toHaveLength(8)
    expect(result.stdout).toContain('Visitors per day: 7 requests, one a point.')
    expect(result.stdout).not.toContain('Views per day')
    expect(result.summary).toContain('#### Visitors per day')
    expect(result.summary).toContain('| Day | Total |')
  })

  it('leaves the chart out in one line when the budget cannot pay for the points, and writes the rest', async () => {
    world().svc.generatePageViews(950)
    const result = await runExport({ ...WEEK, 'page-size': '10' })

    expectLeftOut(
      result,
      '_The chart per day is left out: its 7 points need 7 requests and the 100-request budget has 5 left after the export._'
    )
    expect(pointReads()).toEqual([])
    expect(result.outputs.rows).toBe('950')
  })

  it('leaves the chart out in one line when a point fails after its retries, and writes the rest', async () => {
    world().svc.setPageViews([{ path: '/a', human: 1, ai: 0, total: 1 }])
    world().svc.inject({ path: viewsAfter(1), times: Infinity, fault: serviceError(503, 'down') })
    const result = await runExport(WEEK)

    expectLeftOut(
      result,
      /_The chart per day is left out: a point could not be read \(.*503.*\)\._/
    )
    expect(pointReads().length).toBeGreaterThan(1)
    expect(file(result).totals).toEqual({ human: 1, ai: 0, total: 1 })
    expect(result.outputs.rows).toBe('1')
  })

  it('leaves the chart out in one line when retries of the points run past the budget', async () => {
    world().svc.setPageViews([{ path: '/a', human: 1, ai: 0, total: 1 }])
    world().svc.inject({ path: viewsAfter(1), fault: serviceError(503, 'down') })
    // One page and seven points fit exactly; the retry of the first point is the ninth request.
    const result = await runExport(WEEK, { maxRequests: 8 })

    expectLeftOut(
      result,
      '_The chart per day is left out: its reads, retries included, ran past the 8-request budget._'
    )
    expect(pointReads()).toHaveLength(7)
    expect(result.outputs.rows).toBe('1')
  })

  it('reads no point without both dates or with chart: false', async () => {
    world().svc.setPageViews([{ path: '/a', human: 1, ai: 0, total: 1 }])
    await runExport({ ...WEEK, chart: 'false' })
    await runExport({ 'date-from': '-7d' })
    expect(pointReads()).toEqual([])
  })
})
