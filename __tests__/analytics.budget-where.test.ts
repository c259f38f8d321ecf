/**
 * Where the request budget ran out, as the error says it: the page it stopped on and the periods read
 * whole before it (page 1 of this period after the previous period's pages never reads as a stop
 * before anything was read), "after" a page when it stopped between requests, and what to do.
 */
import { describe, expect, it } from '@jest/globals'
import type { ActionRunResult } from '../fakes/action-env.js'
import type { FakeFile } from '../fakes/github/model.js'
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
      'needs more than 3 requests on page 4 (offset 750; 750 rows read before it): '
    )
    expect(error).not.toContain('compare')
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
