import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { checkRequest, checkResponse } from '../fakes/contract.js'
import { generatedPageView, ServiceEmulator } from '../fakes/service-emulator.js'

let emu: ServiceEmulator

beforeEach(async () => {
  emu = await ServiceEmulator.start()
})

afterEach(async () => {
  await emu.close()
})

interface CallOptions {
  body?: unknown
  /** Sent as is instead of JSON.stringify(body). */
  raw?: string
  auth?: string | null
  signal?: AbortSignal
}

function call(method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = {}
  const auth = options.auth === undefined ? `Bearer ${emu.apiKey}` : options.auth
  if (auth !== null) headers.authorization = auth
  const body =
    options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body))
  if (body !== undefined) headers['content-type'] = 'application/json'
  return fetch(`${emu.url}${path}`, { method, headers, body, signal: options.signal })
}

const jobs = (): string => `/v2/agent/${emu.projectId}/job`
const views = (query = ''): string => `/v1/analytics/${emu.projectId}/views${query}`

async function create(prompt = 'Add a quickstart'): Promise<Record<string, unknown>> {
  const res = await call('POST', jobs(), { body: { prompt } })
  expect(res.status).toBe(201)
  return (await res.json()) as Record<string, unknown>
}

async function poll(id: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await call('GET', `${jobs()}/${id}`)
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

async function statuses(id: string, n: number): Promise<unknown[]> {
  const seen: unknown[] = []
  for (let i = 0; i < n; i++) {
    const { status, body } = await poll(id)
    seen.push(status === 200 ? body.status : status)
  }
  return seen
}

/** The emulator recorded exactly these contract violations, in order, each containing its part. */
function expectViolations(...parts: string[]): void {
  expect(emu.contractViolations).toEqual(parts.map(part => expect.stringContaining(part)))
}

describe('ServiceEmulator: auth and routing', () => {
  it('answers 401 with the service error shape without a key or with a wrong one', async () => {
    for (const auth of [null, 'Bearer mint_wrong', `Basic ${emu.apiKey}`]) {
      const res = await call('GET', views(), { auth })
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ error: 'Unauthorized' })
    }
    expect(emu.contractViolations).toEqual([
      expect.stringContaining('missing "Authorization: Bearer <key>" header'),
      expect.stringContaining('missing "Authorization: Bearer <key>" header')
    ])
  })

  it('answers 404 for an unknown project and an unknown route', async () => {
    const project = await call('POST', '/v2/agent/proj_other/job', { body: { prompt: 'x' } })
    expect(project.status).toBe(404)
    expect(await project.json()).toEqual({ error: 'Project not found' })
    const route = await call('GET', `/v1/agent/${emu.projectId}/jobs`)
    expect(route.status).toBe(404)
    expect(await route.json()).toEqual({ error: 'Not found' })
    expect(emu.contractViolations).toEqual([expect.stringContaining('no such operation')])
  })

  it('records every request with its method, path, query, headers and body', async () => {
    await create('Document the CLI')
    await call('GET', views('?limit=5'))
    expect(emu.requests.map(r => [r.method, r.path, r.query, r.body])).toEqual([
      ['POST', jobs(), {}, { prompt: 'Document the CLI' }],
      ['GET', views(), { limit: '5' }, undefined]
    ])
    expect(emu.requests[0].headers['content-type']).toBe('application/json')
    expect(emu.requests[0].rawBody).toBe('{"prompt":"Document the CLI"}')
    expect(emu.requestsTo('POST', /\/job$/)).toHaveLength(1)
  })
})

