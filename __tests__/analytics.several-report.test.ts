/**
 * The report of several datasets posted to `issue-number`: one comment a step of a run, edited by a
 * re-run, never a second one, and never someone else's comment that copies the marker. And the
 * inputs of one step of several datasets, each wrong form one error naming its input.
 */
import { describe, expect, it } from '@jest/globals'
import type { ActionRunResult } from '../fakes/action-env.js'
import { errorLine } from './helpers/analytics.js'
import { runAnalytics, useWorld } from './helpers/world.js'

const world = useWorld(world =>
  world.gh.addIssue('acme', 'docs', { number: 7, title: 'Weekly report' })
)

const MARKER = '<!-- mintlify-analytics-report run:4242 step:docs/agent -->'

function runStep(inputs: Record<string, string>): Promise<ActionRunResult> {
  return runAnalytics(world(), {
    eventName: 'schedule',
    inputs: { 'github-token': world().gh.token, dataset: 'views, feedback', ...inputs }
  })
}

describe('the report of several datasets', () => {
  it('posts one comment and a re-run of the step edits it instead of adding a second', async () => {
    world().svc.setPageViews([{ path: '/a', human: 3, ai: 1, total: 4 }])
    world().svc.setFeedback([])
    const first = await runStep({ 'issue-number': '7' })
    expect(first.exitCode).toBe(0)
    let comments = world().gh.comments('acme', 'docs', 7)
    expect(comments).toHaveLength(1)
    expect(comments[0].body.startsWith(MARKER)).toBe(true)
    expect(comments[0].body).toContain('### Page views')
    expect(comments[0].body).toContain('### Feedback')
    expect(comments[0].body).toContain('**Requests:** 2 of 100 requests')

    world().svc.setPageViews([{ path: '/b', human: 30, ai: 10, total: 40 }])
    const rerun = await runStep({ 'issue-number': '7' })
    expect(rerun.exitCode).toBe(0)
    comments = world().gh.comments('acme', 'docs', 7)
    expect(comments).toHaveLength(1)
    expect(comments[0].body).toContain('/b')
    expect(
      world().gh.calls.filter(c => c.method === 'POST' && /comments$/.test(c.path))
    ).toHaveLength(1)
  })

  it("never edits someone else's comment that copies the marker", async () => {
    world().gh.addComment('acme', 'docs', 7, `${MARKER}\nnot ours`, 'mallory')
    world().svc.setPageViews([])
    world().svc.setFeedback([])
    const result = await runStep({ 'issue-number': '7' })
    expect(result.exitCode).toBe(0)
    const comments = world().gh.comments('acme', 'docs', 7)
    expect(comments).toHaveLength(2)
    expect(comments[0].body).toBe(`${MARKER}\nnot ours`)
  })
})

describe('inputs of several datasets', () => {
  it.each([
    [{ dataset: 'views, views' }, 'dataset', 'twice'],
    [{ dataset: 'views, pages' }, 'dataset', '"pages"'],
    [{ dataset: 'views, searches', 'page-size': '50' }, 'page-size', 'empty with several'],
    [
      { dataset: 'searches, feedback', compare: 'previous', 'date-from': '-7d', 'date-to': '-0d' },
      'compare',
      'neither'
    ],
    [{ 'request-budget': '0' }, 'request-budget', '1 to 100'],
    [{ 'request-budget': '101' }, 'request-budget', '1 to 100'],
    [{ dataset: 'views', 'request-budget': 'half' }, 'request-budget', '1 to 100'],
    [{ daily: 'sometimes' }, 'daily', '`auto`']
  ])('%j is one error naming %s, before any request', async (inputs, name, words) => {
    const result = await runStep(inputs)
    expect(result.exitCode).not.toBe(0)
    const error = errorLine(result)
    expect(error).toContain(name)
    expect(error).toContain(words)
    expect(world().svc.requests).toHaveLength(0)
  })
})
