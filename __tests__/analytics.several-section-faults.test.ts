/**
 * A section of a step of several datasets that is begun but not finished: a 429 with a long wait
 * ends the step (with the clear error, after the datasets read are written and reported), retries
 * that run past the budget or a read that fails leave the section out in one line like any other,
 * and a message never says "No file was written" of a file written without the section.
 */
import { describe, expect, it } from '@jest/globals'
import type { ActionRunResult } from '../fakes/action-env.js'
import type { SearchTerm } from '../fakes/service-emulator.js'
import { errorLine, exportFiles, failRequest } from './helpers/analytics.js'
import { runAnalytics, useWorld } from './helpers/world.js'

const world = useWorld()

/** -7d to -0d against the tests' today (2024-03-10); the previous period starts 2024-02-25. */
const WEEK = { 'date-from': '-7d', 'date-to': '-0d' }
const PREVIOUS_FROM = '2024-02-25'

function term(i: number): SearchTerm {
  return { searchQuery: `t${i}`, hits: 10, ctr: 0.5, topClickedPage: null, lastSearchedAt: '' }
}

/** views 3 pages (600 rows) and the previous period's 3, searches 1: 4 requests of rows. */
function setUp(): void {
  world().svc.generatePageViews(600)
  world().svc.generatePageViews(600, PREVIOUS_FROM, 1)
  world().svc.setSearches([term(1)])
}

function runStep(inputs: Record<string, string>): Promise<ActionRunResult> {
  return runAnalytics(world(), { inputs: { dataset: 'views, searches', ...WEEK, ...inputs } })
}

function warnings(result: ActionRunResult): string[] {
  return result.stdout.split('\n').filter(line => line.startsWith('::warning::'))
}

describe('a section begun but not finished', () => {
  it('a 429 with a long wait in the previous period ends the step with the clear error, after the report', async () => {
    setUp()
    // Request 5 is the previous period's first page: the hour was spent elsewhere.
    failRequest(world(), 5, { status: 429, headers: { 'retry-after': '1800' } })
    const result = await runStep({ compare: 'previous' })

    expect(result.exitCode).not.toBe(0)
    expect(world().svc.requests).toHaveLength(5)
    expect(exportFiles(result).sort()).toEqual(['page-views.json', 'searches.json'])
    expect(result.outputs['left-out'].split('\n')).toEqual([
      'views: previous period (3 requests)',
      'views: views per day (7 requests)'
    ])
    const error = errorLine(result)
    expect(error).toMatch(/^views: previous period: .*HTTP 429/)
    expect(error).toContain('Retry after')
    expect(error).not.toContain('No file was written')
    expect(error).toContain('Written and reported: views, searches.')
    expect(result.summary).toContain('### Page views')
    expect(result.stdout).toContain(
      'Left out views: views per day (7 requests): a 429 (Too Many Requests) stopped the reading.'
    )
  })

  it('points whose retries run past the budget are left out in one line, as a section that does not fit', async () => {
    setUp()
    // 4 requests of rows and 7 points fit 11 exactly; a point's retry is the 12th.
    failRequest(world(), 6, { status: 500 })
    const result = await runStep({ 'request-budget': '11' })

    expect(result.exitCode).toBe(0)
    expect(result.outputs.requests).toBe('11')
    expect(result.outputs['left-out']).toBe('views: views per day (more than 7 requests)')
    expect(result.summary).toContain('- views: views per day (more than 7 requests)')
    expect(result.summary).not.toContain('#### Views per day')
  })

  it('a previous period that fails is left out with a warning that never says no file was written', async () => {
    setUp()
    const previousPage = () => world().svc.requests.at(-1)?.query.dateFrom === PREVIOUS_FROM
    world().svc.inject({
      path: new ViewsWhen(previousPage),
      times: Infinity,
      fault: { status: 500 }
    })
    const result = await runStep({ compare: 'previous', daily: 'false' })

    expect(result.exitCode).toBe(0)
    expect(exportFiles(result).sort()).toEqual(['page-views.json', 'searches.json'])
    expect(result.outputs['left-out']).toBe('views: previous period (3 requests)')
    const warning = warnings(result).find(line => line.includes('views: previous period:'))
    expect(warning).toBeDefined()
    expect(warning).not.toContain('No file was written')
    expect(warning).toContain('page-views.json is written without it')
    // The budget had room: the line says why it is left out.
    expect(result.stdout).toContain(
      'Left out views: previous period (3 requests): a read failed (the warning above).'
    )
  })
})

/** A fault "path" that matches a views read only while `hit` holds (the emulator records first). */
class ViewsWhen extends RegExp {
  constructor(private readonly hit: () => boolean) {
    super('/views$')
  }

  override test(path: string): boolean {
    return super.test(path) && this.hit()
  }
}