describe('ServiceEmulator: agent jobs', () => {
  it('creates a job: 201 with the documented AgentJob shape and no contract violation', async () => {
    const job = await create()
    expect(job).toEqual({
      id: 'job_1',
      status: 'active',
      source: { repository: 'https://github.com/acme/docs', ref: 'main' },
      model: 'sonnet',
      prLink: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      archivedAt: null
    })
    expect(emu.job('job_1')).toEqual({
      id: 'job_1',
      prompt: 'Add a quickstart',
      messages: [],
      polls: 0,
      status: 'active',
      // A job scripted to poll its way to the end: no end time, and how it will end.
      endsAt: undefined,
      outcome: 'completed'
    })
    expect(emu.contractViolations).toEqual([])
  })

  it('refuses a bad create with 400 and an error body, and records the contract violation', async () => {
    const bad: [CallOptions, string][] = [
      [{ body: {} }, 'prompt is required'],
      [{ body: { prompt: '' } }, 'prompt must not be empty'],
      [{ body: { prompt: 42 } }, 'prompt must be a string'],
      [{ raw: '{"prompt": "unterminated' }, 'Request body is not valid JSON']
    ]
    for (const [options, error] of bad) {
      const res = await call('POST', jobs(), options)
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error })
    }
    expect(emu.job('job_1')).toBeUndefined()
    expectViolations(
      "body must have required property 'prompt'",
      'body/prompt must NOT have fewer than 1 characters',
      'body/prompt must be string',
      'the body is not valid JSON'
    )
  })

  it('follows the default script: active for two polls, then completed with a PR link', async () => {
    const { id } = (await create()) as { id: string }
    expect(await statuses(id, 4)).toEqual(['active', 'active', 'completed', 'completed'])
    const { body } = await poll(id)
    expect(body.prLink).toBe('https://github.com/acme/docs/pull/1')
    expect(emu.job(id)?.polls).toBe(5)
    expect(emu.contractViolations).toEqual([])
  })

  it('uses the scripts for the next creates in order, then the default script', async () => {
    emu.scriptJobs(
      { activePolls: 0, outcome: 'failed' },
      { activePolls: 1, outcome: 'archived' },
      { activePolls: 0, prLink: null }
    )
    emu.setDefaultJobScript({ activePolls: 0, prLink: 'https://github.com/acme/docs/pull/77' })
    const ids = []
    for (let i = 0; i < 4; i++) ids.push((await create()).id as string)

    const failed = await poll(ids[0])
    expect(failed.body).toMatchObject({ status: 'failed', prLink: null, archivedAt: null })
    expect(await statuses(ids[1], 2)).toEqual(['active', 'archived'])
    expect((await poll(ids[1])).body.archivedAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/))
    expect((await poll(ids[2])).body).toMatchObject({ status: 'completed', prLink: null })
    expect((await poll(ids[3])).body.prLink).toBe('https://github.com/acme/docs/pull/77')
    expect(emu.contractViolations).toEqual([])
  })

  it('answers a raw status override (an undocumented value) and flags it as a violation', async () => {
    emu.scriptJobs({ activePolls: 1, status: 'paused', statusPolls: 2 })
    const { id } = (await create()) as { id: string }
    expect(await statuses(id, 4)).toEqual(['active', 'paused', 'paused', 'completed'])
    expect(emu.contractViolations).toEqual([
      expect.stringContaining('body/status must be equal to one of the allowed values'),
      expect.stringContaining('body/status must be equal to one of the allowed values')
    ])
  })

  it('keeps a job active for activeForMs on the emulator clock', async () => {
    await emu.close()
    let clock = Date.UTC(2025, 0, 1)
    emu = await ServiceEmulator.start({ now: () => clock })
    emu.scriptJobs({ activeForMs: 60_000 })
    const job = await create()
    expect(job.createdAt).toBe('2025-01-01T00:00:00.000Z')
    expect(await statuses(job.id as string, 3)).toEqual(['active', 'active', 'active'])
    clock += 60_000
    expect(await statuses(job.id as string, 1)).toEqual(['completed'])
    expect(emu.requests[1].at).toBe(Date.UTC(2025, 0, 1))
  })

  it('answers 404 for the first notFoundPolls GETs, then the job', async () => {
    emu.scriptJobs({ notFoundPolls: 2, activePolls: 0 })
    const { id } = (await create()) as { id: string }
    const first = await poll(id)
    expect(first).toEqual({ status: 404, body: { error: 'Job not found' } })
    expect(await statuses(id, 2)).toEqual([404, 'completed'])
    expect(emu.job(id)?.polls).toBe(3)
    expect((await poll('job_404')).status).toBe(404)
    expect(emu.contractViolations).toEqual([])
  })

  it('sends a follow-up message: records it and runs the lifecycle again', async () => {
    const id = emu.addJob({ id: 'job_existing', prompt: 'Earlier', activePolls: 1 })
    expect(await statuses(id, 2)).toEqual(['active', 'completed'])

    const res = await call('POST', `${jobs()}/${id}/message`, {
      body: { prompt: 'Also fix typos' }
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ id, status: 'active', prLink: null })
    expect(emu.job(id)).toMatchObject({ prompt: 'Earlier', messages: ['Also fix typos'] })
    expect(await statuses(id, 2)).toEqual(['active', 'completed'])
    expect((await poll(id)).body.prLink).toBe('https://github.com/acme/docs/pull/1')

    const unknown = await call('POST', `${jobs()}/job_nope/message`, { body: { prompt: 'x' } })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ error: 'Job not found' })
    const bad = await call('POST', `${jobs()}/${id}/message`, { body: {} })
    expect(bad.status).toBe(400)
    expect(emu.contractViolations).toEqual([
      expect.stringContaining("body must have required property 'prompt'")
    ])
  })

  it('gives created jobs ids that do not collide with added ones', async () => {
    emu.addJob({ id: 'job_1' })
    expect((await create()).id).toBe('job_2')
    expect(() => emu.addJob({ id: 'job_2' })).toThrow(/already exists/)
  })
})

