/**
 * GitHub Enterprise Server: the REST API lives under `/api/v3` on the instance (GITHUB_API_URL) and
 * every web link on the instance's host (GITHUB_SERVER_URL). The GitHub fake serves only under that
 * prefix and writes links on that host, so a call or a link built for github.com shows up here.
 */
import { describe, expect, it } from '@jest/globals'
import { commentScenario, runAgent, runAnalytics, useWorld } from './helpers/world.js'

const GHES = 'https://ghe.acme.internal'

const world = useWorld(undefined, { gh: { pathPrefix: '/api/v3', serverUrl: GHES } })

describe('on GitHub Enterprise Server', () => {
  it('makes every call under GITHUB_API_URL (/api/v3) and links the run, the thread and the PR on GITHUB_SERVER_URL', async () => {
    world().gh.addIssue('acme', 'docs', {
      number: 50,
      title: 'Docs: OAuth',
      pull_request: true,
      user: 'mintlify[bot]'
    })
    world().svc.scriptJobs({ activePolls: 1, prLink: `${GHES}/acme/docs/pull/50` })
    const spec = commentScenario(world(), {
      body: '/mintlify document OAuth',
      inputs: { 'back-link': 'true' }
    })
    // The instance's own webhook payload: its links are on the instance.
    const event = JSON.parse(JSON.stringify(spec.event).replaceAll('https://github.com', GHES))
    const result = await runAgent(world(), { ...spec, event })

    expect(result.exitCode).toBe(0)
    expect(world().gh.url).toMatch(/\/api\/v3$/)
    expect(world().gh.outsidePrefix).toEqual([])
    expect(world().callList()).toEqual(
      expect.arrayContaining([
        'GET /repos/acme/docs/collaborators/maintainer/permission',
        'POST /repos/acme/docs/issues/7/comments',
        'POST /repos/acme/docs/issues/50/comments'
      ])
    )
    const [tracking] = world().botComments()
    expect(tracking.body).toContain(`](${GHES}/acme/docs/actions/runs/4242)`)
    expect(tracking.body).toContain(`](${GHES}/acme/docs/pull/50)`)
    expect(tracking.body).not.toContain('https://github.com')
    const [backLink] = world().botComments(50)
    expect(backLink.body).toContain(`](${GHES}/acme/docs/issues/7)`)
    expect(result.outputs['comment-url']).toMatch(new RegExp(`^${GHES}/acme/docs/issues/7#`))
    expect(result.outputs['pr-url']).toBe(`${GHES}/acme/docs/pull/50`)
  })

  it('posts the page-view report under /api/v3 as well', async () => {
    world().gh.addIssue('acme', 'docs', { number: 3, title: 'Weekly views' })
    world().svc.setPageViews([{ path: '/quickstart', human: 2, ai: 1, total: 3 }])
    const result = await runAnalytics(world(), {
      inputs: { 'issue-number': '3', 'github-token': world().gh.token }
    })

    expect(result.exitCode).toBe(0)
    expect(world().gh.outsidePrefix).toEqual([])
    expect(world().callList()).toContain('POST /repos/acme/docs/issues/3/comments')
  })
})
