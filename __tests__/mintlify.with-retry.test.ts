/**
 * withRetry over the emulator: the client's real requests under the retry policy, on p-retry's loop.
 * Time is virtual (fake timers): the waits are measured on it, and real time barely moves.
 */
import { describe, expect, it } from '@jest/globals'
import { useEmulator } from './helpers/emulator-client.js'
import net from 'node:net'
import { MintlifyError } from '../src/mintlify/errors.js'
import { withRetry, type WithRetryOptions } from '../src/mintlify/with-retry.js'
import type { Operation } from '../src/mintlify/errors.js'
import { testRuntime, useVirtualTime, type TestRuntime } from './helpers/runtime.js'

const service = useEmulator(300)

const time = useVirtualTime()

/** withRetry in virtual time, driven until it settles; random 0 makes Retry-After waits exact. */
function retried<T>(
  operation: Operation,
  call: (signal?: AbortSignal) => Promise<T>,
  options: Omit<WithRetryOptions, 'operation'> = {},
  rt: TestRuntime = testRuntime()
): Promise<T> {
  return time().drive(withRetry(call, rt, { operation, ...options }), [service.emu.traffic])
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    value => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`)
    },
    (error: unknown) => error
  )
}

const creates = (): number => service.emu.requestsTo('POST', /\/job$/).length

describe('withRetry: a create is sent exactly once when its outcome is unknown', () => {
  it('sends one create when the answer is 500', async () => {
    service.failCreate({ status: 500 }, Infinity)
    const client = service.clientFor()

    const error = await rejection(retried('create-job', s => client.createJob('x', { signal: s })))

    expect(error).toBeInstanceOf(MintlifyError)
    expect(error).toMatchObject({ kind: 'http', status: 500 })
    expect(creates()).toBe(1)
    expect(service.emu.contractViolations).toEqual([])
  })

  it('sends one create when a 502 comes after the job was created', async () => {
    service.failCreate({ status: 502, process: true }, Infinity)
    const client = service.clientFor()

    const error = await rejection(retried('create-job', () => client.createJob('x')))

    expect(error).toMatchObject({ kind: 'http', status: 502 })
    expect(creates()).toBe(1)
    expect(service.emu.job('job_1')).toBeDefined()
    expect(service.emu.job('job_2')).toBeUndefined()
  })

  it('sends one create when the socket is reset after sending', async () => {
    service.failCreate({ kind: 'reset-after-body' }, Infinity)
    const client = service.clientFor()

    const error = await rejection(retried('create-job', () => client.createJob('x')))

    expect(error).toMatchObject({ kind: 'network', mayHaveReachedServer: true })
    expect(creates()).toBe(1)
    expect(service.emu.job('job_2')).toBeUndefined()
    expect(service.emu.contractViolations).toEqual([])
  })

  it('sends one create when the server hangs past the request timeout', async () => {
    service.failCreate({ kind: 'hang' }, Infinity)
    const client = service.clientFor({ requestTimeoutMs: 300 })

    const error = await rejection(retried('create-job', () => client.createJob('x')))

    expect(error).toMatchObject({ kind: 'timeout' })
    expect(creates()).toBe(1)
    expect(service.emu.contractViolations).toEqual([])
  })

  it('retries a create whose connection was refused, up to the attempt budget', async () => {
    const server = net.createServer()
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as net.AddressInfo
    await new Promise<void>(resolve => server.close(() => resolve()))
    const client = service.clientFor({ baseUrl: `http://127.0.0.1:${port}` })
    let calls = 0

    const error = await rejection(
      retried('create-job', () => {
        calls += 1
        return client.createJob('x')
      })
    )

    expect(error).toMatchObject({ kind: 'network', code: 'ECONNREFUSED' })
    expect(calls).toBe(3)
  })
})

