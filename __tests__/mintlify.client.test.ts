/**
 * The service client over the loopback emulator: what goes on the wire, how answers are parsed, and
 * how each kind of failure becomes a MintlifyError (one call is one attempt: no retries here).
 */
import { describe, expect, it } from '@jest/globals'
import { useEmulator } from './helpers/emulator-client.js'
import net from 'node:net'
import { isRateLimited, MintlifyError } from '../src/mintlify/errors.js'

const service = useEmulator(3_000)

/** The MintlifyError a call fails with; anything else (or success) fails the test. */
async function failure(promise: Promise<unknown>): Promise<MintlifyError> {
  let result: unknown
  try {
    result = await promise
  } catch (error) {
    if (error instanceof MintlifyError) return error
    throw error
  }
  throw new Error(`expected a MintlifyError, got ${JSON.stringify(result)}`)
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>(resolve => server.close(() => resolve()))
  return port
}

const jobPath = (id = ''): string => `/v2/agent/${service.emu.projectId}/job${id ? `/${id}` : ''}`

describe('MintlifyClient: requests and parsing', () => {
  it('sends the bearer key and a JSON body {prompt} on create, and parses the 201 into an AgentJob', async () => {
    const job = await service.clientFor().createJob('Document the CLI')

    const [req] = service.emu.requestsTo('POST', /\/job$/)
    expect(req.path).toBe(jobPath())
    expect(req.headers.authorization).toBe(`Bearer ${service.emu.apiKey}`)
    expect(req.headers['content-type']).toMatch(/^application\/json/)
    expect(req.headers.accept).toBe('application/json')
    expect(req.body).toEqual({ prompt: 'Document the CLI' })
    expect(job).toEqual({
      id: 'job_1',
      status: 'active',
      prLink: null,
      source: { repository: 'https://github.com/acme/docs', ref: 'main' },
      model: 'sonnet',
      createdAt: expect.any(String),
      archivedAt: null
    })
    expect(service.emu.contractViolations).toEqual([])
  })

  it('reads a job by id, following its life to completed with a prLink', async () => {
    const id = service.emu.addJob({ activePolls: 1 })
    const client = service.clientFor()

    expect((await client.getJob(id)).status).toBe('active')
    const done = await client.getJob(id)
    expect(done).toMatchObject({
      id,
      status: 'completed',
      prLink: expect.stringMatching(/^https:/)
    })
    const gets = service.emu.requestsTo('GET', /\/job\/[^/]+$/)
    expect(gets.map(r => r.path)).toEqual([jobPath(id), jobPath(id)])
    expect(gets[0].headers.authorization).toBe(`Bearer ${service.emu.apiKey}`)
    expect(gets[0].rawBody).toBe('')
    expect(service.emu.contractViolations).toEqual([])
  })

  it('sends a follow-up message as {prompt} to the job and parses the reactivated job', async () => {
    const id = service.emu.addJob({ activePolls: 0 })
    const client = service.clientFor()
    expect((await client.getJob(id)).status).toBe('completed')

    const job = await client.sendMessage(id, 'Also update the changelog')

    expect(job).toMatchObject({ id, status: 'active', prLink: null })
    const [req] = service.emu.requestsTo('POST', /\/message$/)
    expect(req.path).toBe(`${jobPath(id)}/message`)
    expect(req.body).toEqual({ prompt: 'Also update the changelog' })
    expect(service.emu.job(id)?.messages).toEqual(['Also update the changelog'])
    expect(service.emu.contractViolations).toEqual([])
  })

  it('sends the page-view query (limit, offset, dateFrom, dateTo) and parses totals, rows and hasMore', async () => {
    const rows = [0, 1, 2, 3].map(i => ({ path: `/p${i}`, human: i + 1, ai: i, total: 2 * i + 1 }))
    service.emu.setPageViews(rows)
    const client = service.clientFor()

    const page = await client.getPageViews({
      dateFrom: '2024-01-01',
      dateTo: '2024-01-31',
      limit: 2,
      offset: 1
    })

    const [req] = service.emu.requestsTo('GET', /\/views$/)
    expect(req.path).toBe(`/v1/analytics/${service.emu.projectId}/views`)
    expect(req.query).toEqual({
      dateFrom: '2024-01-01',
      dateTo: '2024-01-31',
      limit: '2',
      offset: '1'
    })
    expect(page).toEqual({
      totals: { human: 10, ai: 6, total: 16 },
      views: rows.slice(1, 3),
      hasMore: true
    })

    const last = await client.getPageViews({ limit: 2, offset: 3 })
    expect(service.emu.requests[1].query).toEqual({ limit: '2', offset: '3' })
    expect(last).toMatchObject({ views: rows.slice(3), hasMore: false })
    expect(service.emu.contractViolations).toEqual([])
  })

  it('carries an undocumented job status (paused) as a string instead of failing', async () => {
    const id = service.emu.addJob({ activePolls: 0, status: 'paused' })

    const job = await service.clientFor().getJob(id)

    expect(job.status).toBe('paused')
    // The only contract complaint is the emulator's own scripted answer, not the request.
    expect(service.emu.contractViolations).toEqual([
      expect.stringMatching(
        /^response 200 to GET .*status must be equal to one of the allowed values/
      )
    ])
  })

  it('fails with invalid-response when a job answer has no id', async () => {
    service.failCreate({ status: 201, body: JSON.stringify({ status: 'active', prLink: null }) })

    const error = await failure(service.clientFor().createJob('x'))

    expect(error).toMatchObject({
      kind: 'invalid-response',
      operation: 'create-job',
      mayHaveReachedServer: true
    })
    expect(error.serviceMessage).toMatch(/"id"/)
    expect(service.emu.contractViolations).toEqual([])
  })

  it('fails with invalid-response when the body is malformed JSON', async () => {
    const id = service.emu.addJob()
    service.failJobRead(id, { kind: 'malformed' })

    const error = await failure(service.clientFor().getJob(id))

    expect(error).toMatchObject({ kind: 'invalid-response', status: 200, operation: 'get-job' })
    expect(error.target).toBe(`job ${id}`)
    expect(service.emu.contractViolations).toEqual([])
  })
})

