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

/** The marker a step's report ends with: the run and the step (job/step). */
const MARKER = '<!-- mintlify-docs-agent:report run=4242 step=docs%2Fagent -->'
/** The marker as the first version of several datasets wrote it, first in the report. */
const FIRST_MARKER = '<!-- mintlify-analytics-report run:4242 step:docs/agent -->'

function runStep(inputs: Record<string, string>): Promise<ActionRunResult> {
  return runAnalytics(world(), {
    eventName: 'schedule',
    inputs: { 'github-token': world().gh.token, dataset: 'views, feedback', ...inputs }
  })
}

/** The step's run reporting on #7, which succeeds; then the comments of #7. */
async function reportOn7() {
  const result = await runStep({ 'issue-number': '7' })
  expect(result.exitCode).toBe(0)
  return world().gh.comments('acme', 'docs', 7)
}

describe('the report of several datasets', () => {
  it('posts one comment and a re-run of the step edits it instead of adding a second', async () => {
    world().svc.setPageViews([{ path: '/a', human: 3, ai: 1, total: 4 }])
    world().svc.setFeedback([])
    let comments = await reportOn7()
    expect(comments).toHaveLength(1)
    expect(comments[0].body.endsWith(MARKER)).toBe(true)
    expect(comments[0].body).toContain('### Page views')
    expect(comments[0].body).toContain('### Feedback')
    expect(comments[0].body).toContain('**Requests:** 2 of 100 requests')

    world().svc.setPageViews([{ path: '/b', human: 30, ai: 10, total: 40 }])
    comments = await reportOn7()
    expect(comments).toHaveLength(1)
    expect(comments[0].body).toContain('/b')
    expect(
      world().gh.calls.filter(c => c.method === 'POST' && /comments$/.test(c.path))
    ).toHaveLength(1)
  })

  it.each([
    ['its marker', `not ours\n${MARKER}`],
    ['the marker as first written', `${FIRST_MARKER}\nnot ours`]
  ])("never edits someone else's comment that copies %s", async (_, body) => {
    world().gh.addComment('acme', 'docs', 7, body, 'mallory')
    world().svc.setPageViews([])
    world().svc.setFeedback([])
    const comments = await reportOn7()
    expect(comments).toHaveLength(2)
    expect(comments[0].body).toBe(body)
  })

  it('edits a report of this step marked as the first version wrote it', async () => {
    world().gh.addComment('acme', 'docs', 7, `${FIRST_MARKER}\n### Mintlify analytics: old`)
    world().svc.setPageViews([{ path: '/a', human: 3, ai: 1, total: 4 }])
    world().svc.setFeedback([])
    const comments = await reportOn7()
    expect(comments).toHaveLength(1)
    expect(comments[0].body).toContain('### Feedback')
    expect(comments[0].body.endsWith(MARKER)).toBe(true)
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
