/**
 * A job from create to its end, as the outputs, the step summary, the log and the one tracking
 * comment show it: completed with and without a PR, failed, archived, `wait: false`, `job-id`,
 * `comment: false`, and review comments.
 */
import { describe, expect, it } from '@jest/globals'
import {
  commentScenario,
  RUN_URL,
  runAgent,
  runComment,
  useWorld,
  pathsOf
} from './helpers/world.js'
import { completedWithPr } from './helpers/outputs.js'
import { commandLines, markerOf, trackingMarker } from './helpers/text.js'

const world = useWorld()

const INSTRUCTION = 'Add a quickstart for the Python SDK'
const ASK = `/mintlify ${INSTRUCTION}`

describe('job lifecycle: outcomes', () => {
  it('completed with a PR: outputs, summary table, notice, and the comment links the PR', async () => {
    world().svc.scriptJobs({ activePolls: 2, prLink: 'https://github.com/acme/docs/pull/31' })
    const result = await runComment(world(), { body: ASK })
    expect(result.exitCode).toBe(0)
    const [comment] = world().botComments()
    expect(result.outputs).toEqual(completedWithPr(31, comment.id))
    expect(commandLines(result.stdout, 'notice')).toEqual([
      '::notice::The Mintlify agent opened https://github.com/acme/docs/pull/31'
    ])
    expect(commandLines(result.stdout, 'error')).toEqual([])
    expect(result.summary).toContain('### Mintlify docs agent')
    expect(result.summary).toContain('| Detail | Value |')
    expect(result.summary).toContain('| Job id | `job_1` |')
    expect(result.summary).toContain('| Status | `completed` |')
    expect(result.summary).toMatch(/\| Duration \| \d+ s \|/)
    expect(result.summary).toContain(
      '| Pull request | [acme/docs#31](https://github.com/acme/docs/pull/31) |'
    )
    expect(result.summary).toContain(`| Prompt | ${INSTRUCTION} |`)
    expect(result.summary).toContain(
      `| Comment | [tracking comment](${result.outputs['comment-url']}) |`
    )
    expect(comment.body).toMatch(
      /^\*\*Mintlify docs agent\*\*\n\n✅ The agent opened a pull request: \[acme\/docs#31\]\(https:\/\/github\.com\/acme\/docs\/pull\/31\) after \d+ s\./
    )
    expect(comment.body).toContain(`maintainer asked:\n\n> ${INSTRUCTION}`)
    expect(comment.body).toContain(`<sub>[workflow run](${RUN_URL})</sub>`)
    expect(markerOf(comment.body)).toEqual(
      trackingMarker({ request: 'comment-9001', job: 'job_1', state: 'job', phase: 'ended' })
    )
    expect(world().gets()).toHaveLength(3)
    expect(world().gh.reactions).toEqual([
      { subject: 'issue_comment', commentId: 9001, content: 'eyes' }
    ])
  })

  it('writes the tracking comment in three steps: working, following the job id, the result', async () => {
    world().svc.scriptJobs({ activePolls: 1 })
    await runComment(world(), { body: ASK })
    const bodies = world().sentBodies()
    expect(bodies).toHaveLength(3)
    expect(bodies[0]).toContain(
      `⏳ Working on it: starting an agent job ([workflow run](${RUN_URL})).`
    )
    // The claim records the run's deadline: past it, the run can no longer be creating the job.
    expect(markerOf(bodies[0])).toEqual(
      trackingMarker({
        request: 'comment-9001',
        state: 'pending',
        deadline: expect.stringMatching(/^\d+$/)
      })
    )
    expect(bodies[1]).toContain(
      '⏳ Agent job `job_1` is running; this comment is updated when it ends.'
    )
    expect(markerOf(bodies[1])).toEqual(
      trackingMarker({
        request: 'comment-9001',
        job: 'job_1',
        state: 'job',
        phase: 'following',
        deadline: expect.stringMatching(/^\d+$/)
      })
    )
    expect(bodies[2]).toContain('✅ The agent opened a pull request')
  })

  it('completed without a PR: "finished without a pull request" and why that can be, empty PR outputs, no notice', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const result = await runComment(world(), { body: ASK })
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({
      'job-id': 'job_1',
      status: 'completed',
      'pr-url': '',
      'pr-number': ''
    })
    expect(world().botComments()[0].body).toMatch(
      /✅ Agent job `job_1` finished( after \d+ s)? without a pull request: either nothing needed to change, or the project’s review setting \(or a Mintlify-hosted deployment\) had the agent commit straight to the deploy branch\./
    )
    expect(commandLines(result.stdout, 'notice')).toEqual([])
    expect(result.summary).toContain('| Pull request | — |')
  })

  it('failed: the comment says so with the job id, and the step fails', async () => {
    world().svc.scriptJobs({ activePolls: 1, outcome: 'failed' })
    const result = await runComment(world(), { body: ASK })
    expect(result.exitCode).toBe(1)
    expect(result.outputs).toMatchObject({ 'job-id': 'job_1', status: 'failed', 'pr-url': '' })
    expect(world().botComments()[0].body).toMatch(
      /❌ Agent job `job_1` failed( after \d+ s)?\. The service gives no reason/
    )
    expect(commandLines(result.stdout, 'error')).toEqual([
      '::error::The agent job ended with status failed (job job_1).'
    ])
  })

  it('failed with fail-on-error false: status failed, the step succeeds', async () => {
    world().svc.scriptJobs({ activePolls: 0, outcome: 'failed' })
    const result = await runComment(world(), { body: ASK, inputs: { 'fail-on-error': 'false' } })
    expect(result.exitCode).toBe(0)
    expect(result.outputs.status).toBe('failed')
  })

  it('archived: exit 1 with fail-on-error true', async () => {
    world().svc.scriptJobs({ activePolls: 1, outcome: 'archived' })
    const result = await runComment(world(), { body: ASK })
    expect(result.exitCode).toBe(1)
    expect(result.outputs).toMatchObject({ 'job-id': 'job_1', status: 'archived' })
    expect(world().botComments()[0].body).toMatch(/🗄️ Agent job `job_1` was archived/)
  })

  it('archived: exit 0 with fail-on-error false', async () => {
    world().svc.scriptJobs({ activePolls: 1, outcome: 'archived' })
    const result = await runComment(world(), { body: ASK, inputs: { 'fail-on-error': 'false' } })
    expect(result.exitCode).toBe(0)
    expect(result.outputs.status).toBe('archived')
    expect(commandLines(result.stdout, 'error')).toEqual([])
  })

  it('wait: false creates the job, reports it active and returns: one POST, no GET', async () => {
    const result = await runComment(world(), { body: ASK, inputs: { wait: 'false' } })
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({ 'job-id': 'job_1', status: 'active', 'pr-url': '' })
    expect(world().svc.requests.map(r => `${r.method} ${r.path}`)).toEqual([
      'POST /v2/agent/proj_test/job'
    ])
    const [comment] = world().botComments()
    expect(comment.body).toContain(
      '🚀 Agent job `job_1` started; this run does not wait for it (`wait: false`).'
    )
    expect(markerOf(comment.body)).toMatchObject({ job: 'job_1', state: 'job' })
  })

  it('job-id attaches to an existing job: no create, polled to its end', async () => {
    const id = world().svc.addJob({
      id: 'job_existing',
      activePolls: 1,
      prLink: 'https://github.com/acme/docs/pull/5'
    })
    const result = await runAgent(world(), {
      eventName: 'workflow_dispatch',
      inputs: { 'job-id': id, 'back-link': 'false' }
    })
    expect(result.exitCode).toBe(0)
    expect(world().creates()).toHaveLength(0)
    expect(pathsOf(world().gets())).toEqual([
      '/v2/agent/proj_test/job/job_existing',
      '/v2/agent/proj_test/job/job_existing'
    ])
    expect(result.outputs).toMatchObject({
      'job-id': 'job_existing',
      status: 'completed',
      'pr-number': '5'
    })
    expect(world().gh.calls).toHaveLength(0)
  })

  it('job-id takes any one-word id back, and reads the job with the id URL-encoded in the path', async () => {
    const id = world().svc.addJob({ id: 'run:42/a+b==', activePolls: 0, prLink: null })
    const result = await runAgent(world(), {
      eventName: 'workflow_dispatch',
      inputs: { 'job-id': id }
    })
    expect(result.outputs).toMatchObject({ 'job-id': id, status: 'completed' })
    expect(pathsOf(world().gets())).toEqual(['/v2/agent/proj_test/job/run%3A42%2Fa%2Bb%3D%3D'])
  })

  it('job-id with wait: false reads the job once and reports its status', async () => {
    const id = world().svc.addJob({ id: 'job_running', activePolls: 10 })
    const result = await runAgent(world(), {
      eventName: 'workflow_dispatch',
      inputs: { 'job-id': id, wait: 'false' }
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({ 'job-id': 'job_running', status: 'active' })
    expect(world().gets()).toHaveLength(1)
    expect(world().creates()).toHaveLength(0)
  })

  it('comment: false on a dispatch with issue-number makes no GitHub call at all', async () => {
    world().gh.addIssue('acme', 'docs', { number: 12 })
    world().svc.scriptJobs({ activePolls: 1 })
    const result = await runAgent(world(), {
      eventName: 'workflow_dispatch',
      inputs: { prompt: 'Check the changelog', 'issue-number': '12', comment: 'false' }
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({
      status: 'completed',
      'pr-number': '1',
      'comment-id': '',
      'comment-url': ''
    })
    expect(world().gh.calls).toEqual([])
    expect(result.summary).toContain('| Status | `completed` |')
  })

  it('comment: false on a comment event only checks the permission: no reaction, no comment, no back-link', async () => {
    world().gh.addIssue('acme', 'docs', { number: 1, pull_request: true })
    world().svc.scriptJobs({ activePolls: 0 })
    const result = await runComment(world(), {
      body: ASK,
      inputs: { comment: 'false', 'back-link': 'true' }
    })
    expect(result.outputs).toMatchObject({
      status: 'completed',
      'pr-number': '1',
      'comment-id': ''
    })
    expect(world().callList()).toEqual(['GET /repos/acme/docs/collaborators/maintainer/permission'])
    expect(world().gh.reactions).toEqual([])
  })

  it('a review comment gets 👀 on the review comment and the tracking comment on its pull request', async () => {
    world().svc.scriptJobs({ activePolls: 0 })
    const scenario = commentScenario(world(), {
      review: true,
      body: '/mintlify document this',
      thread: {
        title: 'Add OAuth',
        files: [{ filename: 'src/auth.ts', additions: 40, deletions: 2 }]
      }
    })
    const reviewId = scenario.commentId
    const result = await runAgent(world(), scenario)
    expect(result.exitCode).toBe(0)
    expect(world().gh.reactions).toEqual([
      { subject: 'review_comment', commentId: reviewId, content: 'eyes' }
    ])
    const comments = world().botComments(8)
    expect(comments).toHaveLength(1)
    expect(markerOf(comments[0].body)).toEqual(
      trackingMarker({ request: 'review-9101', job: 'job_1', state: 'job', phase: 'ended' })
    )
    expect(world().gh.reviewReplies).toEqual([])
    const prompt = (world().creates()[0].body as { prompt: string }).prompt
    expect(prompt).toContain('- src/auth.ts (+40 -2)')
  })

  it('carries on when the 👀 reaction cannot be added', async () => {
    world().gh.inject({
      method: 'POST',
      path: /\/reactions$/,
      times: Infinity,
      fault: { status: 422 }
    })
    world().svc.scriptJobs({ activePolls: 0 })
    const result = await runComment(world(), { body: ASK })
    expect(result.outputs.status).toBe('completed')
    expect(commandLines(result.stdout, 'warning', 'Could not add the 👀 reaction').length > 0).toBe(
      true
    )
  })
})