describe('MintlifyClient: HTTP errors', () => {
  it('turns a 401 into kind http with the status and the service message', async () => {
    const error = await failure(service.clientFor({ apiKey: 'mint_wrong_key' }).createJob('x'))

    expect(error).toMatchObject({
      kind: 'http',
      status: 401,
      serviceMessage: 'Unauthorized',
      operation: 'create-job',
      mayHaveReachedServer: true
    })
    expect(error.message).toContain('HTTP 401')
    expect(service.emu.contractViolations).toEqual([])
  })

  it('carries the texts of a 400 answer`s details', async () => {
    service.emu.inject({
      method: 'GET',
      path: /\/views$/,
      fault: {
        status: 400,
        body: JSON.stringify({
          error: 'Invalid query parameters',
          details: [
            { message: 'limit must be an integer between 1 and 250' },
            { message: 'offset bad' }
          ]
        })
      }
    })

    const error = await failure(service.clientFor().getPageViews({ limit: 10, offset: 0 }))

    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      serviceMessage: 'Invalid query parameters'
    })
    expect(error.details).toEqual(['limit must be an integer between 1 and 250', 'offset bad'])
    expect(error.message).toContain('limit must be an integer between 1 and 250')
    expect(service.emu.contractViolations).toEqual([])
  })

  it('turns the emulator`s own 400 for an out-of-range limit into details', async () => {
    const error = await failure(service.clientFor().getPageViews({ limit: 1000, offset: 0 }))

    expect(error).toMatchObject({ kind: 'http', status: 400 })
    expect(error.details).toEqual(['limit must be an integer between 1 and 250'])
  })

  it('answers an unknown job with a 404 naming the job', async () => {
    const error = await failure(service.clientFor().getJob('job_missing'))

    expect(error).toMatchObject({
      kind: 'http',
      status: 404,
      serviceMessage: 'Job not found',
      operation: 'get-job',
      target: 'job job_missing'
    })
    expect(service.emu.contractViolations).toEqual([])
  })

  it('reads Retry-After of a 429 as retryAfterMs (seconds and HTTP date)', async () => {
    service.failCreate({ status: 429, headers: { 'retry-after': '7' } })
    const now = Date.parse('2025-01-01T00:00:00Z')
    service.failCreate({ status: 429, headers: { 'retry-after': 'Wed, 01 Jan 2025 00:00:30 GMT' } })
    const client = service.clientFor({ now: () => now })

    const seconds = await failure(client.createJob('x'))
    expect(seconds).toMatchObject({ kind: 'http', status: 429, retryAfterMs: 7000 })
    expect(isRateLimited(seconds)).toBe(true)

    const date = await failure(client.createJob('x'))
    expect(date.retryAfterMs).toBe(30_000)
    expect(service.emu.contractViolations).toEqual([])
  })

  it('leaves retryAfterMs undefined for a 429 without Retry-After', async () => {
    service.failCreate({ status: 429 })

    const error = await failure(service.clientFor().createJob('x'))

    expect(error).toMatchObject({ kind: 'http', status: 429, serviceMessage: 'Too Many Requests' })
    expect(error.retryAfterMs).toBeUndefined()
  })

  it('turns a 500 into kind http that may have reached the server', async () => {
    service.failCreate({ status: 500 })

    const error = await failure(service.clientFor().createJob('x'))

    expect(error).toMatchObject({ kind: 'http', status: 500, mayHaveReachedServer: true })
    expect(isRateLimited(error)).toBe(false)
    expect(service.emu.contractViolations).toEqual([])
  })

  it('redacts an API key that the error body echoes (message, serviceMessage, details)', async () => {
    const key = service.emu.apiKey
    service.failCreate({
      status: 403,
      body: JSON.stringify({
        error: `key ${key} is not allowed`,
        details: [{ message: `Bearer ${key}` }, `raw ${key}`]
      })
    })

    const error = await failure(service.clientFor().createJob('x'))

    expect(error.status).toBe(403)
    for (const text of [error.message, error.serviceMessage ?? '', ...error.details]) {
      expect(text).not.toContain(key)
    }
    expect(error.serviceMessage).toBe('key *** is not allowed')
    expect(error.details).toEqual(['Bearer ***', 'raw ***'])
  })

  it('redacts an API key echoed in a non-JSON error body', async () => {
    const key = service.emu.apiKey
    service.emu.inject({
      method: 'GET',
      path: /\/views$/,
      fault: { status: 502, body: `<html>upstream said: Authorization: Bearer ${key}</html>` }
    })

    const error = await failure(service.clientFor().getPageViews({ limit: 1, offset: 0 }))

    expect(error.serviceMessage).toBe('<html>upstream said: Authorization: Bearer ***</html>')
    expect(error.message).not.toContain(key)
  })

  // BUG (src/mintlify/client.ts, readErrorBody, non-JSON branch): the body is cut to 500 characters
  // *before* the key is redacted, so a key that straddles character 500 leaves its prefix behind.
  it('leaves no part of an echoed API key in a non-JSON body cut at 500 characters', async () => {
    const key = service.emu.apiKey
    const body = `${'-'.repeat(490)}${key} trailing text`
    service.emu.inject({ method: 'GET', path: /\/views$/, fault: { status: 502, body } })

    const error = await failure(service.clientFor().getPageViews({ limit: 1, offset: 0 }))

    expect(error.serviceMessage).not.toContain(key.slice(0, 10))
  })
})