describe('ServiceEmulator: page views', () => {
  const rows = [
    { path: '/a', human: 5, ai: 1, total: 6 },
    { path: '/b', human: 4, ai: 2, total: 6 },
    { path: '/c', human: 3, ai: 0, total: 3 },
    { path: '/d', human: 2, ai: 2, total: 4 },
    { path: '/e', human: 1, ai: 0, total: 1 }
  ]

  it('pages rows by offset and limit with hasMore and site-wide totals', async () => {
    emu.setPageViews(rows)
    const first = await (await call('GET', views('?limit=2'))).json()
    expect(first).toEqual({
      totals: { human: 15, ai: 5, total: 20 },
      views: rows.slice(0, 2),
      hasMore: true
    })
    const last = await (await call('GET', views('?limit=2&offset=4'))).json()
    expect(last).toMatchObject({ views: rows.slice(4), hasMore: false })
    const exact = await (await call('GET', views('?limit=1&offset=4'))).json()
    expect(exact).toMatchObject({ views: rows.slice(4), hasMore: false })
    const all = await (
      await call('GET', views('?dateFrom=2024-01-01&dateTo=2024-01-08T00:00:00Z'))
    ).json()
    expect(all).toMatchObject({ views: rows, hasMore: false })
    expect(emu.contractViolations).toEqual([])
  })

  it('uses given totals and a default limit of 50', async () => {
    emu.generatePageViews(120)
    emu.setPageViews(rows, { human: 1000, ai: 10, total: 1010 })
    expect(await (await call('GET', views())).json()).toMatchObject({
      totals: { human: 1000, ai: 10, total: 1010 }
    })
    emu.generatePageViews(120)
    const page = (await (await call('GET', views())).json()) as {
      views: unknown[]
      hasMore: boolean
    }
    expect(page.views).toHaveLength(50)
    expect(page.hasMore).toBe(true)
  })

  it('answers 400 with details for bad query values; only out-of-range numbers break the contract', async () => {
    const cases: [string, string][] = [
      ['?limit=0', 'limit must be an integer between 1 and 250'],
      ['?limit=251', 'limit must be an integer between 1 and 250'],
      ['?limit=ten', 'limit must be an integer between 1 and 250'],
      ['?offset=-1', 'offset must be an integer greater than or equal to 0'],
      ['?dateFrom=yesterday', 'dateFrom must be a date in YYYY-MM-DD or ISO 8601 format'],
      ['?dateTo=2024-02-30', 'dateTo must be a date in YYYY-MM-DD or ISO 8601 format']
    ]
    for (const [query, message] of cases) {
      const res = await call('GET', views(query))
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({
        error: 'Invalid query parameters',
        details: [{ message }]
      })
    }
    // dateFrom/dateTo are plain strings in the OpenAPI document, so only the numbers are violations.
    expectViolations(
      'query/limit must be >= 1',
      'query/limit must be <= 250',
      'query/limit must be integer',
      'query/offset must be >= 0'
    )
  })

  it('serves a million generated rows without building them', async () => {
    emu.generatePageViews(1_000_000)
    const res = await call('GET', views('?limit=250&offset=999900'))
    const page = (await res.json()) as { views: unknown[]; hasMore: boolean; totals: unknown }
    expect(page.views).toHaveLength(100)
    expect(page.views[99]).toEqual(generatedPageView(999_999))
    expect(page.views[0]).toMatchObject({ path: '/docs/page-999900' })
    expect(page.hasMore).toBe(false)
    let human = 0
    for (let i = 0; i < 1_000_000; i++) human += generatedPageView(i).human
    expect(page.totals).toMatchObject({ human })
  })
})

