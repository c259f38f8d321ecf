/**
 * The GitHub fake's tokens limited as a workflow's `permissions:` limits GITHUB_TOKEN: a call outside
 * the token's scopes answers 403 "Resource not accessible by integration"; a scope the block does not
 * list is `none`; an issue's comments need `issues`, a pull request's `pull-requests`; metadata is
 * always readable. Also `POST /issues` (what `gh issue create` calls).
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { GitHubFake } from '../fakes/github-fake.js'
import { scopesOf } from '../fakes/github/scopes.js'

let gh: GitHubFake

beforeEach(async () => {
  gh = await GitHubFake.start()
  gh.addIssue('acme', 'docs', { number: 7, title: 'Docs missing' })
  gh.addIssue('acme', 'docs', { number: 8, title: 'Add SDK', pull_request: true })
})

afterEach(async () => {
  await gh.close()
})

async function call(token: string, method: string, path: string, body?: unknown) {
  const answer = await fetch(`${gh.url}${path}`, {
    method,
    headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  return {
    status: answer.status,
    body: (await answer.json()) as { message?: string; number?: number }
  }
}

describe('a token limited by permissions:', () => {
  it('reads but does not comment with issues: read, and answers as GitHub does', async () => {
    gh.grantToken('ghs_read', scopesOf({ issues: 'read' }))
    expect((await call('ghs_read', 'GET', '/repos/acme/docs/issues/7/comments')).status).toBe(200)
    const posted = await call('ghs_read', 'POST', '/repos/acme/docs/issues/7/comments', {
      body: 'x'
    })
    expect(posted.status).toBe(403)
    expect(posted.body.message).toBe('Resource not accessible by integration')
    expect(gh.comments('acme', 'docs', 7)).toHaveLength(0)
  })

  it("needs pull-requests for a pull request's comments, issues for an issue's", async () => {
    gh.grantToken('ghs_issues', scopesOf({ issues: 'write' }))
    expect(
      (await call('ghs_issues', 'POST', '/repos/acme/docs/issues/7/comments', { body: 'x' })).status
    ).toBe(201)
    expect(
      (await call('ghs_issues', 'POST', '/repos/acme/docs/issues/8/comments', { body: 'x' })).status
    ).toBe(403)
    expect((await call('ghs_issues', 'GET', '/repos/acme/docs/pulls/8')).status).toBe(403)
  })

  it('leaves every scope the block does not list at none, metadata readable', async () => {
    gh.grantToken('ghs_none', scopesOf({}))
    expect((await call('ghs_none', 'GET', '/repos/acme/docs/issues/7')).status).toBe(403)
    expect((await call('ghs_none', 'GET', '/repos/acme/docs/compare/a...b')).status).toBe(403)
    expect((await call('ghs_none', 'GET', '/repos/acme/docs')).status).toBe(200)
  })

  it('reads everything with read-all and writes nothing', async () => {
    gh.grantToken('ghs_all', scopesOf('read-all'))
    expect((await call('ghs_all', 'GET', '/repos/acme/docs/pulls/8')).status).toBe(200)
    expect((await call('ghs_all', 'POST', '/repos/acme/docs/issues', { title: 'x' })).status).toBe(
      403
    )
  })
})

describe('POST /repos/{o}/{r}/issues', () => {
  it('opens the next issue and answers its number and URL', async () => {
    const opened = await call(gh.token, 'POST', '/repos/acme/docs/issues', { title: 'Docs report' })
    expect(opened.status).toBe(201)
    expect(opened.body).toMatchObject({
      number: 9,
      html_url: 'https://github.com/acme/docs/issues/9'
    })
    expect(gh.hasIssue('acme', 'docs', 9)).toBe(true)
  })

  it('refuses an issue without a title (422)', async () => {
    expect((await call(gh.token, 'POST', '/repos/acme/docs/issues', {})).status).toBe(422)
  })
})
