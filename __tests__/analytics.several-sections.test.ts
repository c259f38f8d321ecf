/**
 * The optional sections of a step of several datasets, after every dataset's rows and in the plan's
 * order (previous period, impact, views per day), each read whole or left out with one line, and a
 * 429 whose wait is too long: the datasets read are written and reported, the error names the rest.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
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

function runStep(inputs: Record<string, string>): Promise<ActionRunResult> {
  return runAnalytics(world(), { inputs: { dataset: 'views, searches', ...WEEK, ...inputs } })
}

function viewsFile(result: ActionRunResult): Record<string, unknown> & { views: object[] } {
  return JSON.parse(readFileSync(join(result.workDir, 'page-views.json'), 'utf8')) as Record<
    string,
    unknown
  > & { views: object[] }
}

/** What each request read, in order: the rows, the previous period's rows, the points. */
function kinds(): string[] {
  return world().svc.requests.map(r => {
    if (r.path.endsWith('/searches')) return 'searches'
    if (r.query.limit === '1') return r.query.dateFrom < '2024-03-03' ? 'previous point' : 'point'
    return r.query.dateFrom === PREVIOUS_FROM ? 'previous' : 'views'
  })
}

function setUp(previousRows = 600): void {
  world().svc.generatePageViews(600)
  world().svc.generatePageViews(previousRows, PREVIOUS_FROM, 1)
  world().svc.setSearches([term(1)])
}

describe('optional sections of several datasets', () => {
  it('reads the rows of every dataset first, then the previous period, then the points', async () => {
    setUp()
    const result = await runStep({ compare: 'previous' })

    expect(result.exitCode).toBe(0)
    const seen = kinds()
    expect(seen.slice(0, 7)).toEqual([
      'views',
      'views',
      'views',
      'searches',
      'previous',
      'previous',
      'previous'
    ])
    expect(seen.slice(7)).toEqual([...Array(7).fill('point'), ...Array(7).fill('previous point')])
    expect(result.outputs.requests).toBe('21')
    expect(result.outputs['left-out']).toBe('')
    const file = viewsFile(result)
    expect(file.views[0]).toHaveProperty('previousTotal')
    expect(file).toHaveProperty('daily')
    expect(file).toHaveProperty('previousDaily')
    expect(result.outputs['views-previous-total']).toBeDefined()
    expect(result.summary).toContain('**Compared with:**')
    expect(result.summary).toContain('#### Views per day')
    expect(result.summary).toContain('(JSON, 600 pages, 20 requests)')
  })

  it('leaves out the points per day whole when they do not fit, with one line', async () => {
    setUp()
    const result = await runStep({ compare: 'previous', 'request-budget': '10' })

    expect(result.exitCode).toBe(0)
    expect(kinds()).not.toContain('point')
    expect(result.outputs.requests).toBe('7')
    expect(result.outputs['left-out']).toBe('views: views per day (14 requests)')
    expect(result.summary).toContain('- views: views per day (14 requests)')
    expect(result.summary).toContain('**Requests:** 7 of 10 requests')
    expect(viewsFile(result).views[0]).toHaveProperty('previousTotal')
    expect(viewsFile(result)).not.toHaveProperty('daily')
  })

  it('leaves out the previous period before reading it when it cannot fit, then plans the points alone', async () => {
    setUp()
    const result = await runStep({ compare: 'previous', 'request-budget': '6' })

    expect(result.exitCode).toBe(0)
    expect(kinds()).toEqual(['views', 'views', 'views', 'searches'])
    expect(result.outputs['left-out'].split('\n')).toEqual([
      'views: previous period (3 requests)',
      'views: views per day (7 requests)'
    ])
    expect(viewsFile(result).views[0]).not.toHaveProperty('previousTotal')
    expect(result.outputs).not.toHaveProperty('views-change')
  })

  it('drops a previous period that runs past the budget whole: never half a period', async () => {
    setUp(1000)
    const result = await runStep({ compare: 'previous', 'request-budget': '7', daily: 'false' })

    expect(result.exitCode).toBe(0)
    expect(kinds().filter(k => k === 'previous')).toHaveLength(3)
    expect(result.outputs.requests).toBe('7')
    expect(result.outputs['left-out']).toBe('views: previous period (more than 3 requests)')
    expect(viewsFile(result).views[0]).not.toHaveProperty('previousTotal')
    expect(result.summary).not.toContain('**Compared with:**')
  })

  it('with daily: true and chart: false reads the points and writes them beside a CSV file', async () => {
    setUp()
    const result = await runStep({ daily: 'true', chart: 'false', format: 'csv' })

    expect(result.exitCode).toBe(0)
    expect(kinds().filter(k => k === 'point')).toHaveLength(7)
    const csv = readFileSync(join(result.workDir, 'page-views-daily.csv'), 'utf8')
    expect(csv.split('\n')[0]).toBe('date,human,ai,total')
    expect(csv.trim().split('\n')).toHaveLength(8)
    expect(result.outputs.files.split('\n').map(f => f.replace(`${result.workDir}/`, ''))).toEqual([
      'page-views.csv',
      'page-views-daily.csv',
      'searches.csv'
    ])
    expect(result.summary).not.toContain('```mermaid')
  })

  it('a 429 with a long Retry-After ends the step: the datasets read are written and reported', async () => {
    world().svc.generatePageViews(3)
    world().svc.setSearches([term(1)])
    world().svc.setFeedback([])
    // Request 2 is the searches page: the hour's budget was spent elsewhere.
    failRequest(world(), 2, { status: 429, headers: { 'retry-after': '1800' } })
    const result = await runStep({ dataset: 'views, searches, feedback' })

    expect(result.exitCode).not.toBe(0)
    expect(world().svc.requests).toHaveLength(2)
    expect(exportFiles(result)).toEqual(['page-views.json'])
    const error = errorLine(result)
    expect(error).toMatch(/^searches: .*HTTP 429/)
    expect(error).toContain('Not read: feedback.')
    expect(error).toContain('Written and reported: views.')
    expect(result.summary).toContain('### Page views')
    expect(result.outputs.files).toMatch(/page-views\.json$/)
  })

  it('a short Retry-After is waited out once; a second 429 ends the reading as a long one does', async () => {
    world().svc.generatePageViews(3)
    world().svc.setSearches([term(1)])
    world().svc.setFeedback([])
    // The searches page meets a 429 of 30 s, is read after the wait; the feedback page meets another.
    failRequest(world(), 2, { status: 429, headers: { 'retry-after': '30' } })
    failRequest(world(), 4, { status: 429, headers: { 'retry-after': '30' } })
    const result = await runStep({ dataset: 'views, searches, feedback' })

    expect(result.exitCode).not.toBe(0)
    expect(world().svc.requests).toHaveLength(4)
    expect(exportFiles(result).sort()).toEqual(['page-views.json', 'searches.json'])
    const error = errorLine(result)
    expect(error).toMatch(/^feedback: .*HTTP 429/)
    expect(error).toContain('Written and reported: views, searches.')
  })
})