describe('ServiceEmulator: visitors, searches and feedback', () => {
  const analytics = (resource: string, query = ''): string =>
    `/v1/analytics/${emu.projectId}/${resource}${query}`
  const get = async (path: string): Promise<Record<string, unknown>> =>
    (await (await call('GET', path)).json()) as Record<string, unknown>

  it('answers visitors by offset with the given (deduplicated) totals, and views per period', async () => {
    emu.setVisitors([{ path: '/a', human: 2, ai: 2, total: 3 }], { human: 2, ai: 2, total: 3 })
    expect(await get(analytics('visitors', '?limit=250'))).toEqual({
      totals: { human: 2, ai: 2, total: 3 },
      visitors: [{ path: '/a', human: 2, ai: 2, total: 3 }],
      hasMore: false
    })
    emu.generatePageViews(3)
    emu.generatePageViews(2, '2024-01-01', 1)
    const period = (await get(views('?dateFrom=2024-01-01'))) as { views: unknown[] }
    expect(period.views).toEqual([generatedPageView(0, 1), generatedPageView(1, 1)])
    expect(((await get(views())) as { views: unknown[] }).views).toHaveLength(3)
    expect(emu.contractViolations).toEqual([])
  })

  it('pages searches by an opaque cursor until nextCursor is null', async () => {
    const terms = Array.from({ length: 5 }, (_, i) => ({
      searchQuery: `t${i}`,
      hits: 10 - i,
      ctr: 0.5,
      topClickedPage: null,
      lastSearchedAt: '2024-01-01T00:00:00Z'
    }))
    emu.setSearches(terms)
    const first = await get(analytics('searches', '?limit=2'))
    expect(first).toMatchObject({ searches: terms.slice(0, 2), totalSearches: 40 })
    expect(typeof first.nextCursor).toBe('string')
    const second = await get(analytics('searches', `?limit=3&cursor=${String(first.nextCursor)}`))
    expect(second).toEqual({ searches: terms.slice(2), totalSearches: 40, nextCursor: null })
    expect(emu.contractViolations).toEqual([])
  })

  it('pages feedback by cursor with hasMore, and refuses a bad cursor or limit with 400', async () => {
    emu.setFeedback([
      {
        id: 'f1',
        path: '/a',
        comment: null,
        createdAt: null,
        source: 'thumbs_only',
        status: 'pending'
      }
    ])
    expect(await get(analytics('feedback'))).toEqual({
      feedback: [expect.objectContaining({ id: 'f1' })],
      nextCursor: null,
      hasMore: false
    })
    expect((await call('GET', analytics('feedback', '?cursor=bogus'))).status).toBe(400)
    expect((await call('GET', analytics('searches', '?limit=101'))).status).toBe(400)
    expect(emu.contractViolations).toEqual([expect.stringContaining('query/limit must be <= 100')])
  })
})

