/**
 * Re-runs and cancellation (docs/RELIABILITY.md, checklist 15, 17): a re-run of the same workflow
 * run, or a second delivery of the same comment, finds its tracking comment and re-attaches to the
 * job named there; a cancel says so in the comment within moments, stops polling and fails the
 * step.
 */
import { describe, expect, it } from '@jest/globals'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Fault } from '../fakes/service-emulator.js'
import { addEarlierComment, addThread, runComment, useWorld } from './helpers/world.js'
import { commandLines, markerOf, shown, trackingMarker } from './helpers/text.js'

const world = useWorld()

const CREATE = '/v2/agent/proj_test/job'

/** The next create of a job meets `fault`. */
function failCreate(fault: Fault): void {
  world().svc.inject({ method: 'POST', path: CREATE, fault })
}

/** Reading the thread's comments fails for good (20 times). */
function threadUnreadable(): void {
  world().gh.inject({
    method: 'GET',
    path: '/repos/acme/docs/issues/7/comments',
    times: 20,
    fault: { status: 500 }
  })
}

/** Aborts the controller once `ready()` holds; returns when it aborted. */
function abortWhen(
  controller: AbortController,
  ready: () => boolean
): { abortedAt: () => number; stop: () => void } {
  let abortedAt = 0
  const timer = setInterval(() => {
    if (!controller.signal.aborted && ready()) {
      abortedAt = Date.now()
      controller.abort()
    }
  }, 5)
  return { abortedAt: () => abortedAt, stop: () => clearInterval(timer) }
}

