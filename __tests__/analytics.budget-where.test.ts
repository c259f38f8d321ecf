/**
 * Where the request budget ran out, as the error says it: the page it stopped on and the periods read
 * whole before it (page 1 of this period after the previous period's pages never reads as a stop
 * before anything was read), "after" a page when it stopped between requests, and what to do. With
 * several datasets each one's shortfall is in its own requests (never the step's running total), and
 * what to do is said once: the 100 an hour cannot be raised, a shorter range or the hungriest dataset
 * in a step of its own.
 */
import { describe, expect, it } from '@jest/globals'
import type { ActionRunResult } from '../fakes/action-env.js'
import type { FakeFile } from '../fakes/github/model.js'
import type { SearchTerm } from '../fakes/service-emulator.js'
import { errorLine, exportFiles } from './helpers/analytics.js'
import { runAnalytics, useWorld } from './helpers/world.js'

const world = useWorld()

/** Against the tests' today (2024-03-10): this week and the week before. */
const WEEK = { 'date-from': '-7d', 'date-to': '-0d' }
const THIS_WEEK = '2024-03-03'
const LAST_WEEK = '2024-02-25'

function runStep(inputs: Record<string, string>): Promise<ActionRunResult> {
  return runAnalytics(world(), { inputs: { ...WEEK, chart: 'false', ...inputs } })
}

function docsChange(filename: string): void {
  const file: FakeFile = { filename, status: 'modified', additions: 1, deletions: 1 }
  world().gh.addIssue('acme', 'docs', {
    number: 7,
    pull_request: true,
    title: 'Docs change',
    merged: { sha: '7'.repeat(40), at: '2024-02-28T10:00:00Z' },
    files: [file]
  })
}

describe('the budget error of one dataset says where it stopped', () => {
  it('on page 1 of this period after the previous period took the budget: names those pages', async () => {
    world().svc.generatePageViews(10, THIS_WEEK)
    world().svc.generatePageViews(1_200, LAST_WEEK, 1)
    const result = await runStep({ compare: 'previous', 'request-budget': '5' })

    expect(result.exitCode).toBe(1)
    const error = errorLine(result)
    expect(error).toContain(
      "The export needs more than 5 requests on page 1 of this period (offset 0), after the previous period's 5 pages (1,200 rows):"
    )
    expect(error).not.toContain('on page 1 (offset 0)')
    expect(error).toContain('Without compare: previous it reads this period only.')
    expect(exportFiles(result)).toEqual([])
  })

  it('in the middle of one period: the page, its offset and the rows before it, nothing more', async () => {
    world().svc.generatePageViews(1_200)
    const error = errorLine(await runStep({ 'request-budget': '3' }))
    expect(error).toContain(
      'needs more than 3 requests on page 4 (offset 750; 750 rows read before it): 3 is'
    )
    expect(error).not.toContain('compare')
    // The limit met is the step's own: the one the user can raise.
    expect(error).toContain(
      "before it): 3 is the step's request-budget (raise it, up to 100, when no other step or project of the organization shares the hour). The Mintlify analytics API allows 100 requests"
    )
  })

  it('between requests (the impact reads do not fit after the rows): after the last page, not on it', async () => {
    docsChange('page-1.mdx')
    world().svc.generatePageViews(600)
    const result = await runStep({
      impact: 'true',
      'github-token': world().gh.token,
      'request-budget': '5'
    })

    expect(result.exitCode).toBe(1)
    expect(world().svc.requests).toHaveLength(3)
    expect(errorLine(result)).toContain(
      'needs more than 5 requests after page 3 (offset 500; 600 rows read): '
    )
  })
})

function terms(n: number): SearchTerm[] {
  return Array.from({ length: n }, (_, i) => ({
    searchQuery: `term ${i}`,
    hits: 10,
    ctr: 0.5,
    topClickedPage: '/a',
    lastSearchedAt: '2024-03-09T10:00:00Z'
  }))
}