describe('ServiceEmulator: assistant', () => {
  const assistant = (rest = ''): string => `/v1/analytics/${emu.projectId}/assistant${rest}`
  const get = async (path: string): Promise<Record<string, unknown>> =>
    (await (await call('GET', path)).json()) as Record<string, unknown>

  it('serves demo conversations by default, some unanswered, with the caller split', async () => {
    const page = (await get(assistant('?limit=1000'))) as {
      conversations: { resolutionStatus: string }[]
    }
    const statuses = page.conversations.map(c => c.resolutionStatus)
    expect(statuses).toContain('unanswered')
    expect(statuses).toContain('answered')
    expect(await get(assistant('/caller-stats'))).toEqual({ web: 6, api: 2, other: 0, total: 8 })
    expect(emu.contractViolations).toEqual([])
  })

  it('pages set conversations by a ULID cursor up to 1,000 a page, with hasMore, and answers the set caller split', async () => {
    emu.generateAssistant(2500)
    const first = await get(assistant('?limit=1000'))
    expect((first.conversations as unknown[]).length).toBe(1000)
    expect(first.hasMore).toBe(true)
    expect(String(first.nextCursor)).toMatch(/^[0-7][0-9A-HJKMNP-TV-Z]{25}$/)
    const second = await get(assistant(`?limit=1000&cursor=${String(first.nextCursor)}`))
    expect((second.conversations as { id: string }[])[0].id).toBe('conv_1000')
    emu.setAssistant([], { web: 1, api: 2, other: 3, total: 6 })
    expect(await get(assistant('/caller-stats?dateFrom=2024-01-01'))).toEqual({
      web: 1,
      api: 2,
      other: 3,
      total: 6
    })
    expect(await get(assistant())).toEqual({ conversations: [], nextCursor: null, hasMore: false })
    expect(emu.contractViolations).toEqual([])
  })

  it('refuses a limit over 1,000 or a cursor that is no ULID: 400, and the contract flags them', async () => {
    expect((await call('GET', assistant('?limit=1001'))).status).toBe(400)
    expect((await call('GET', assistant('?cursor=bogus'))).status).toBe(400)
    expectViolations('query/limit must be <= 1000', 'query/cursor must match format "ulid"')
  })

  it('injects faults on the assistant endpoints like on the others', async () => {
    emu.inject({ path: /\/assistant\/caller-stats$/, fault: { status: 503 } })
    emu.inject({ path: /\/assistant$/, fault: { kind: 'malformed' } })
    expect((await call('GET', assistant('/caller-stats'))).status).toBe(503)
    const malformed = await call('GET', assistant())
    expect(malformed.status).toBe(200)
    await expect(malformed.json()).rejects.toThrow()
    expect((await call('GET', assistant())).status).toBe(200)
  })
})