describe('re-runs re-attach, never a second job or comment (RELIABILITY 15)', () => {
  it('a re-run (GITHUB_RUN_ATTEMPT 2) re-attaches to the job of attempt 1: no second POST, no second comment', async () => {
    world().svc.scriptJobs({ activePolls: 4 })
    const first = await runComment(world(), { attempt: 1, inputs: { 'max-wait-minutes': '0.05' } })
    expect(first.outputs).toMatchObject({ 'job-id': 'job_1', status: 'timed-out' })
    const second = await runComment(world(), { attempt: 2 })
    expect(second.exitCode).toBe(0)
    expect(second.outputs).toMatchObject({
      'job-id': 'job_1',
      status: 'completed',
      'comment-id': first.outputs['comment-id']
    })
    expect(world().creates()).toHaveLength(1)
    const comments = world().botComments()
    expect(comments).toHaveLength(1)
    expect(comments[0].body).toContain('✅ The agent opened a pull request')
    expect(comments[0].body).toContain(
      '(https://github.com/acme/docs/actions/runs/4242/attempts/2)'
    )
    expect(markerOf(comments[0].body)).toEqual(
      trackingMarker({ request: 'comment-9001', job: 'job_1', state: 'job', phase: 'ended' })
    )
    // Attempt 2 made no reaction and no new comment: it read the thread and edited the comment.
    expect(
      world().gh.calls.filter(c => c.method === 'POST' && c.path.endsWith('/issues/7/comments'))
    ).toHaveLength(1)
  })

  it('a second delivery of the same comment, while attempt 1 was still following, re-attaches too', async () => {
    world().svc.addJob({ id: 'job_1', activePolls: 0 })
    const id = addEarlierComment(world(), 'tracking request=comment-9001 job=job_1 state=job')
    const result = await runComment(world(), { attempt: 1 })
    expect(result.outputs).toMatchObject({
      'job-id': 'job_1',
      status: 'completed',
      'comment-id': String(id)
    })
    expect(world().creates()).toHaveLength(0)
    expect(world().botComments()).toHaveLength(1)
    // Re-attached: the first poll is at once, no create wait.
    expect(world().gets()).toHaveLength(1)
  })

  it('does not create a job when attempt 1 may have created one whose id was never recorded', async () => {
    addEarlierComment(world(), 'tracking request=comment-9001 state=pending', {
      text: '⏳ Working on it: starting an agent job.'
    })
    const result = await runComment(world(), { attempt: 2 })
    expect(world().creates()).toHaveLength(0)
    expect(result.exitCode).toBe(1)
    expect(result.outputs).toMatchObject({ status: 'failed', 'job-id': '' })
    const comments = world().botComments()
    expect(comments).toHaveLength(1)
    expect(comments[0].body).toContain(
      '⚠️ An earlier attempt of this run may have started an agent job, but its id was never recorded.'
    )
    expect(markerOf(comments[0].body)).toEqual(
      trackingMarker({ request: 'comment-9001', state: 'unknown' })
    )
  })

  it('a re-run that cannot read the thread (GitHub 500 for good) starts no job, since it cannot see attempt 1', async () => {
    threadUnreadable()
    const result = await runComment(world(), { attempt: 2 })
    expect(world().creates()).toHaveLength(0)
    expect(result.exitCode).toBe(1)
    expect(result.outputs).toMatchObject({ status: 'failed', 'job-id': '' })
    const comments = world().botComments()
    expect(comments.map(c => c.body).join('\n')).toContain(
      'the thread could not be read to find the job of the earlier attempt'
    )
  })

  it('a first attempt that cannot read the thread still creates its job (there is no earlier attempt)', async () => {
    threadUnreadable()
    const result = await runComment(world(), { attempt: 1 })
    expect(world().creates()).toHaveLength(1)
    expect(result.outputs.status).toBe('completed')
  })

  it('does not create a job on a re-run after a create whose outcome was unknown', async () => {
    failCreate({ status: 502, process: true })
    const first = await runComment(world(), { attempt: 1 })
    expect(first.exitCode).toBe(1)
    const second = await runComment(world(), { attempt: 2 })
    expect(second.exitCode).toBe(1)
    expect(world().creates()).toHaveLength(1)
    expect(world().botComments()).toHaveLength(1)
  })

  it('creates the job on a re-run after a refused create (nothing was started), editing the same comment', async () => {
    failCreate({ status: 429 })
    world().svc.scriptJobs({ activePolls: 0 })
    const first = await runComment(world(), { attempt: 1 })
    expect(first.outputs.status).toBe('failed')
    const second = await runComment(world(), { attempt: 2 })
    expect(second.outputs).toMatchObject({
      'job-id': 'job_1',
      status: 'completed',
      'comment-id': first.outputs['comment-id']
    })
    expect(world().creates()).toHaveLength(2)
    expect(world().botComments()).toHaveLength(1)
  })

  it('re-attaches to a job whose id has characters beyond letters and digits (the id format is not documented)', async () => {
    const odd = 'run:42/a+b=='
    world().svc.addJob({ id: odd, activePolls: 2 })
    addEarlierComment(world(), 'tracking request=comment-8000 job=run:42%2Fa%2Bb%3D%3D state=job', {
      text: 'Done earlier.'
    })
    // Attempt 1 follows up the thread's job and is cut short; attempt 2 must find that job again.
    const first = await runComment(world(), { attempt: 1, inputs: { 'max-wait-minutes': '0.02' } })
    expect(first.outputs).toMatchObject({ 'job-id': odd, status: 'timed-out' })
    const own = world().botComments()[1]
    expect(markerOf(own.body)).toMatchObject({ request: 'comment-9001', state: 'job' })
    const second = await runComment(world(), { attempt: 2 })
    expect(second.outputs).toMatchObject({ 'job-id': odd, status: 'completed' })
    expect(world().svc.job(odd)?.messages).toHaveLength(1)
    expect(world().creates()).toHaveLength(0)
    expect(world().botComments()).toHaveLength(2)
  })

  it('does not trust a tracking marker typed by a person', async () => {
    world().svc.addJob({ id: 'job_planted', activePolls: 0 })
    addThread(world())
    world().gh.addComment(
      'acme',
      'docs',
      7,
      'Note: <!-- mintlify-docs-agent:tracking request=comment-9001 job=job_planted state=job -->',
      'outsider'
    )
    world().svc.scriptJobs({ activePolls: 0 })
    const result = await runComment(world(), { attempt: 2 })
    expect(result.outputs['job-id']).not.toBe('job_planted')
    expect(world().svc.job('job_planted')?.polls).toBe(0)
    expect(world().creates()).toHaveLength(1)
  })
})

