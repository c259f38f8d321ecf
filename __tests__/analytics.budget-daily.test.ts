/**
 * What `request-budget` and `daily` change for one dataset: the budget caps the step as the service's
 * 100 do (the same clear error, no file); `daily: false` reads no points and keeps the other charts;
 * `daily: true` reads them without charts; with `format: csv` the points go to their own CSV beside
 * the file (`previous_*` columns with `compare: previous`).
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ActionRunResult } from '../fakes/action-env.js'
import { chartsIn } from './helpers/mermaid.js'
import { errorLine, exportFiles } from './helpers/analytics.js'
import { runAnalytics, useWorld } from './helpers/world.js'

const world = useWorld()
const WEEK = { 'date-from': '-7d', 'date-to': '-0d' }

function runExport(inputs: Record<string, string>): Promise<ActionRunResult> {
  return runAnalytics(world(), { inputs })
}

function points(): number {
  return world()
    .svc.requestsTo('GET', /\/views$/)
    .filter(r => r.query.limit === '1').length
}

describe('request-budget with one dataset', () => {
  it('caps the step: an export that needs more stops with the budget error and writes no file', async () => {
    world().svc.generatePageViews(600)
    const result = await runExport({ 'request-budget': '2' })
    expect(result.exitCode).not.toBe(0)
    expect(world().svc.requests).toHaveLength(2)
    expect(errorLine(result)).toMatch(/^The export needs more than 2 requests/)
    expect(exportFiles(result)).toEqual([])
  })

  it('leaves the points per day out when they do not fit what the budget has left', async () => {
    world().svc.generatePageViews(3)
    const result = await runExport({ ...WEEK, 'request-budget': '5' })
    expect(result.exitCode).toBe(0)
    expect(points()).toBe(0)
    expect(result.summary).toContain('the 5-request budget has 4 left')
  })
})

describe('daily with one dataset', () => {
  it('false: no point is read, the other charts stay', async () => {
    world().svc.generatePageViews(3)
    const result = await runExport({ ...WEEK, daily: 'false' })
    expect(result.exitCode).toBe(0)
    expect(points()).toBe(0)
    expect(result.summary).not.toContain('per day')
    expect(chartsIn(result.summary).length).toBeGreaterThan(0)
  })

  it('true: the points are read without charts, as a table and in the file', async () => {
    world().svc.generatePageViews(3)
    const result = await runExport({ ...WEEK, daily: 'true', chart: 'false' })
    expect(result.exitCode).toBe(0)
    expect(points()).toBe(7)
    expect(result.summary).toContain('#### Views per day')
    expect(chartsIn(result.summary)).toEqual([])
    const file = JSON.parse(readFileSync(join(result.workDir, 'page-views.json'), 'utf8'))
    expect(file.daily).toHaveLength(7)
  })

  it('auto without charts reads none, as before', async () => {
    world().svc.generatePageViews(3)
    await runExport({ ...WEEK, chart: 'false' })
    expect(points()).toBe(0)
  })

  it('with format: csv writes page-views-daily.csv beside the file, previous_* with compare', async () => {
    world().svc.generatePageViews(3)
    world().svc.generatePageViews(3, '2024-02-25', 1)
    const result = await runExport({ ...WEEK, format: 'csv', compare: 'previous' })
    expect(result.exitCode).toBe(0)
    expect(exportFiles(result).sort()).toEqual(['page-views-daily.csv', 'page-views.csv'])
    const lines = readFileSync(join(result.workDir, 'page-views-daily.csv'), 'utf8')
      .trim()
      .split('\n')
    expect(lines[0]).toBe(
      'date,human,ai,total,previous_date,previous_human,previous_ai,previous_total'
    )
    expect(lines).toHaveLength(8)
    expect(lines[1]).toMatch(/^2024-03-03,\d+,\d+,\d+,2024-02-25,\d+,\d+,\d+$/)
    expect(result.outputs.file).toMatch(/page-views\.csv$/)
  })
})