describe('impact with several datasets', () => {
  function mergedPull(): void {
    world().gh.addIssue('acme', 'docs', {
      number: 12,
      pull_request: true,
      title: 'Docs change 12',
      merged: { sha: '0'.repeat(39) + 'c', at: '2024-03-01T10:00:00Z' },
      files: [{ filename: 'guides/index.mdx', status: 'modified', additions: 1, deletions: 1 }]
    })
  }

  function impactStep(inputs: Record<string, string>): Promise<ActionRunResult> {
    return runAnalytics(world(), {
      inputs: {
        dataset: 'views, searches',
        ...WEEK,
        impact: 'true',
        'github-token': world().gh.token,
        daily: 'false',
        ...inputs
      }
    })
  }

  it('reads the impact after every dataset rows, shares the range views, and writes it into views', async () => {
    mergedPull()
    world().svc.setPageViews([{ path: '/guides', human: 40, ai: 0, total: 40 }])
    world().svc.setPageViews(
      [{ path: '/guides', human: 10, ai: 0, total: 10 }],
      {
        human: 10,
        ai: 0,
        total: 10
      },
      '2024-02-18'
    )
    world().svc.setSearches([term(1)])
    const result = await impactStep({})

    expect(result.exitCode).toBe(0)
    const paths = world().svc.requests.map(r => r.path.split('/').at(-1))
    // The range views once (the export's own), the searches, then the baseline views and two by-page reads.
    expect(paths).toEqual(['views', 'searches', 'views', 'by-page', 'by-page'])
    expect(result.outputs['impact-pulls']).toBe('1')
    const file = viewsFile(result) as unknown as {
      impact: { pulls: { pages: { views: object }[] }[] }
    }
    expect(file.impact.pulls[0].pages[0].views).toEqual({ before: 10, after: 40 })
    expect(result.summary).toContain("Did last period's changes help?")
  })

  it('leaves the impact out in one line when its reads do not fit', async () => {
    mergedPull()
    world().svc.setPageViews([{ path: '/guides', human: 40, ai: 0, total: 40 }])
    world().svc.setSearches([term(1)])
    const result = await impactStep({ 'request-budget': '3' })

    expect(result.exitCode).toBe(0)
    expect(world().svc.requests).toHaveLength(2)
    expect(result.outputs['left-out']).toBe(
      "views: impact (did last period's changes help?) (3 requests)"
    )
    expect(result.outputs['impact-pulls']).toBe('')
    expect(viewsFile(result)).not.toHaveProperty('impact')
  })

  it('without views, writes the impact into the searches file (its views read at 250 a page)', async () => {
    mergedPull()
    world().svc.setPageViews([{ path: '/guides', human: 40, ai: 0, total: 40 }])
    world().svc.setSearches([term(1)])
    world().svc.setFeedback([])
    const result = await impactStep({ dataset: 'searches, feedback' })

    expect(result.exitCode).toBe(0)
    const paths = world().svc.requests.map(r => r.path.split('/').at(-1))
    expect(paths).toEqual(['searches', 'feedback', 'views', 'views', 'by-page', 'by-page'])
    const file = JSON.parse(readFileSync(join(result.workDir, 'searches.json'), 'utf8')) as {
      impact?: unknown
      searches: unknown[]
    }
    expect(file.impact).toBeDefined()
    expect(file.searches).toHaveLength(1)
    expect(result.outputs['impact-pulls']).toBe('1')
  })
})