describe('cancellation (RELIABILITY 17)', () => {
  it('a cancel while polling: the comment says cancelled and that the job may still finish, no further polls, exit 1', async () => {
    world().svc.scriptJobs({ activePolls: 1_000 })
    const controller = new AbortController()
    let getsAtAbort = -1
    const abort = abortWhen(controller, () => {
      if (world().gets().length < 1) return false
      getsAtAbort = world().gets().length
      return true
    })
    const result = await runComment(
      world(),
      { attempt: 1 },
      {
        realTime: true,
        signal: controller.signal
      }
    )
    const endedAt = Date.now()
    abort.stop()
    expect(endedAt - abort.abortedAt()).toBeLessThan(2_000)
    expect(result.exitCode).toBe(1)
    expect(result.outputs).toMatchObject({ 'job-id': 'job_1', status: 'cancelled' })
    const [comment] = world().botComments()
    expect(shown(comment.body)).toContain(
      '🛑 The workflow run was cancelled. Agent job `job_1` may still finish: the API cannot stop it. Re-attach with `job-id: job_1`.'
    )
    expect(markerOf(comment.body)).toMatchObject({ job: 'job_1', state: 'job' })
    expect(commandLines(result.stdout, 'error')).toEqual([
      '::error::The run was cancelled; the agent job may still finish.'
    ])
    // Nothing polls after the cancel, not even a timer left behind.
    await sleep(1_500)
    expect(world().gets()).toHaveLength(getsAtAbort)
  })

  it('a cancel while the create is on its way: the outcome is unknown, and a re-run starts no second job', async () => {
    failCreate({ kind: 'hang', process: true })
    const controller = new AbortController()
    const abort = abortWhen(controller, () => world().creates().length === 1)
    const result = await runComment(
      world(),
      { attempt: 1 },
      {
        realTime: true,
        signal: controller.signal,
        requestTimeoutMs: 10_000
      }
    )
    abort.stop()
    expect(result.exitCode).toBe(1)
    expect(result.outputs).toMatchObject({ status: 'cancelled', 'job-id': '' })
    const body = world().botComments()[0].body
    expect(shown(body)).toContain(
      '⚠️ Could not tell whether the agent job was created: the run was cancelled while waiting for the answer'
    )
    expect(markerOf(body)).toEqual(trackingMarker({ request: 'comment-9001', state: 'unknown' }))
    const rerun = await runComment(world(), { attempt: 2 })
    expect(rerun.exitCode).toBe(1)
    expect(world().creates()).toHaveLength(1)
  })

  it('a cancel before the create starts no job and says so in the outputs and the summary', async () => {
    const controller = new AbortController()
    controller.abort()
    const result = await runComment(
      world(),
      { attempt: 1 },
      {
        signal: controller.signal
      }
    )
    expect(result.exitCode).toBe(1)
    expect(result.outputs).toMatchObject({ status: 'cancelled', 'job-id': '' })
    expect(world().svc.requests).toHaveLength(0)
    // Every GitHub call honours the cancel: it stops at the permission check, and nothing is written.
    expect(world().botComments()).toEqual([])
    expect(result.summary).toContain(
      '🛑 The workflow run was cancelled before an agent job was started.'
    )
  })

  it('a re-run after a cancelled attempt re-attaches to the job and follows it to its end', async () => {
    world().svc.scriptJobs({ activePolls: 3 })
    const controller = new AbortController()
    const abort = abortWhen(controller, () => world().gets().length >= 1)
    await runComment(
      world(),
      { attempt: 1 },
      {
        realTime: true,
        signal: controller.signal
      }
    )
    abort.stop()
    const rerun = await runComment(world(), { attempt: 2 })
    expect(rerun.outputs).toMatchObject({ 'job-id': 'job_1', status: 'completed' })
    expect(world().creates()).toHaveLength(1)
    expect(world().botComments()).toHaveLength(1)
  })
})
