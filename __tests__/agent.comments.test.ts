/**
 * One tracking comment per request (docs/RELIABILITY.md, checklist 15-16): created once, then
 * edited; GitHub's failures while commenting are retried within bounds and never sink the run; a
 * happy run stays within its budget of GitHub calls.
 */
import { describe, expect, it } from '@jest/globals'
import { secondaryRateLimit } from '../fakes/github-fake.js'
import { runComment, useWorld } from './helpers/world.js'
import { commandLines, markerOf } from './helpers/text.js'

const world = useWorld()

const COMMENTS = '/repos/acme/docs/issues/7/comments'

describe('one tracking comment, created once and edited (RELIABILITY 15)', () => {
  it('a happy comment run on an issue makes exactly these 8 GitHub calls (with who the token posts as, and the claim confirmed)', async () => {
    world().svc.scriptJobs({ activePolls: 2 })
    const result = await runComment(world())
    const id = result.outputs['comment-id']
    expect(world().callList()).toEqual([
      'GET /repos/acme/docs/collaborators/maintainer/permission',
      'POST /repos/acme/docs/issues/comments/9001/reactions',
      `GET ${COMMENTS}`,
      // Who the token posts as: only its comments are trusted.
      'POST /graphql',
      `POST ${COMMENTS}`,
      // The claim confirmed: no other run's claim on this request came first.
      `GET ${COMMENTS}`,
      `PATCH /repos/acme/docs/issues/comments/${id}`,
      `PATCH /repos/acme/docs/issues/comments/${id}`
    ])
    expect(
      world().gh.calls.find(c => c.method === 'POST' && c.path.endsWith('/reactions'))?.body
    ).toEqual({ content: 'eyes' })
    expect(world().botComments()).toHaveLength(1)
    expect(world().botComments()[0].id).toBe(Number(id))
  })

  it('with back-link on, the agent’s PR adds its own calls: the look for an earlier back-link and the back-link', async () => {
    world().gh.addIssue('acme', 'docs', { number: 1, pull_request: true })
    world().svc.scriptJobs({ activePolls: 0 })
    await runComment(world(), { inputs: { 'back-link': 'true' } })
    // Before the tracking comment shows the end: a run that dies posting it leaves the comment open.
    expect(world().callList().slice(7)).toEqual([
      'GET /repos/acme/docs/issues/1/comments',
      'POST /repos/acme/docs/issues/1/comments',
      expect.stringMatching(/^PATCH \/repos\/acme\/docs\/issues\/comments\/\d+$/)
    ])
  })

  it('retries a 502 on the edit (PATCH is idempotent) and still ends with one comment', async () => {
    world().gh.inject({
      method: 'PATCH',
      path: /^\/repos\/acme\/docs\/issues\/comments\/\d+$/,
      fault: { status: 502 },
      times: 2
    })
    world().svc.scriptJobs({ activePolls: 0 })
    const result = await runComment(world())
    expect(result.exitCode).toBe(0)
    expect(world().callList(c => c.startsWith('PATCH'))).toHaveLength(4)
    const comments = world().botComments()
    expect(comments).toHaveLength(1)
    expect(comments[0].body).toContain('✅ The agent opened a pull request')
    expect(commandLines(result.stdout, 'warning')).toEqual([])
  })

  it('waits out a secondary rate limit on the comment create (Retry-After: 1) and posts once', async () => {
    world().gh.inject({ method: 'POST', path: COMMENTS, fault: secondaryRateLimit(1) })
    world().svc.scriptJobs({ activePolls: 0 })
    const result = await runComment(world(), {}, { realTime: true })
    expect(result.exitCode).toBe(0)
    const posts = world().gh.calls.filter(c => c.method === 'POST' && c.path === COMMENTS)
    expect(posts).toHaveLength(2)
    expect(posts[1].at - posts[0].at).toBeGreaterThanOrEqual(1000)
    expect(world().botComments()).toHaveLength(1)
    expect(result.stdout).toMatch(/GitHub API call failed \(attempt 1\); trying again in \d s\./)
  })

  it('does not post twice when the create answered 502 after storing the comment', async () => {
    world().gh.inject({ method: 'POST', path: COMMENTS, fault: { status: 502, process: true } })
    world().svc.scriptJobs({ activePolls: 0 })
    const result = await runComment(world())
    expect(result.exitCode).toBe(0)
    expect(world().gh.calls.filter(c => c.method === 'POST' && c.path === COMMENTS)).toHaveLength(1)
    const comments = world().botComments()
    expect(comments).toHaveLength(1)
    expect(comments[0].body).toContain('✅ The agent opened a pull request')
    expect(result.outputs['comment-id']).toBe(String(comments[0].id))
  })

  it('when commenting fails for good, the result still reaches the outputs and the summary', async () => {
    world().gh.inject({ method: 'POST', path: COMMENTS, fault: { status: 500 }, times: Infinity })
    world().svc.scriptJobs({ activePolls: 1 })
    const result = await runComment(world())
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toEqual({
      'job-id': 'job_1',
      status: 'completed',
      'pr-url': 'https://github.com/acme/docs/pull/1',
      'pr-number': '1',
      'comment-id': '',
      'comment-url': ''
    })
    expect(result.summary).toContain('| Status | `completed` |')
    expect(result.summary).toContain('[acme/docs#1](https://github.com/acme/docs/pull/1)')
    expect(world().botComments()).toHaveLength(0)
    // Bounded: at most two POSTs for each of the three versions of the comment.
    expect(
      world().gh.calls.filter(c => c.method === 'POST' && c.path === COMMENTS).length
    ).toBeLessThanOrEqual(6)
    expect(
      commandLines(result.stdout, 'warning', 'Could not write the tracking comment on #7').length >
        0
    ).toBe(true)
    expect(world().creates()).toHaveLength(1)
  })

  it('when the edits fail for good, the comment keeps its job marker and the result reaches the outputs', async () => {
    world().gh.inject({
      method: 'PATCH',
      path: /^\/repos\/acme\/docs\/issues\/comments\/\d+$/,
      fault: { status: 503 },
      times: Infinity
    })
    world().svc.scriptJobs({ activePolls: 0, outcome: 'failed' })
    const result = await runComment(world())
    expect(result.exitCode).toBe(1)
    expect(result.outputs).toMatchObject({ 'job-id': 'job_1', status: 'failed' })
    expect(result.outputs['comment-id']).toBe(String(world().botComments()[0].id))
    expect(result.summary).toContain('❌ Agent job `job_1` failed')
    // 2 edits, 4 attempts each.
    expect(world().callList(c => c.startsWith('PATCH'))).toHaveLength(8)
    expect(
      commandLines(result.stdout, 'warning', 'Could not update the tracking comment')
    ).toHaveLength(2)
  })

  it("goes on when the thread's comments cannot be read, with one warning", async () => {
    world().gh.inject({ method: 'GET', path: COMMENTS, fault: { status: 500 }, times: Infinity })
    world().svc.scriptJobs({ activePolls: 0 })
    const result = await runComment(world())
    expect(result.outputs.status).toBe('completed')
    expect(world().botComments()).toHaveLength(1)
    expect(
      commandLines(result.stdout, 'warning', "Could not read the thread's comments")
    ).toHaveLength(1)
  })

  it('writes the marker of the request into the comment before the create, and the job id right after', async () => {
    world().svc.scriptJobs({ activePolls: 0 })
    await runComment(world())
    const createAt = world().creates()[0].at
    const writes = world().gh.calls.filter(
      c => (c.method === 'POST' && c.path === COMMENTS) || c.method === 'PATCH'
    )
    expect(writes[0].at).toBeLessThanOrEqual(createAt)
    expect(markerOf((writes[0].body as { body: string }).body)).toMatchObject({ state: 'pending' })
    expect(markerOf((writes[1].body as { body: string }).body)).toMatchObject({
      job: 'job_1',
      state: 'job'
    })
  })
})