describe('ServiceEmulator: faults', () => {
  it('reset: the socket is destroyed, fetch rejects, and the request was not carried out', async () => {
    emu.inject({ method: 'POST', path: jobs(), fault: { kind: 'reset' } })
    await expect(call('POST', jobs(), { body: { prompt: 'x' } })).rejects.toThrow()
    expect(emu.job('job_1')).toBeUndefined()
    expect((await create()).id).toBe('job_1')
  })

  it('reset-after-body: the job is created but the client only sees a reset', async () => {
    emu.inject({ method: 'POST', fault: { kind: 'reset-after-body' } })
    await expect(call('POST', jobs(), { body: { prompt: 'x' } })).rejects.toThrow()
    expect(emu.job('job_1')).toMatchObject({ prompt: 'x', status: 'active' })
  })

  it('hang: no answer until the client gives up; close() still returns at once', async () => {
    emu.inject({ path: /\/job\/[^/]+$/, fault: { kind: 'hang' } })
    const { id } = (await create()) as { id: string }
    const started = Date.now()
    await expect(
      call('GET', `${jobs()}/${id}`, { signal: AbortSignal.timeout(150) })
    ).rejects.toThrow(/timeout|aborted/i)
    expect(Date.now() - started).toBeLessThan(2000)
    expect(emu.job(id)?.polls).toBe(0)
    expect((await poll(id)).status).toBe(200)
  })

  it('malformed: a 200 whose JSON does not parse', async () => {
    emu.inject({ method: 'GET', fault: { kind: 'malformed', process: true } })
    const { id } = (await create()) as { id: string }
    const res = await call('GET', `${jobs()}/${id}`)
    expect(res.status).toBe(200)
    await expect(res.json()).rejects.toThrow(/JSON/)
    expect(emu.job(id)?.polls).toBe(1)
  })

  it('HTTP faults: status, headers, default error body, and times counting down', async () => {
    emu.inject({ method: 'GET', times: 2, fault: { status: 503, headers: { 'retry-after': '1' } } })
    const { id } = (await create()) as { id: string }
    for (let i = 0; i < 2; i++) {
      const res = await call('GET', `${jobs()}/${id}`)
      expect(res.status).toBe(503)
      expect(res.headers.get('retry-after')).toBe('1')
      expect(await res.json()).toEqual({ error: 'Service Unavailable' })
    }
    expect((await poll(id)).status).toBe(200)
    // Injected faults are not contract violations, even with an undeclared status.
    expect(emu.contractViolations).toEqual([])
  })

  it('uses the first matching rule, and a processed fault keeps its side effect', async () => {
    emu.inject({ method: 'GET', path: views(), fault: { status: 500, body: '{"error":"boom"}' } })
    emu.inject({ method: 'POST', path: jobs(), fault: { status: 502, process: true } })
    const res = await call('POST', jobs(), { body: { prompt: 'x' } })
    expect(res.status).toBe(502)
    expect(await res.json()).toEqual({ error: 'Bad Gateway' })
    expect(emu.job('job_1')).toBeDefined()
    const viewsRes = await call('GET', views())
    expect(viewsRes.status).toBe(500)
    expect(await viewsRes.json()).toEqual({ error: 'boom' })
    expect((await call('GET', views())).status).toBe(200)
  })
})

describe('contract checks (ajv over the OpenAPI documents)', () => {
  it('flags a bad request and passes a good one', () => {
    const path = '/v1/analytics/proj_test/views'
    expect(checkRequest('GET', path, { limit: '0' }, undefined)).toEqual([
      'request GET /v1/analytics/proj_test/views: query/limit must be >= 1'
    ])
    expect(
      checkRequest('GET', path, { limit: '250', offset: '0', dateFrom: '2024-01-01' }, undefined)
    ).toEqual([])
    expect(checkRequest('POST', '/v2/agent/p/job', {}, {})).toEqual([
      "request POST /v2/agent/p/job: body must have required property 'prompt'"
    ])
    expect(checkRequest('POST', '/v2/agent/p/job', {}, { prompt: 'x' })).toEqual([])
    expect(checkRequest('POST', '/v2/agent/p/job', {}, undefined)).toEqual([
      'request POST /v2/agent/p/job: the required JSON body is missing'
    ])
  })

  it('checks answers per status, allowing 401 and 404 everywhere', () => {
    const job = {
      id: 'j',
      status: 'completed',
      prLink: 'https://github.com/a/b/pull/1',
      createdAt: '2024-01-01T00:00:00Z',
      archivedAt: null,
      source: { repository: 'https://github.com/a/b', ref: null }
    }
    expect(checkResponse('GET', '/v2/agent/p/job/j', 200, job)).toEqual([])
    expect(checkResponse('GET', '/v2/agent/p/job/j', 200, { ...job, prLink: 'not a url' })).toEqual(
      ['response 200 to GET /v2/agent/p/job/j: body/prLink must match format "uri"']
    )
    expect(checkResponse('POST', '/v2/agent/p/job', 200, job)).toEqual([
      'response 200 to POST /v2/agent/p/job: status 200 is not declared for this operation'
    ])
    expect(checkResponse('GET', '/v1/analytics/p/views', 401, { error: 'Unauthorized' })).toEqual(
      []
    )
    expect(
      checkResponse('GET', '/v1/analytics/p/views', 400, { error: 'x', details: [{}] })
    ).toEqual([
      "response 400 to GET /v1/analytics/p/views: body/details/0 must have required property 'message'"
    ])
  })
})
