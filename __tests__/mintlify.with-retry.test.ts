/**
 * withRetry over the emulator: the client's real requests under the retry policy. The real clock is
 * used where the wait itself is the point (Retry-After is honoured); a VirtualClock shows that the
 * waits are taken on the injected clock.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import net from 'node:net'
import { MintlifyClient, type MintlifyClientOptions } from '../src/mintlify/client.js'
import { MintlifyError } from '../src/mintlify/errors.js'
import { withRetry, type WithRetryOptions } from '../src/mintlify/with-retry.js'
import { systemClock, VirtualClock } from '../src/shared/clock.js'
import { ServiceEmulator } from './fakes/service-emulator.js'

let emu: ServiceEmulator

beforeEach(async () => {
  emu = await ServiceEmulator.start()
})

afterEach(async () => {
  await emu.close()
})

function clientFor(overrides: Partial<MintlifyClientOptions> = {}): MintlifyClient {
  return new MintlifyClient({
    baseUrl: emu.url,
    apiKey: emu.apiKey,
    projectId: emu.projectId,
    requestTimeoutMs: 300,
    ...overrides
  })
}

/** Real clock; random 0 makes backoff waits 0 and Retry-After waits exact. */
const real = (extra: Partial<WithRetryOptions> = {}): WithRetryOptions => ({
  clock: systemClock,
  random: () => 0,
  ...extra
})

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    value => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`)
    },
    (error: unknown) => error
  )
}

const creates = (): number => emu.requestsTo('POST', /\/job$/).length
const jobPath = (): string => `/v2/agent/${emu.projectId}/job`

describe('withRetry: a create is sent exactly once when its outcome is unknown', () => {
  it('sends one create when the answer is 500', async () => {
    emu.inject({ method: 'POST', path: jobPath(), times: Infinity, fault: { status: 500 } })
    const client = clientFor()

    const error = await rejection(
      withRetry('create-job', s => client.createJob('x', { signal: s }), real())
    )

    expect(error).toBeInstanceOf(MintlifyError)
    expect(error).toMatchObject({ kind: 'http', status: 500 })
    expect(creates()).toBe(1)
    expect(emu.contractViolations).toEqual([])
  })

  it('sends one create when a 502 comes after the job was created', async () => {
    emu.inject({
      method: 'POST',
      path: jobPath(),
      times: Infinity,
      fault: { status: 502, process: true }
    })
    const client = clientFor()

    const error = await rejection(withRetry('create-job', () => client.createJob('x'), real()))

    expect(error).toMatchObject({ kind: 'http', status: 502 })
    expect(creates()).toBe(1)
    expect(emu.job('job_1')).toBeDefined()
    expect(emu.job('job_2')).toBeUndefined()
  })

  it('sends one create when the socket is reset after sending', async () => {
    emu.inject({
      method: 'POST',
      path: jobPath(),
      times: Infinity,
      fault: { kind: 'reset-after-body' }
    })
    const client = clientFor()

    const error = await rejection(withRetry('create-job', () => client.createJob('x'), real()))

    expect(error).toMatchObject({ kind: 'network', mayHaveReachedServer: true })
    expect(creates()).toBe(1)
    expect(emu.job('job_2')).toBeUndefined()
    expect(emu.contractViolations).toEqual([])
  })

  it('sends one create when the server hangs past the request timeout', async () => {
    emu.inject({ method: 'POST', path: jobPath(), times: Infinity, fault: { kind: 'hang' } })
    const client = clientFor({ requestTimeoutMs: 300 })

    const error = await rejection(withRetry('create-job', () => client.createJob('x'), real()))

    expect(error).toMatchObject({ kind: 'timeout' })
    expect(creates()).toBe(1)
    expect(emu.contractViolations).toEqual([])
  })

  it('retries a create whose connection was refused, up to the attempt budget', async () => {
    const server = net.createServer()
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as net.AddressInfo
    await new Promise<void>(resolve => server.close(() => resolve()))
    const client = clientFor({ baseUrl: `http://127.0.0.1:${port}` })
    let calls = 0

    const error = await rejection(
      withRetry(
        'create-job',
        () => {
          calls += 1
          return client.createJob('x')
        },
        real()
      )
    )

    expect(error).toMatchObject({ kind: 'network', code: 'ECONNREFUSED' })
    expect(calls).toBe(3)
  })
})