describe('several datasets: a dataset whose rows do not fit says it in its own requests', () => {
  it('names the share each had and who took the rest, and says once what to do', async () => {
    world().svc.generatePageViews(250 * 12)
    world().svc.setSearches(terms(150))
    world().svc.setFeedback([])
    const result = await runStep({ dataset: 'views, searches, feedback', 'request-budget': '10' })

    expect(result.exitCode).toBe(1)
    expect(result.outputs.requests).toBe('10')
    const error = errorLine(result)
    expect(error).toContain(
      'views: its rows need more than the 8 requests this step could give them, on page 9 (offset 2000; 2,000 rows read before it): the budget of 10 keeps one request for each of the 2 datasets after it. No file was written.'
    )
    expect(error).toContain(
      'searches: its rows need more than the 1 request left for them, on page 2 (100 rows read before it): views took 8 of the budget of 10, and one is kept for the dataset after it. No file was written.'
    )
    // The slice's limit (9 made in all) is not what searches had.
    expect(error).not.toMatch(/needs more than 9 requests/)
    const advice =
      'so a step never makes more than 100, and this one no more than its request-budget of 10 (raise it, up to 100, when no other step or project of the organization shares the hour). ' +
      'Retry after 2024-03-10 13:00 UTC'
    expect(error).toContain(advice)
    expect(error).toContain(
      'with a shorter date range, or read views (its rows took 8 requests here) in a step of its own, run an hour apart from this one.'
    )
    expect(result.summary).toContain(`**What to do:** The Mintlify analytics API allows 100`)
    expect(result.summary.split(advice)).toHaveLength(2)
    expect(result.stdout).toContain('feedback: reading the rows, within 1 request.')
    expect(result.stdout).toContain(
      'searches: reading the rows, within 1 request (one is kept for the dataset after it).'
    )
  })

  it('at the full budget: a higher request-budget is not possible', async () => {
    world().svc.generatePageViews(25_000)
    world().svc.setSearches(terms(3))
    const result = await runStep({ dataset: 'views, searches' })

    expect(result.exitCode).toBe(1)
    expect(exportFiles(result)).toEqual(['searches.json'])
    const error = errorLine(result)
    expect(error).toMatch(
      /^views: its rows need more than the 99 requests this step could give them, on page 100 \(offset 24750; /
    )
    expect(error).toContain('(a higher request-budget is not possible)')
    expect(error).toContain('or read views (its rows took 99 requests here) in a step of its own')
    expect(error).toContain('Written and reported: searches.')
  })

  it('a budget below one request a dataset: the first ones are not read, never "-1 requests"', async () => {
    world().svc.generatePageViews(3)
    world().svc.setSearches(terms(3))
    world().svc.setFeedback([])
    const result = await runStep({ dataset: 'views, searches, feedback', 'request-budget': '1' })

    expect(result.exitCode).toBe(1)
    expect(world().svc.requests).toHaveLength(1)
    expect(exportFiles(result)).toEqual(['feedback.json'])
    expect(result.outputs['left-out'].split('\n')).toEqual([
      'views: rows (more than 0 requests)',
      'searches: rows (more than 0 requests)'
    ])
    const error = errorLine(result)
    expect(error).not.toMatch(/\s-\d/)
    expect(error).toContain(
      'The request-budget of 1 is less than one request for each of the 3 datasets: raise it (up to 100, when no other step or project of the organization shares the hour), or read fewer datasets in this step.'
    )
    expect(error).toContain(
      'views: its rows were not read, no request was left for them: the budget of 1 keeps one request for each of the 2 datasets after it. No file was written.'
    )
    expect(error).toContain(
      'searches: its rows were not read, no request was left for them: the budget of 1 keeps one request for the dataset after it. No file was written.'
    )
    expect(result.stdout).toContain('views: reading the rows, within 0 requests')
  })
})