describe('MintlifyClient: connections', () => {
  it('opens a fresh connection for every create and follow-up, and reuses one for reads', async () => {
    const client = service.clientFor()
    const first = await client.createJob('one')
    await client.getJob(first.id)
    await client.getJob(first.id)
    await client.createJob('two')
    await client.sendMessage(first.id, 'more')
    await client.getJob(first.id)

    const writes = service.emu.requests.filter(r => r.method === 'POST').map(r => r.connection)
    const reads = service.emu.requests.filter(r => r.method === 'GET').map(r => r.connection)
    // No write shares its connection with any other request; reads come back to a pooled one.
    expect(new Set([...writes, ...reads]).size).toBe(writes.length + new Set(reads).size)
    expect(new Set(reads).size).toBeLessThan(reads.length)
  })
})

describe('MintlifyClient: network failures', () => {
  it.each([
    ['a line break', 'mint_abc\ndef'],
    ['a zero-width space', 'mint_abc\u200bdef']
  ])(
    'reports a key with %s as a request that was never sent (not an unknown outcome), and sends nothing',
    async (_name, apiKey) => {
      const error = await failure(service.clientFor({ apiKey }).createJob('x'))

      expect(error).toMatchObject({ kind: 'not-sent', mayHaveReachedServer: false })
      expect(String((error as Error).message)).toContain('nothing was sent')
      expect(service.emu.requests).toHaveLength(0)
    }
  )

  it('turns a reset socket into kind network that may have reached the server', async () => {
    service.failCreate({ kind: 'reset' })

    const error = await failure(service.clientFor().createJob('x'))

    expect(error).toMatchObject({
      kind: 'network',
      mayHaveReachedServer: true,
      operation: 'create-job'
    })
    expect(service.emu.requestsTo('POST', /\/job$/)).toHaveLength(1)
    expect(service.emu.contractViolations).toEqual([])
  })

  it('turns a reset after the job was created into kind network that may have reached the server', async () => {
    service.failCreate({ kind: 'reset-after-body' })

    const error = await failure(service.clientFor().createJob('x'))

    expect(error).toMatchObject({ kind: 'network', mayHaveReachedServer: true })
    expect(service.emu.job('job_1')).toBeDefined()
  })

  it('turns a refused connection into kind network with ECONNREFUSED that never reached the server', async () => {
    const port = await closedPort()

    const error = await failure(
      service.clientFor({ baseUrl: `http://127.0.0.1:${port}` }).createJob('x')
    )

    expect(error).toMatchObject({
      kind: 'network',
      code: 'ECONNREFUSED',
      mayHaveReachedServer: false
    })
    expect(error.message).toBe(
      `Creating the agent job (project proj_test) failed: could not reach 127.0.0.1:${port} (ECONNREFUSED)`
    )
  })

  it('turns a server that hangs past requestTimeoutMs into kind timeout', async () => {
    service.failCreate({ kind: 'hang' })
    const started = Date.now()

    const error = await failure(service.clientFor({ requestTimeoutMs: 300 }).createJob('x'))

    const elapsed = Date.now() - started
    expect(error).toMatchObject({ kind: 'timeout', mayHaveReachedServer: true })
    expect(elapsed).toBeGreaterThanOrEqual(250)
    expect(elapsed).toBeLessThan(2_000)
    expect(service.emu.contractViolations).toEqual([])
  })

  it('rethrows the reason of the caller`s AbortSignal, not a MintlifyError', async () => {
    const id = service.emu.addJob()
    service.failJobRead(id, { kind: 'hang' })
    const controller = new AbortController()
    const reason = new Error('run cancelled')
    setTimeout(() => controller.abort(reason), 50)

    const outcome = await service
      .clientFor({ requestTimeoutMs: 5_000 })
      .getJob(id, { signal: controller.signal })
      .then(
        () => 'resolved',
        (error: unknown) => error
      )

    expect(outcome).toBe(reason)
    expect(outcome).not.toBeInstanceOf(MintlifyError)
  })

  it('rethrows the reason at once when the caller`s signal is already aborted', async () => {
    const reason = new Error('already cancelled')

    await expect(
      service.clientFor().createJob('x', { signal: AbortSignal.abort(reason) })
    ).rejects.toBe(reason)
    expect(service.emu.requests).toHaveLength(0)
  })
})