describe('withRetry: rate limits and transient read failures', () => {
  it('retries a create 429 with Retry-After: 1 after at least a second, then succeeds', async () => {
    service.failCreate({ status: 429, headers: { 'retry-after': '1' } })
    const client = service.clientFor()
    const retries: { delayMs: number; reason: string }[] = []

    const job = await retried('create-job', () => client.createJob('x'), {
      onRetry: ({ delayMs, reason }) => retries.push({ delayMs, reason })
    })

    expect(job.id).toBe('job_1')
    const posts = service.emu.requestsTo('POST', /\/job$/)
    expect(posts).toHaveLength(2)
    expect(posts[1].at - posts[0].at).toBeGreaterThanOrEqual(1000)
    // p-retry's first wait (1 s, randomized up to 2 s) already covers the Retry-After.
    expect(retries).toEqual([{ delayMs: posts[1].at - posts[0].at, reason: '429' }])
    expect(retries[0].delayMs).toBeLessThanOrEqual(2000)
    expect(service.emu.contractViolations).toEqual([])
  })

  it('does not retry a create 429 whose Retry-After passes the deadline', async () => {
    service.failCreate({ status: 429, headers: { 'retry-after': '2' } })
    const client = service.clientFor()
    const started = Date.now()

    const error = await rejection(
      retried('create-job', () => client.createJob('x'), { deadline: Date.now() + 500 })
    )

    expect(error).toMatchObject({ kind: 'http', status: 429, retryAfterMs: 2000 })
    expect(creates()).toBe(1)
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('does not retry a create 429 without Retry-After', async () => {
    service.failCreate({ status: 429 })
    const client = service.clientFor()

    const error = await rejection(retried('create-job', () => client.createJob('x')))

    expect(error).toMatchObject({ kind: 'http', status: 429 })
    expect(creates()).toBe(1)
  })

  it('succeeds with two requests when a GET gets 503 then 200', async () => {
    const id = service.emu.addJob({ activePolls: 0 })
    service.failJobRead(id, { status: 503 })
    const client = service.clientFor()

    const job = await retried('get-job', s => client.getJob(id, { signal: s }))

    expect(job).toMatchObject({ id, status: 'completed' })
    expect(service.emu.requestsTo('GET', /\/job\/[^/]+$/)).toHaveLength(2)
    expect(service.emu.contractViolations).toEqual([])
  })

  it('succeeds when a GET hangs once past the request timeout and then answers', async () => {
    const id = service.emu.addJob({ activePolls: 0 })
    service.failJobRead(id, { kind: 'hang' })
    const client = service.clientFor({ requestTimeoutMs: 300 })
    const reasons: string[] = []

    const job = await retried('get-job', () => client.getJob(id), {
      onRetry: ({ reason }) => reasons.push(reason)
    })

    expect(job.status).toBe('completed')
    expect(reasons).toEqual(['timeout'])
    expect(service.emu.requestsTo('GET', /\/job\/[^/]+$/)).toHaveLength(2)
    expect(service.emu.contractViolations).toEqual([])
  })

  it('survives a reset and a malformed body on page views', async () => {
    service.emu.setPageViews([{ path: '/a', human: 1, ai: 2, total: 3 }])
    service.emu.inject({ method: 'GET', path: /\/views$/, fault: { kind: 'reset' } })
    service.emu.inject({ method: 'GET', path: /\/views$/, fault: { kind: 'malformed' } })
    const client = service.clientFor()

    const page = await retried('get-page-views', () =>
      client.getPageViews({ limit: 10, offset: 0 })
    )

    expect(page.views).toEqual([{ path: '/a', human: 1, ai: 2, total: 3 }])
    expect(service.emu.requestsTo('GET', /\/views$/)).toHaveLength(3)
    expect(service.emu.contractViolations).toEqual([])
  })

  it('does not retry a GET 404', async () => {
    const client = service.clientFor()

    const error = await rejection(retried('get-job', () => client.getJob('job_nope')))

    expect(error).toMatchObject({ kind: 'http', status: 404 })
    expect(service.emu.requests).toHaveLength(1)
  })

  it('stops a wait at once when the caller aborts, rethrowing the reason', async () => {
    const id = service.emu.addJob()
    service.failJobRead(id, { status: 503, headers: { 'retry-after': '30' } })
    const client = service.clientFor()
    const rt = testRuntime()
    const reason = new Error('run cancelled')
    const started = Date.now()

    const error = await rejection(
      retried(
        'get-job',
        s => client.getJob(id, { signal: s }),
        { onRetry: () => setTimeout(() => rt.abort(reason), 50) },
        rt
      )
    )

    expect(error).toBe(reason)
    expect(Date.now() - started).toBeLessThan(2000)
    expect(service.emu.requests).toHaveLength(1)
  })
})

describe('withRetry: the waits, the attempts and the deadline', () => {
  it('waits out two Retry-After: 30 in virtual time while real time barely moves', async () => {
    const id = service.emu.addJob({ activePolls: 0 })
    service.failJobRead(id, { status: 429, headers: { 'retry-after': '30' } }, 2)
    const client = service.clientFor()
    const started = Date.now()
    const realStart = process.uptime()

    const job = await retried('get-job', () => client.getJob(id))

    expect(job.status).toBe('completed')
    expect(Date.now() - started).toBe(60_000)
    expect(process.uptime() - realStart).toBeLessThan(2)
    expect(service.emu.requestsTo('GET', /\/job\/[^/]+$/)).toHaveLength(3)
    expect(service.emu.contractViolations).toEqual([])
  })

  it('takes p-retry`s exponential backoff for 503s: from 1 s, doubling, randomized up to twice', async () => {
    const id = service.emu.addJob({ activePolls: 0 })
    service.failJobRead(id, { status: 503 }, 3)
    const delays: number[] = []
    const started = Date.now()

    await retried('get-job', () => service.clientFor().getJob(id), {
      onRetry: ({ delayMs }) => delays.push(delayMs)
    })

    expect(delays).toHaveLength(3)
    delays.forEach((delay, n) => {
      expect(delay).toBeGreaterThanOrEqual(1000 * 2 ** n)
      expect(delay).toBeLessThanOrEqual(2000 * 2 ** n)
    })
    expect(Date.now() - started).toBe(delays.reduce((a, b) => a + b, 0))
  })

  it('keeps the deadline: no wait that would pass it', async () => {
    const id = service.emu.addJob()
    service.failJobRead(id, { status: 429, headers: { 'retry-after': '30' } }, Infinity)
    const started = Date.now()

    const error = await rejection(
      retried('get-job', () => service.clientFor().getJob(id), { deadline: started + 70_000 })
    )

    // Two 30 s waits fit before 70 s, a third does not.
    expect(error).toMatchObject({ kind: 'http', status: 429 })
    expect(Date.now() - started).toBe(60_000)
    expect(service.emu.requests).toHaveLength(3)
  })

  it('does not retry when the attempts are used up: six reads of a job at most', async () => {
    const id = service.emu.addJob()
    service.failJobRead(id, { status: 503 }, Infinity)

    const error = await rejection(retried('get-job', () => service.clientFor().getJob(id)))

    expect(error).toMatchObject({ kind: 'http', status: 503 })
    expect(service.emu.requests).toHaveLength(6)
  })

  it('does not retry a create 429 when its attempts are used up: three at most', async () => {
    service.failCreate({ status: 429, headers: { 'retry-after': '1' } }, Infinity)

    const error = await rejection(retried('create-job', () => service.clientFor().createJob('x')))

    expect(error).toMatchObject({ kind: 'http', status: 429 })
    expect(creates()).toBe(3)
  })
})