describe('withRetry: rate limits and transient read failures', () => {
  it('retries a create 429 with Retry-After: 1 after at least a second, then succeeds', async () => {
    emu.inject({
      method: 'POST',
      path: jobPath(),
      fault: { status: 429, headers: { 'retry-after': '1' } }
    })
    const client = clientFor()
    const retries: { delayMs: number; reason: string }[] = []

    const job = await withRetry(
      'create-job',
      () => client.createJob('x'),
      real({ onRetry: ({ delayMs, reason }) => retries.push({ delayMs, reason }) })
    )

    expect(job.id).toBe('job_1')
    const posts = emu.requestsTo('POST', /\/job$/)
    expect(posts).toHaveLength(2)
    expect(posts[1].at - posts[0].at).toBeGreaterThanOrEqual(1000)
    expect(retries).toEqual([{ delayMs: 1000, reason: '429' }])
    expect(emu.contractViolations).toEqual([])
  })

  it('does not retry a create 429 whose Retry-After passes the deadline', async () => {
    emu.inject({
      method: 'POST',
      path: jobPath(),
      fault: { status: 429, headers: { 'retry-after': '2' } }
    })
    const client = clientFor()
    const started = Date.now()

    const error = await rejection(
      withRetry('create-job', () => client.createJob('x'), real({ deadline: Date.now() + 500 }))
    )

    expect(error).toMatchObject({ kind: 'http', status: 429, retryAfterMs: 2000 })
    expect(creates()).toBe(1)
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('does not retry a create 429 without Retry-After', async () => {
    emu.inject({ method: 'POST', path: jobPath(), fault: { status: 429 } })
    const client = clientFor()

    const error = await rejection(withRetry('create-job', () => client.createJob('x'), real()))

    expect(error).toMatchObject({ kind: 'http', status: 429 })
    expect(creates()).toBe(1)
  })

  it('succeeds with two requests when a GET gets 503 then 200', async () => {
    const id = emu.addJob({ activePolls: 0 })
    emu.inject({ method: 'GET', path: `${jobPath()}/${id}`, fault: { status: 503 } })
    const client = clientFor()

    const job = await withRetry('get-job', s => client.getJob(id, { signal: s }), real())

    expect(job).toMatchObject({ id, status: 'completed' })
    expect(emu.requestsTo('GET', /\/job\/[^/]+$/)).toHaveLength(2)
    expect(emu.contractViolations).toEqual([])
  })

  it('succeeds when a GET hangs once past the request timeout and then answers', async () => {
    const id = emu.addJob({ activePolls: 0 })
    emu.inject({ method: 'GET', path: `${jobPath()}/${id}`, fault: { kind: 'hang' } })
    const client = clientFor({ requestTimeoutMs: 300 })
    const reasons: string[] = []

    const job = await withRetry(
      'get-job',
      () => client.getJob(id),
      real({ onRetry: ({ reason }) => reasons.push(reason) })
    )

    expect(job.status).toBe('completed')
    expect(reasons).toEqual(['timeout'])
    expect(emu.requestsTo('GET', /\/job\/[^/]+$/)).toHaveLength(2)
    expect(emu.contractViolations).toEqual([])
  })

  it('survives a reset and a malformed body on page views', async () => {
    emu.setPageViews([{ path: '/a', human: 1, ai: 2, total: 3 }])
    emu.inject({ method: 'GET', path: /\/views$/, fault: { kind: 'reset' } })
    emu.inject({ method: 'GET', path: /\/views$/, fault: { kind: 'malformed' } })
    const client = clientFor()

    const page = await withRetry(
      'get-page-views',
      () => client.getPageViews({ limit: 10, offset: 0 }),
      real()
    )

    expect(page.views).toEqual([{ path: '/a', human: 1, ai: 2, total: 3 }])
    expect(emu.requestsTo('GET', /\/views$/)).toHaveLength(3)
    expect(emu.contractViolations).toEqual([])
  })

  it('does not retry a GET 404', async () => {
    const client = clientFor()

    const error = await rejection(withRetry('get-job', () => client.getJob('job_nope'), real()))

    expect(error).toMatchObject({ kind: 'http', status: 404 })
    expect(emu.requests).toHaveLength(1)
  })

  it('stops a wait at once when the caller aborts, rethrowing the reason', async () => {
    const id = emu.addJob()
    emu.inject({
      method: 'GET',
      path: `${jobPath()}/${id}`,
      fault: { status: 503, headers: { 'retry-after': '30' } }
    })
    const client = clientFor()
    const controller = new AbortController()
    const reason = new Error('run cancelled')
    const started = Date.now()

    const error = await rejection(
      withRetry('get-job', s => client.getJob(id, { signal: s }), {
        ...real(),
        signal: controller.signal,
        onRetry: () => setTimeout(() => controller.abort(reason), 50)
      })
    )

    expect(error).toBe(reason)
    expect(Date.now() - started).toBeLessThan(2000)
    expect(emu.requests).toHaveLength(1)
  })
})

describe('withRetry: waits are taken on the injected clock', () => {
  it('advances a VirtualClock by the Retry-After waits while real time barely moves', async () => {
    const id = emu.addJob({ activePolls: 0 })
    emu.inject({
      method: 'GET',
      path: `${jobPath()}/${id}`,
      times: 2,
      fault: { status: 429, headers: { 'retry-after': '30' } }
    })
    const clock = new VirtualClock(1_000_000)
    const client = clientFor()
    const realStart = Date.now()

    const job = await withRetry('get-job', () => client.getJob(id), {
      clock,
      random: () => 0
    })

    expect(job.status).toBe('completed')
    expect(clock.now() - 1_000_000).toBe(60_000)
    expect(Date.now() - realStart).toBeLessThan(2000)
    expect(emu.requestsTo('GET', /\/job\/[^/]+$/)).toHaveLength(3)
    expect(emu.contractViolations).toEqual([])
  })

  it('takes full-jitter backoff on the VirtualClock for 503s', async () => {
    const id = emu.addJob({ activePolls: 0 })
    emu.inject({ method: 'GET', path: `${jobPath()}/${id}`, times: 3, fault: { status: 503 } })
    const clock = new VirtualClock(0)
    const delays: number[] = []

    await withRetry('get-job', () => clientFor().getJob(id), {
      clock,
      random: () => 0.999999,
      onRetry: ({ delayMs }) => delays.push(delayMs)
    })

    // base 1000 ms: ceilings 1000, 2000, 4000 for the first three retries.
    expect(delays).toEqual([1000, 2000, 4000])
    expect(clock.now()).toBe(7000)
  })

  it('keeps the deadline on the injected clock: no wait that would pass it', async () => {
    const id = emu.addJob()
    emu.inject({
      method: 'GET',
      path: `${jobPath()}/${id}`,
      times: Infinity,
      fault: { status: 429, headers: { 'retry-after': '30' } }
    })
    const clock = new VirtualClock(0)

    const error = await rejection(
      withRetry('get-job', () => clientFor().getJob(id), {
        clock,
        random: () => 0,
        deadline: 70_000
      })
    )

    // Two 30 s waits fit before 70 s, a third does not.
    expect(error).toMatchObject({ kind: 'http', status: 429 })
    expect(clock.now()).toBe(60_000)
    expect(emu.requests).toHaveLength(3)
  })
})
