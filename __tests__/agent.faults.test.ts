/**
 * Faults of the service (docs/RELIABILITY.md, checklist 8-14): a create that may have happened is
 * never sent again; a 429 is retried only as Retry-After allows; polling survives 5xx, 429, resets,
 * hangs and malformed bodies, keeps its deadline, tolerates unknown statuses and a 404 right after
 * create.
 */
import { describe, expect, it } from '@jest/globals'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { serviceError, type Fault } from '../fakes/service-emulator.js'
import { runComment, useWorld } from './helpers/world.js'
import { commandLines, markerOf, shown, trackingMarker } from './helpers/text.js'

const world = useWorld()

const CREATE = '/v2/agent/proj_test/job'
const JOB = /^\/v2\/agent\/proj_test\/job\/[^/]+$/

/** The next create of a job meets `fault`. */
function failCreate(fault: Fault): void {
  world().svc.inject({ method: 'POST', path: CREATE, fault })
}

/** The one tracking comment, as a reader sees it. */
function theComment(): string {
  const comments = world().botComments()
  expect(comments).toHaveLength(1)
  return shown(comments[0].body)
}

describe('create is never blindly retried (RELIABILITY 8)', () => {
  const mayHaveHappened: [string, Fault, RegExp, boolean][] = [
    [
      'a hang past the request timeout',
      { kind: 'hang', process: true },
      /no answer came within the request timeout/,
      true
    ],
    [
      'a reset after the body was sent',
      { kind: 'reset-after-body' },
      /the connection to 127\.0\.0\.1:\d+ failed \((ECONNRESET|UND_ERR_SOCKET)\)/,
      true
    ],
    ['HTTP 500', { status: 500 }, /the service answered HTTP 500/, false],
    [
      'HTTP 502 after the job was created',
      { status: 502, process: true },
      /the service answered HTTP 502/,
      true
    ],
    [
      'a malformed 201 body',
      { kind: 'malformed', status: 201, process: true },
      /the answer could not be read/,
      true
    ]
  ]

  it.each(mayHaveHappened)(
    'after %s: exactly one POST, the comment says the outcome is unknown, exit 1',
    async (_name, fault, cause, jobExists) => {
      failCreate(fault)
      const result = await runComment(world())
      expect(world().creates()).toHaveLength(1)
      expect(world().gets()).toHaveLength(0)
      expect(world().svc.job('job_1') !== undefined).toBe(jobExists)
      expect(result.exitCode).toBe(1)
      expect(result.outputs).toMatchObject({ status: 'failed', 'job-id': '' })
      const body = theComment()
      expect(body).toContain('⚠️ Could not tell whether the agent job was created: ')
      expect(body).toMatch(cause)
      expect(body).toContain(
        'It was not sent again, so that no second job is started. Check the Mintlify dashboard'
      )
      // The marker says so, so a re-run does not create one either.
      expect(markerOf(body)).toEqual(trackingMarker({ request: 'comment-9001', state: 'unknown' }))
      expect(commandLines(result.stdout, 'error').at(-1)).toMatch(
        /^::error::Could not tell whether the agent job was created \(.+\); it was not retried\.$/
      )
    }
  )

  it('retries a create that provably never left (connection refused), then reports the service unreachable', async () => {
    const closed = http.createServer()
    await new Promise<void>(resolve => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise<void>(resolve => closed.close(() => resolve()))
    const result = await runComment(world(), { inputs: { 'api-url': `http://127.0.0.1:${port}` } })
    expect(result.exitCode).toBe(1)
    expect(
      commandLines(result.stdout, 'warning', 'Creating the job failed (never sent)')
    ).toHaveLength(2)
    expect(theComment()).toContain(
      `❌ Could not reach 127.0.0.1:${port} (ECONNREFUSED), so nothing was sent and no job was started.`
    )
    expect(theComment()).not.toMatch(/refused the request/)
    expect(commandLines(result.stdout, 'error').at(-1)).toBe(
      `::error::Could not reach 127.0.0.1:${port} (ECONNREFUSED); nothing was sent.`
    )
    expect(markerOf(theComment())).toEqual(trackingMarker({ request: 'comment-9001' }))
  })
})

describe('create and rate limits (RELIABILITY 9-10)', () => {
  it('retries a 429 with Retry-After: 1 once, no sooner than 1 s later, and follows the job', async () => {
    failCreate({ status: 429, headers: { 'retry-after': '1' } })
    world().svc.scriptJobs({ activePolls: 0 })
    const result = await runComment(world(), {}, { realTime: true })
    const posts = world().creates()
    expect(posts).toHaveLength(2)
    expect(posts[1].at - posts[0].at).toBeGreaterThanOrEqual(1000)
    expect(posts[1].at - posts[0].at).toBeLessThan(2500)
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({ 'job-id': 'job_1', status: 'completed' })
    // The wait is p-retry's first backoff (1 s, randomized up to 2 s), never less than Retry-After.
    expect(commandLines(result.stdout, 'warning', 'Creating the job failed (429)')).toEqual([
      expect.stringMatching(/Creating the job failed \(429\); trying again in [12] s\.$/)
    ])
  })

  it('does not retry a 429 without Retry-After and names the limit of 100 per project per hour', async () => {
    failCreate({ status: 429 })
    const result = await runComment(world())
    expect(world().creates()).toHaveLength(1)
    expect(result.exitCode).toBe(1)
    expect(result.outputs).toMatchObject({ status: 'failed', 'job-id': '' })
    expect(theComment()).toContain(
      '⏸️ The Mintlify API is rate limited: it allows 100 agent uses per project per hour. No job was started; try again later.'
    )
    expect(commandLines(result.stdout, 'error').at(-1)).toBe(
      '::error::The Mintlify API is rate limited (100 agent uses per project per hour).'
    )
  })

  it('does not wait out a Retry-After longer than the budget, and says how long the service asked', async () => {
    failCreate({ status: 429, headers: { 'retry-after': '1800' } })
    const result = await runComment(world())
    expect(world().creates()).toHaveLength(1)
    expect(result.exitCode).toBe(1)
    expect(theComment()).toContain('100 agent uses per project per hour (it asks to wait 30 min)')
  })

  it('does not wait past max-wait-minutes for a Retry-After that fits the budget', async () => {
    failCreate({ status: 429, headers: { 'retry-after': '30' } })
    const result = await runComment(world(), { inputs: { 'max-wait-minutes': '0.1' } })
    expect(world().creates()).toHaveLength(1)
    expect(result.exitCode).toBe(1)
    expect(theComment()).toContain('rate limited')
  })

  it('shows the service’s text for a 400, takes it as final, exit 1', async () => {
    failCreate(serviceError(400, 'prompt is too long', 'max 10000 characters'))
    const result = await runComment(world())
    expect(world().creates()).toHaveLength(1)
    expect(result.exitCode).toBe(1)
    expect(theComment()).toContain(
      '❌ The Mintlify API refused the request (HTTP 400): prompt is too long; max 10000 characters'
    )
    expect(result.outputs).toMatchObject({ status: 'failed', 'job-id': '' })
    expect(commandLines(result.stdout, 'error').at(-1)).toBe(
      '::error::The Mintlify API refused the request (HTTP 400): prompt is too long; max 10000 characters'
    )
  })

  it('says on a 401 that the key is invalid or expired, and to check api-key', async () => {
    const result = await runComment(world(), { inputs: { 'api-key': 'mint_wrong' } })
    expect(world().creates()).toHaveLength(1)
    expect(result.exitCode).toBe(1)
    expect(theComment()).toContain(
      '(HTTP 401): Unauthorized. The API key is invalid or expired: check that `api-key` is a current admin API key'
    )
  })

  it('says on a 403 that the key may lack the scope or the runner may not be on its IP allow-list', async () => {
    failCreate(serviceError(403, 'Forbidden'))
    const result = await runComment(world())
    expect(result.exitCode).toBe(1)
    expect(theComment()).toContain('(HTTP 403): Forbidden. The API key was refused')
    expect(theComment()).toContain('lack the scope')
    expect(theComment()).toContain('IP allow-list')
    expect(commandLines(result.stdout, 'error').at(-1)).toContain('IP allow-list')
  })
})

describe('messages read well', () => {
  it('gives a service message that ends in its own full stop no second one', async () => {
    world().svc.inject({
      method: 'POST',
      path: CREATE,
      fault: serviceError(401, 'Invalid API key.')
    })
    await runComment(world())
    expect(theComment()).toContain(
      '(HTTP 401): Invalid API key. The API key is invalid or expired: check that `api-key` is a current admin API key'
    )
    expect(theComment()).not.toContain('..')
  })
})

describe('polling survives faults (RELIABILITY 11)', () => {
  const faults: [string, Fault, number][] = [
    ['a 503', { status: 503 }, 1],
    ['two 500s', { status: 500 }, 2],
    ['a 429 with Retry-After', { status: 429, headers: { 'retry-after': '2' } }, 1],
    ['a connection reset', { kind: 'reset' }, 1],
    ['a hang longer than the request timeout', { kind: 'hang' }, 1],
    ['a malformed JSON body', { kind: 'malformed' }, 2]
  ]

  it.each(faults)(
    'follows the job to its end through %s, with one tracking comment',
    async (_name, fault, times) => {
      world().svc.scriptJobs({ activePolls: 1, prLink: 'https://github.com/acme/docs/pull/9' })
      world().svc.inject({ method: 'GET', path: JOB, fault, times })
      const result = await runComment(world())
      expect(result.exitCode).toBe(0)
      expect(result.outputs).toMatchObject({
        'job-id': 'job_1',
        status: 'completed',
        'pr-number': '9'
      })
      // The faulty answers, then active once, then completed.
      expect(world().gets()).toHaveLength(times + 2)
      expect(world().creates()).toHaveLength(1)
      expect(theComment()).toContain('✅ The agent opened a pull request: [acme/docs#9]')
      expect(
        world().gh.calls.filter(c => c.method === 'POST' && c.path.endsWith('/issues/7/comments'))
      ).toHaveLength(1)
    }
  )

  it('follows the job through every kind of fault in one run', async () => {
    world().svc.scriptJobs({ activePolls: 3 })
    for (const fault of [
      { status: 503 },
      { kind: 'reset' },
      { status: 429, headers: { 'retry-after': '1' } },
      { kind: 'hang' },
      { kind: 'malformed' },
      { status: 500 }
    ] as Fault[]) {
      world().svc.inject({ method: 'GET', path: JOB, fault })
    }
    const result = await runComment(world())
    expect(result.outputs.status).toBe('completed')
    expect(world().gets()).toHaveLength(6 + 4)
    expect(world().botComments()).toHaveLength(1)
  })

  it('keeps polling when a whole round of retries fails, and still ends with the job', async () => {
    world().svc.scriptJobs({ activePolls: 0 })
    // get-job is tried 6 times per poll; 7 failures outlast the first poll.
    world().svc.inject({ method: 'GET', path: JOB, fault: { status: 502 }, times: 7 })
    const result = await runComment(world())
    expect(result.outputs.status).toBe('completed')
    expect(world().gets()).toHaveLength(8)
    expect(
      commandLines(result.stdout, 'warning', 'Could not read the job this time').length > 0
    ).toBe(true)
  })

  it('treats a 401 while polling as final: the job is reported lost, with its id', async () => {
    world().svc.scriptJobs({ activePolls: 5 })
    world().svc.inject({
      method: 'GET',
      path: JOB,
      fault: serviceError(401, 'Unauthorized')
    })
    const result = await runComment(world())
    expect(world().gets()).toHaveLength(1)
    expect(result.exitCode).toBe(1)
    expect(result.outputs).toMatchObject({ 'job-id': 'job_1', status: 'failed' })
    expect(theComment()).toContain('❌ Could not follow agent job `job_1`: HTTP 401: Unauthorized.')
  })
})

describe('the deadline, unknown statuses and a late job (RELIABILITY 12-14)', () => {
  it('stops at max-wait-minutes: status timed-out, the job id and the job-id hint in the comment', async () => {
    world().svc.scriptJobs({ activePolls: 1000 })
    const result = await runComment(world(), { inputs: { 'max-wait-minutes': '0.05' } })
    expect(result.exitCode).toBe(1)
    expect(result.outputs).toMatchObject({ 'job-id': 'job_1', status: 'timed-out', 'pr-url': '' })
    const body = theComment()
    expect(body).toContain(
      '⌛ Agent job `job_1` is still running after 3 seconds, so this run stopped following it. The job may still finish; to follow it again, run the workflow with `job-id: job_1`.'
    )
    expect(markerOf(body)).toMatchObject({ job: 'job_1', state: 'job' })
    // 3 s of 1 s polls.
    expect(world().gets().length).toBeGreaterThanOrEqual(2)
    expect(world().gets().length).toBeLessThanOrEqual(4)
    expect(commandLines(result.stdout, 'error').at(-1)).toBe(
      '::error::The agent job (job job_1) did not end within 3 seconds; it may still finish (re-attach with job-id).'
    )
  })

  it('timed-out with fail-on-error false succeeds with status timed-out', async () => {
    world().svc.scriptJobs({ activePolls: 1000 })
    const result = await runComment(world(), {
      inputs: { 'max-wait-minutes': '0.05', 'fail-on-error': 'false' }
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs.status).toBe('timed-out')
  })

  it('keeps the deadline in real time even when every poll hangs', async () => {
    world().svc.scriptJobs({ activePolls: 0 })
    world().svc.inject({ method: 'GET', path: JOB, fault: { kind: 'hang' }, times: Infinity })
    const started = Date.now()
    const result = await runComment(
      world(),
      { inputs: { 'max-wait-minutes': '0.05' } },
      {
        realTime: true,
        requestTimeoutMs: 400
      }
    )
    const took = Date.now() - started
    expect(result.outputs).toMatchObject({ 'job-id': 'job_1', status: 'timed-out' })
    expect(took).toBeLessThan(3000 + 1500)
  })

  it('keeps polling through an unknown status such as "paused", with exactly one warning', async () => {
    world().expectedViolations.push(/body\/status must be equal to one of the allowed values/)
    world().svc.scriptJobs({ activePolls: 0, status: 'paused', statusPolls: 3 })
    const result = await runComment(world())
    expect(result.outputs.status).toBe('completed')
    expect(world().gets()).toHaveLength(4)
    expect(commandLines(result.stdout, 'warning', 'paused')).toEqual([
      '::warning::The job reports an unknown status "paused"; still following it.'
    ])
    expect(world().svc.contractViolations.length).toBeGreaterThan(0)
  })

  it('retries a GET 404 right after create (eventual consistency) and then follows the job', async () => {
    world().svc.scriptJobs({ activePolls: 0, notFoundPolls: 2 })
    const result = await runComment(world())
    expect(result.exitCode).toBe(0)
    expect(result.outputs.status).toBe('completed')
    expect(world().gets()).toHaveLength(3)
    expect(commandLines(result.stdout, 'warning', 'not visible yet')).toHaveLength(2)
  })

  it('ends with a clear failure when the 404 outlasts the grace window', async () => {
    world().svc.scriptJobs({ notFoundPolls: 1_000_000 })
    const result = await runComment(world())
    expect(result.exitCode).toBe(1)
    expect(result.outputs).toMatchObject({ 'job-id': 'job_1', status: 'failed' })
    expect(theComment()).toContain(
      '❌ Could not follow agent job `job_1`: HTTP 404 (the job was not found): Job not found.'
    )
    // About 30 s of 1 s polls, then it stops.
    expect(world().gets().length).toBeGreaterThan(20)
    expect(world().gets().length).toBeLessThan(40)
  })
})
