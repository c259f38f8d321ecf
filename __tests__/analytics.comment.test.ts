/** The optional report comment on `issue-number`, against the GitHub fake. */
import { describe, expect, it } from '@jest/globals'
import { REPORT_MARKER } from '../src/analytics/report/render.js'
import type { ActionRunResult } from '../fakes/action-env.js'
import { runAnalytics, useWorld } from './helpers/world.js'

const world = useWorld(world =>
  world.gh.addIssue('acme', 'docs', { number: 7, title: 'Weekly page views' })
)

function runExport(inputs: Record<string, string>): Promise<ActionRunResult> {
  return runAnalytics(world(), {
    eventName: 'schedule',
    inputs: { 'github-token': world().gh.token, ...inputs }
  })
}

describe('report comment', () => {
  it('posts the report once to issue-number, with inert paths and a link to the run', async () => {
    world().svc.setPageViews([
      { path: '/@octocat/guide', human: 8, ai: 2, total: 10 },
      { path: '/quickstart', human: 3, ai: 1, total: 4 }
    ])
    const result = await runExport({ 'issue-number': '7' })

    expect(result.exitCode).toBe(0)
    const comments = world().gh.comments('acme', 'docs', 7)
    expect(comments).toHaveLength(1)
    const body = comments[0].body
    expect(body.startsWith(REPORT_MARKER)).toBe(true)
    expect(body).toContain('| Human | 11 | 78.6% |')
    expect(body).toContain('| 2 | /quickstart | 4 | 3 | 1 | 25.0% |')
    expect(body).not.toMatch(/@octocat/)
    expect(body).toContain('[Workflow run](https://github.com/acme/docs/actions/runs/4242)')
    expect(body).not.toContain(world().svc.apiKey)
    expect(
      world().gh.calls.filter(c => c.method === 'POST' && /comments$/.test(c.path))
    ).toHaveLength(1)
    expect(result.outputs.pages).toBe('2')
  })

  it('edits its report when the step is re-run, never posts a second one', async () => {
    world().svc.setPageViews([{ path: '/first', human: 3, ai: 1, total: 4 }])
    expect((await runExport({ 'issue-number': '7' })).exitCode).toBe(0)
    world().svc.setPageViews([{ path: '/second', human: 30, ai: 10, total: 40 }])
    const rerun = await runAnalytics(world(), {
      eventName: 'schedule',
      inputs: { 'github-token': world().gh.token, 'issue-number': '7' },
      env: { GITHUB_RUN_ATTEMPT: '2' }
    })

    expect(rerun.exitCode).toBe(0)
    const comments = world().gh.comments('acme', 'docs', 7)
    expect(comments).toHaveLength(1)
    expect(comments[0].body.startsWith(REPORT_MARKER)).toBe(true)
    expect(comments[0].body).toContain('/second')
    expect(comments[0].body).not.toContain('/first')
    const posts = world().gh.calls.filter(c => c.method === 'POST' && /comments$/.test(c.path))
    expect(posts).toHaveLength(1)
    expect(rerun.stdout).toMatch(/Updated the report on/)
  })

  it('posts a new report for another step of the run', async () => {
    world().svc.setPageViews([{ path: '/a', human: 3, ai: 1, total: 4 }])
    await runExport({ 'issue-number': '7' })
    const other = await runAnalytics(world(), {
      eventName: 'schedule',
      inputs: { 'github-token': world().gh.token, 'issue-number': '7' },
      env: { GITHUB_ACTION: 'visitors' }
    })
    expect(other.exitCode).toBe(0)
    expect(world().gh.comments('acme', 'docs', 7)).toHaveLength(2)
  })

  it('posts nothing when issue-number is empty', async () => {
    world().svc.generatePageViews(3)
    const result = await runExport({})
    expect(result.exitCode).toBe(0)
    expect(world().gh.calls).toHaveLength(0)
  })

  it('keeps the export a success, with a warning, when the comment cannot be posted', async () => {
    world().svc.generatePageViews(3)
    world().gh.denyRepo('acme', 'docs', 403)
    const result = await runExport({ 'issue-number': '7' })
    expect(result.exitCode).toBe(0)
    expect(result.outputs.pages).toBe('3')
    expect(result.stdout).toMatch(
      /::warning::The export succeeded, but the report could not be posted to #7/
    )
    expect(result.summary).toContain('### Mintlify page views')
  })

  it('does not post twice when the comment request fails after GitHub stored it', async () => {
    world().svc.generatePageViews(3)
    world().gh.inject({
      method: 'POST',
      path: '/repos/acme/docs/issues/7/comments',
      fault: { status: 502, process: true }
    })
    const result = await runExport({ 'issue-number': '7' })
    expect(result.exitCode).toBe(0)
    expect(world().gh.comments('acme', 'docs', 7)).toHaveLength(1)
  })
})
