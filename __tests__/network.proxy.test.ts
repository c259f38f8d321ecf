/**
 * Self-hosted runners behind a proxy: the Mintlify calls of both actions honour HTTPS_PROXY /
 * https_proxy and NO_PROXY / no_proxy as @actions/http-client does for GitHub. The service is an HTTPS
 * emulator with a certificate made for this test, reached as `api.mintlify.test` only through a
 * loopback CONNECT proxy; GitHub (on loopback) is never proxied, as http-client decides.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { ConnectProxy } from '../fakes/connect-proxy.js'
import { makeCertificate, trust, type TestCertificate } from '../fakes/test-certificate.js'
import { commentScenario, runAgent, runAnalytics, useWorld, type World } from './helpers/world.js'
import { commandLines, shown } from './helpers/text.js'

const HOST = 'api.mintlify.test'
const API_URL = `https://${HOST}`

let certificate: TestCertificate
let untrust: () => void
beforeAll(() => {
  certificate = makeCertificate(HOST)
  untrust = trust(certificate)
})
afterAll(() => untrust())

let proxy: ConnectProxy
const world = useWorld(undefined, () => ({ svc: { tls: certificate } }))
beforeEach(async () => {
  const port = Number(new URL(world().svc.url).port)
  proxy = await ConnectProxy.start({ [`${HOST}:443`]: port })
  world().watched.push(proxy.traffic)
})
afterEach(() => proxy.close())

function agentRun(w: World, env: Record<string, string>) {
  const spec = commentScenario(w, { inputs: { 'api-url': API_URL } })
  return runAgent(w, { ...spec, env: { ...spec.env, ...env } })
}

function analyticsRun(w: World, env: Record<string, string>) {
  w.svc.setPageViews([{ path: '/quickstart', human: 3, ai: 1, total: 4 }])
  return runAnalytics(w, { inputs: { 'api-url': API_URL }, env })
}

describe('the agent behind a proxy', () => {
  it('sends every Mintlify call through HTTPS_PROXY and the GitHub calls on loopback direct', async () => {
    const result = await agentRun(world(), { HTTPS_PROXY: proxy.url })
    expect(result.outputs.status).toBe('completed')
    expect(world().creates()).toHaveLength(1)
    expect(world().gets().length).toBeGreaterThanOrEqual(1)
    expect(proxy.tunnels.length).toBeGreaterThanOrEqual(2)
    expect(new Set(proxy.tunnels.map(t => t.target))).toEqual(new Set([`${HOST}:443`]))
    // GitHub calls reached the fake without a tunnel (loopback is never proxied).
    expect(world().gh.calls.length).toBeGreaterThan(0)
  })

  it('opens a fresh tunnel for the create and reuses one for the polls', async () => {
    await agentRun(world(), { https_proxy: proxy.url })
    const [create] = world().creates()
    const polls = world().gets()
    expect(polls.length).toBeGreaterThanOrEqual(2)
    expect(polls.map(r => r.connection)).not.toContain(create.connection)
    expect(new Set(polls.map(r => r.connection)).size).toBe(1)
  })

  it('goes direct for a host in NO_PROXY, and names the host it could not reach', async () => {
    const result = await agentRun(world(), {
      HTTPS_PROXY: proxy.url,
      NO_PROXY: `localhost,${HOST}`
    })
    expect(proxy.tunnels).toEqual([])
    expect(result.exitCode).toBe(1)
    const [comment] = world().botComments()
    expect(shown(comment.body)).toContain(
      `❌ Could not reach ${HOST} (ENOTFOUND), so nothing was sent and no job was started.`
    )
    expect(comment.body).not.toMatch(/refused/)
    expect(commandLines(result.stdout, 'error')).toEqual([
      `::error::Could not reach ${HOST} (ENOTFOUND); nothing was sent.`
    ])
  })

  it('reports a proxy that will not open the tunnel as the host not reached, never as refused', async () => {
    await proxy.close()
    proxy = await ConnectProxy.start({})
    world().watched.push(proxy.traffic)
    const result = await agentRun(world(), { HTTPS_PROXY: proxy.url })
    expect(world().creates()).toEqual([])
    expect(shown(world().botComments()[0].body)).toContain(
      `❌ Could not reach ${HOST} (EPROXY502), so nothing was sent and no job was started.`
    )
    expect(result.exitCode).toBe(1)
  })
})

describe('the page-view export behind a proxy', () => {
  it('pages through the lower-case https_proxy, with the credentials of its URL', async () => {
    const withLogin = new URL(proxy.url)
    withLogin.username = 'runner'
    withLogin.password = 'p@ss'
    const result = await analyticsRun(world(), { https_proxy: withLogin.href })
    expect(result.exitCode).toBe(0)
    expect(result.outputs.pages).toBe('1')
    expect(proxy.tunnels.length).toBeGreaterThanOrEqual(1)
    expect(proxy.tunnels[0]).toEqual({
      target: `${HOST}:443`,
      authorization: `Basic ${Buffer.from('runner:p@ss').toString('base64')}`
    })
  })

  it('goes direct for a domain in no_proxy and says which host it could not reach', async () => {
    const result = await analyticsRun(world(), {
      HTTPS_PROXY: proxy.url,
      no_proxy: '.mintlify.test'
    })
    expect(proxy.tunnels).toEqual([])
    expect(result.exitCode).toBe(1)
    const errors = commandLines(result.stdout, 'error')
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain(`could not reach ${HOST} (ENOTFOUND)`)
    expect(errors[0]).not.toMatch(/refused/)
  })
})
