/**
 * The emulator's platform endpoints, as a client sees them over HTTP: the status lifecycle with logs
 * and screenshots, the per-minute preview limit, the plan without previews, and the contract check
 * against spec/platform-openapi.json.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { checkRequest, checkResponse } from '../fakes/contract.js'
import { TRIGGER_LIMIT_PER_MINUTE } from '../fakes/platform.js'
import { ServiceEmulator } from '../fakes/service-emulator.js'

let emu: ServiceEmulator

beforeEach(async () => {
  emu = await ServiceEmulator.start()
})

afterEach(async () => {
  await emu.close()
})

async function call(
  method: string,
  path: string,
  body?: unknown
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = { authorization: `Bearer ${emu.apiKey}` }
  if (body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`${emu.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
    headers: res.headers
  }
}

const preview = (branch = 'docs/a'): ReturnType<typeof call> =>
  call('POST', `/v1/project/preview/${emu.projectId}`, { branch })
const status = (id: string): ReturnType<typeof call> =>
  call('GET', `/v1/project/update-status/${id}`)

describe('the platform endpoints of the emulator', () => {
  it('a deployment goes queued, in_progress, then success, with logs and screenshots at the end', async () => {
    const started = await call('POST', `/v1/project/update/${emu.projectId}`)
    expect(started).toMatchObject({ status: 202, body: { statusId: 'status_1' } })
    const seen: string[] = []
    for (let i = 0; i < 4; i++) seen.push(String((await status('status_1')).body.status))
    expect(seen).toEqual(['queued', 'in_progress', 'in_progress', 'success'])
    const { body } = await status('status_1')
    expect(body).toMatchObject({ _id: 'status_1', subdomain: 'acme', source: 'api' })
    expect(body.logs).toEqual(expect.arrayContaining(['Building the pages']))
    expect(body.endedAt).toEqual(expect.any(String))
    expect(body.screenshotLight).toMatch(/^https:\/\//)
    expect(emu.contractViolations).toEqual([])
  })

  it('a scripted failure ends failure with its summary and logs', async () => {
    emu.platform.script({ queuedPolls: 0, inProgressPolls: 0, outcome: 'failure', logs: ['x'] })
    await preview()
    expect((await status('status_1')).body).toMatchObject({
      status: 'failure',
      logs: ['x'],
      summary: 'The build failed.'
    })
  })

  it('a preview answers its URL; the sixth in a minute gets 429 with Retry-After', async () => {
    for (let i = 0; i < TRIGGER_LIMIT_PER_MINUTE; i++) {
      expect((await preview(`b${i}`)).body.previewUrl).toBe(`https://acme-b${i}.mintlify.app`)
    }
    const limited = await preview('b6')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(emu.contractViolations).toEqual([])
  })

  it('the plan without previews: 403 with the service’s words; production still deploys', async () => {
    emu.platform.previewsAvailable = false
    expect(await preview()).toMatchObject({
      status: 403,
      body: { error: 'Preview deployments are not available on your current plan.' }
    })
    expect((await call('POST', `/v1/project/update/${emu.projectId}`)).status).toBe(202)
  })

  it('an unknown status id is 404; a preview without a branch is 400', async () => {
    expect((await status('status_9')).status).toBe(404)
    const res = await call('POST', `/v1/project/preview/${emu.projectId}`, { branch: '' })
    expect(res.status).toBe(400)
    expect(emu.contractViolations).toEqual([
      `request POST /v1/project/preview/${emu.projectId}: body/branch must NOT have fewer than 1 characters`
    ])
  })
})

describe('the contract of spec/platform-openapi.json', () => {
  it('knows the three operations under /v1, and checks their bodies', () => {
    expect(checkRequest('POST', '/v1/project/update/p', {}, undefined)).toEqual([])
    expect(checkRequest('POST', '/v1/project/preview/p', {}, {})).toEqual([
      "request POST /v1/project/preview/p: body must have required property 'branch'"
    ])
    expect(checkResponse('GET', '/v1/project/update-status/s', 200, { status: 'done' })).toEqual([
      'response 200 to GET /v1/project/update-status/s: body/status must be equal to one of the allowed values (queued, in_progress, success, failure)'
    ])
    expect(checkResponse('POST', '/v1/project/preview/p', 429, { error: 'slow down' })).toEqual([])
  })
})
