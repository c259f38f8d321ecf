import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { Octokit } from '@octokit/rest'
import { GitHubFake, secondaryRateLimit } from '../fakes/github-fake.js'

let gh: GitHubFake

beforeEach(async () => {
  gh = await GitHubFake.start()
  gh.addIssue('acme', 'app', {
    number: 7,
    title: 'Docs missing',
    body: 'Please add docs',
    user: 'alice'
  })
  gh.addIssue('acme', 'app', {
    number: 8,
    title: 'Add SDK',
    pull_request: true,
    head: 'sdk',
    base: 'main',
    files: [
      { filename: 'a.ts', additions: 3, deletions: 1 },
      { filename: 'b.ts', additions: 0, deletions: 4, status: 'removed' },
      { filename: 'c.ts', additions: 2, deletions: 0, status: 'added' }
    ]
  })
})

afterEach(async () => {
  await gh.close()
})

function call(
  method: string,
  path: string,
  body?: unknown,
  auth: string | null = `token ${gh.token}`
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/vnd.github+json' }
  if (auth !== null) headers.authorization = auth
  if (body !== undefined) headers['content-type'] = 'application/json'
  return fetch(`${gh.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body)
  })
}

/** The URLs of a Link header by rel. */
function links(res: Response): Record<string, string> {
  const header = res.headers.get('link') ?? ''
  return Object.fromEntries(
    [...header.matchAll(/<([^>]+)>;\s*rel="([^"]+)"/g)].map(([, url, rel]) => [rel, url])
  )
}

describe('GitHubFake: auth and access', () => {
  it('accepts "token X" and "Bearer X" and answers 401 otherwise', async () => {
    expect((await call('GET', '/repos/acme/app/issues/7')).status).toBe(200)
    expect(
      (await call('GET', '/repos/acme/app/issues/7', undefined, `Bearer ${gh.token}`)).status
    ).toBe(200)
    for (const auth of [null, 'token wrong']) {
      const res = await call('GET', '/repos/acme/app/issues/7', undefined, auth)
      expect(res.status).toBe(401)
      expect(await res.json()).toMatchObject({ message: 'Bad credentials' })
    }
  })

  it('denyRepo answers 403 or 404 for every call to that repository only', async () => {
    gh.addIssue('acme', 'private', { number: 1 })
    gh.denyRepo('acme', 'private', 403)
    gh.denyRepo('acme', 'gone', 404)
    const denied = await call('POST', '/repos/acme/private/issues/1/comments', { body: 'hi' })
    expect(denied.status).toBe(403)
    expect(await denied.json()).toMatchObject({ message: 'Resource not accessible by integration' })
    expect((await call('GET', '/repos/acme/gone/issues/1')).status).toBe(404)
    expect((await call('GET', '/repos/acme/app/issues/7')).status).toBe(200)
    expect(gh.comments('acme', 'private', 1)).toEqual([])
  })

  it('records every call', async () => {
    await call('POST', '/repos/acme/app/issues/7/comments', { body: 'hi' })
    await call('GET', '/repos/acme/app/issues/7/comments?per_page=5')
    expect(gh.calls.map(c => [c.method, c.path, c.query, c.body])).toEqual([
      ['POST', '/repos/acme/app/issues/7/comments', {}, { body: 'hi' }],
      ['GET', '/repos/acme/app/issues/7/comments', { per_page: '5' }, undefined]
    ])
  })
})

describe('GitHubFake: permissions', () => {
  it('answers the legacy permission and the role name, as GitHub does', async () => {
    gh.setPermission('acme', 'app', 'alice', 'maintain')
    gh.setPermission('acme', 'app', 'bob', 'triage')
    gh.setPermission('acme', 'app', 'carol', 'write')
    const alice = await (await call('GET', '/repos/acme/app/collaborators/alice/permission')).json()
    expect(alice).toMatchObject({
      permission: 'write',
      role_name: 'maintain',
      user: { login: 'alice', permissions: { admin: false, maintain: true, push: true } }
    })
    const bob = await (await call('GET', '/repos/acme/app/collaborators/bob/permission')).json()
    expect(bob).toMatchObject({ permission: 'read', role_name: 'triage' })
    const carol = await (await call('GET', '/repos/acme/app/collaborators/carol/permission')).json()
    expect(carol).toMatchObject({ permission: 'write', role_name: 'write' })
  })

  it('answers 404 for a login it does not know', async () => {
    const res = await call('GET', '/repos/acme/app/collaborators/mallory/permission')
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ message: 'Not Found' })
  })
})

describe('GitHubFake: issues and pull requests', () => {
  it('serves an issue, and a pull request through both endpoints', async () => {
    const issue = await (await call('GET', '/repos/acme/app/issues/7')).json()
    expect(issue).toMatchObject({
      number: 7,
      title: 'Docs missing',
      body: 'Please add docs',
      user: { login: 'alice' },
      html_url: 'https://github.com/acme/app/issues/7'
    })
    expect(issue).not.toHaveProperty('pull_request')
    const asIssue = await (await call('GET', '/repos/acme/app/issues/8')).json()
    expect(asIssue).toHaveProperty('pull_request.html_url', 'https://github.com/acme/app/pull/8')
    const pull = await (await call('GET', '/repos/acme/app/pulls/8')).json()
    expect(pull).toMatchObject({
      number: 8,
      title: 'Add SDK',
      html_url: 'https://github.com/acme/app/pull/8',
      head: { ref: 'sdk' },
      base: { ref: 'main' }
    })
    expect((await call('GET', '/repos/acme/app/pulls/7')).status).toBe(404)
    expect((await call('GET', '/repos/acme/app/issues/99')).status).toBe(404)
  })

  it('pages the files of a pull request', async () => {
    const first = await call('GET', '/repos/acme/app/pulls/8/files?per_page=2')
    expect(await first.json()).toEqual([
      expect.objectContaining({
        filename: 'a.ts',
        status: 'modified',
        additions: 3,
        deletions: 1,
        changes: 4
      }),
      expect.objectContaining({ filename: 'b.ts', status: 'removed' })
    ])
    const next = await fetch(links(first).next, { headers: { authorization: `token ${gh.token}` } })
    expect(await next.json()).toEqual([
      expect.objectContaining({ filename: 'c.ts', status: 'added' })
    ])
  })
})

describe('GitHubFake: issue comments', () => {
  it('creates a comment as the github-actions bot with increasing ids', async () => {
    const res = await call('POST', '/repos/acme/app/issues/7/comments', { body: 'Working on it' })
    expect(res.status).toBe(201)
    const created = (await res.json()) as { id: number }
    expect(created).toMatchObject({
      body: 'Working on it',
      user: { login: 'github-actions[bot]', type: 'Bot' },
      html_url: `https://github.com/acme/app/issues/7#issuecomment-${created.id}`
    })
    const second = (await (
      await call('POST', '/repos/acme/app/issues/8/comments', { body: 'x' })
    ).json()) as {
      id: number
      html_url: string
    }
    expect(second.id).toBeGreaterThan(created.id)
    expect(second.html_url).toBe(`https://github.com/acme/app/pull/8#issuecomment-${second.id}`)
    expect(gh.comments('acme', 'app', 7)).toEqual([
      {
        id: created.id,
        body: 'Working on it',
        user: { login: 'github-actions[bot]', type: 'Bot' },
        html_url: `https://github.com/acme/app/issues/7#issuecomment-${created.id}`,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        updated_at: expect.stringMatching(/Z$/)
      }
    ])
  })

  it('pages comments with per_page/page and a Link header with next, last, prev and first', async () => {
    for (let i = 1; i <= 5; i++) gh.addComment('acme', 'app', 7, `comment ${i}`, 'alice')
    const first = await call('GET', '/repos/acme/app/issues/7/comments?per_page=2')
    expect(((await first.json()) as { body: string }[]).map(c => c.body)).toEqual([
      'comment 1',
      'comment 2'
    ])
    const firstLinks = links(first)
    expect(Object.keys(firstLinks)).toEqual(['next', 'last'])
    expect(firstLinks.next).toBe(`${gh.url}/repos/acme/app/issues/7/comments?per_page=2&page=2`)
    expect(firstLinks.last).toBe(`${gh.url}/repos/acme/app/issues/7/comments?per_page=2&page=3`)

    const last = await call('GET', '/repos/acme/app/issues/7/comments?per_page=2&page=3')
    expect(((await last.json()) as { body: string }[]).map(c => c.body)).toEqual(['comment 5'])
    expect(Object.keys(links(last))).toEqual(['prev', 'first'])

    const all = await call('GET', '/repos/acme/app/issues/7/comments')
    expect(await all.json()).toHaveLength(5)
    expect(all.headers.get('link')).toBeNull()
  })

  it('gives a middle page prev, next, last and first, and filters by since (updated at or after)', async () => {
    for (let i = 1; i <= 5; i++) {
      const at = `2024-03-0${i}T00:00:00Z`
      gh.addComment('acme', 'app', 7, `comment ${i}`, 'alice', { createdAt: at })
    }
    const middle = await call('GET', '/repos/acme/app/issues/7/comments?per_page=2&page=2')
    expect(Object.keys(links(middle))).toEqual(['prev', 'next', 'last', 'first'])
    expect(links(middle).last).toBe(`${gh.url}/repos/acme/app/issues/7/comments?per_page=2&page=3`)
    const since = await call('GET', '/repos/acme/app/issues/7/comments?since=2024-03-04T00:00:00Z')
    expect(((await since.json()) as { body: string }[]).map(c => c.body)).toEqual([
      'comment 4',
      'comment 5'
    ])
  })

  it('uses 30 per page by default and at most 100', async () => {
    for (let i = 0; i < 130; i++) gh.addComment('acme', 'app', 7, `c${i}`)
    expect(await (await call('GET', '/repos/acme/app/issues/7/comments')).json()).toHaveLength(30)
    const big = await call('GET', '/repos/acme/app/issues/7/comments?per_page=500')
    expect(await big.json()).toHaveLength(100)
    expect(links(big).next).toContain('per_page=100&page=2')
  })

  it('refuses a body over 65,536 characters with GitHub 422 shape', async () => {
    const ok = await call('POST', '/repos/acme/app/issues/7/comments', { body: 'x'.repeat(65536) })
    expect(ok.status).toBe(201)
    const tooLong = await call('POST', '/repos/acme/app/issues/7/comments', {
      body: 'x'.repeat(65537)
    })
    expect(tooLong.status).toBe(422)
    expect(await tooLong.json()).toEqual({
      message: 'Validation Failed',
      errors: [
        {
          resource: 'IssueComment',
          code: 'unprocessable',
          field: 'data',
          message: 'Body is too long (maximum is 65536 characters)'
        }
      ],
      documentation_url: 'https://docs.github.com/rest/issues/comments#create-an-issue-comment',
      status: '422'
    })
    const { id } = (await ok.json()) as { id: number }
    const patch = await call('PATCH', `/repos/acme/app/issues/comments/${id}`, {
      body: 'y'.repeat(70000)
    })
    expect(patch.status).toBe(422)
    expect((await call('POST', '/repos/acme/app/issues/7/comments', {})).status).toBe(422)
    expect(gh.comments('acme', 'app', 7)).toHaveLength(1)
  })

  it('gets and edits a comment in place; other repositories cannot reach it', async () => {
    const earlier = gh.addComment('acme', 'app', 7, '<!-- marker --> working')
    expect(earlier.user).toEqual({ login: 'github-actions[bot]', type: 'Bot' })
    const got = await (await call('GET', `/repos/acme/app/issues/comments/${earlier.id}`)).json()
    expect(got).toMatchObject({ id: earlier.id, body: '<!-- marker --> working' })
    const res = await call('PATCH', `/repos/acme/app/issues/comments/${earlier.id}`, {
      body: 'done'
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ id: earlier.id, body: 'done' })
    expect(gh.comments('acme', 'app', 7).map(c => c.body)).toEqual(['done'])
    expect(
      (await call('PATCH', `/repos/acme/other/issues/comments/${earlier.id}`, { body: 'x' })).status
    ).toBe(404)
    expect(() => gh.addComment('acme', 'app', 404, 'x')).toThrow(/addIssue first/)
  })
})

describe('GitHubFake: reactions and review replies', () => {
  it('reacts to an issue comment (201, then 200 for the same reaction) and a review comment', async () => {
    gh.addComment('acme', 'app', 7, '/mintlify add docs', 'alice', { id: 4242 })
    const res = await call('POST', '/repos/acme/app/issues/comments/4242/reactions', {
      content: 'eyes'
    })
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({
      content: 'eyes',
      user: { login: 'github-actions[bot]' }
    })
    expect(
      (await call('POST', '/repos/acme/app/issues/comments/4242/reactions', { content: 'eyes' }))
        .status
    ).toBe(200)
    const review = gh.addReviewComment('acme', 'app', 8, { body: '/mintlify fix', user: 'alice' })
    expect(
      (
        await call('POST', `/repos/acme/app/pulls/comments/${review}/reactions`, {
          content: 'rocket'
        })
      ).status
    ).toBe(201)
    expect(gh.reactions).toEqual([
      { subject: 'issue_comment', commentId: 4242, content: 'eyes' },
      { subject: 'review_comment', commentId: review, content: 'rocket' }
    ])
  })

  it('answers 422 for an unknown reaction and 404 for an unknown comment', async () => {
    gh.addComment('acme', 'app', 7, 'hi', 'alice', { id: 5 })
    expect(
      (await call('POST', '/repos/acme/app/issues/comments/5/reactions', { content: 'wave' }))
        .status
    ).toBe(422)
    expect(
      (await call('POST', '/repos/acme/app/issues/comments/6/reactions', { content: 'eyes' }))
        .status
    ).toBe(404)
    expect(gh.reactions).toEqual([])
  })

  it('replies in a review thread', async () => {
    const review = gh.addReviewComment('acme', 'app', 8, { body: '/mintlify fix', user: 'alice' })
    const res = await call('POST', `/repos/acme/app/pulls/8/comments/${review}/replies`, {
      body: 'On it'
    })
    expect(res.status).toBe(201)
    const reply = (await res.json()) as { id: number }
    expect(reply).toMatchObject({ in_reply_to_id: review, body: 'On it' })
    expect(gh.reviewReplies).toEqual([
      {
        id: reply.id,
        owner: 'acme',
        repo: 'app',
        pullNumber: 8,
        inReplyTo: review,
        body: 'On it',
        user: { login: 'github-actions[bot]', type: 'Bot' },
        html_url: `https://github.com/acme/app/pull/8#discussion_r${reply.id}`
      }
    ])
    expect(
      (await call('POST', `/repos/acme/app/pulls/9/comments/${review}/replies`, { body: 'x' }))
        .status
    ).toBe(404)
  })
})

describe('GitHubFake: faults', () => {
  it('answers a 502 once on PATCH, then works', async () => {
    const comment = gh.addComment('acme', 'app', 7, 'working')
    gh.inject({ method: 'PATCH', fault: { status: 502 } })
    const path = `/repos/acme/app/issues/comments/${comment.id}`
    const failed = await call('PATCH', path, { body: 'done' })
    expect(failed.status).toBe(502)
    expect(await failed.json()).toMatchObject({ message: 'Bad Gateway' })
    expect(gh.comments('acme', 'app', 7)[0].body).toBe('working')
    expect((await call('PATCH', path, { body: 'done' })).status).toBe(200)
  })

  it('answers a secondary rate limit with retry-after', async () => {
    gh.inject({ method: 'POST', path: /\/comments$/, fault: secondaryRateLimit(1) })
    const res = await call('POST', '/repos/acme/app/issues/7/comments', { body: 'x' })
    expect(res.status).toBe(403)
    expect(res.headers.get('retry-after')).toBe('1')
    expect(await res.json()).toMatchObject({ message: 'You have exceeded a secondary rate limit' })
  })

  it('can post the comment and still fail the answer (a duplicate risk for blind retries)', async () => {
    gh.inject({ method: 'POST', fault: { status: 502, process: true } })
    expect((await call('POST', '/repos/acme/app/issues/7/comments', { body: 'x' })).status).toBe(
      502
    )
    expect(gh.comments('acme', 'app', 7)).toHaveLength(1)
  })

  it('resets and hangs like the emulator', async () => {
    gh.inject({ fault: { kind: 'reset' } })
    gh.inject({ fault: { kind: 'hang' } })
    await expect(call('GET', '/repos/acme/app/issues/7')).rejects.toThrow()
    await expect(
      fetch(`${gh.url}/repos/acme/app/issues/7`, { signal: AbortSignal.timeout(100) })
    ).rejects.toThrow(/timeout|aborted/i)
  })
})

describe('GitHubFake with a real Octokit client', () => {
  it('works as baseUrl: pagination through Link headers, reactions, comments', async () => {
    const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} }
    const octokit = new Octokit({ auth: gh.token, baseUrl: gh.url, log: quiet })
    for (let i = 1; i <= 5; i++) gh.addComment('acme', 'app', 7, `comment ${i}`)
    const all = await octokit.paginate(octokit.rest.issues.listComments, {
      owner: 'acme',
      repo: 'app',
      issue_number: 7,
      per_page: 2
    })
    expect(all.map(c => c.body)).toEqual([
      'comment 1',
      'comment 2',
      'comment 3',
      'comment 4',
      'comment 5'
    ])
    const { data: created } = await octokit.rest.issues.createComment({
      owner: 'acme',
      repo: 'app',
      issue_number: 7,
      body: 'hello'
    })
    await octokit.rest.reactions.createForIssueComment({
      owner: 'acme',
      repo: 'app',
      comment_id: created.id,
      content: 'eyes'
    })
    const { data: permission } = await octokit.rest.repos
      .getCollaboratorPermissionLevel({ owner: 'acme', repo: 'app', username: 'nobody' })
      .catch((error: { status: number }) => ({ data: error.status }))
    expect(permission).toBe(404)
    expect(gh.reactions).toEqual([
      { subject: 'issue_comment', commentId: created.id, content: 'eyes' }
    ])
  })
})

describe('GitHubFake: the code-change endpoints, through octokit', () => {
  const octokit = (): Octokit => new Octokit({ auth: gh.token, baseUrl: gh.url })
  const repo = { owner: 'acme', repo: 'app' }
  const MERGE = 'a'.repeat(40)
  const commit = (i: number) => ({ sha: `${i}`.padStart(40, 'c'), message: `Commit ${i}\n\nbody` })

  beforeEach(() => {
    gh.addIssue('acme', 'app', {
      number: 20,
      pull_request: true,
      labels: ['api'],
      merged: { sha: MERGE, by: 'maintainer' },
      commits: [commit(1), commit(2)],
      files: [{ filename: 'a.ts', additions: 1, deletions: 0, patch: '@@ -0,0 +1 @@\n+a' }]
    })
  })

  it('lists a pull request’s commits, pages and all, and gives its merge facts', async () => {
    const commits = await octokit().rest.pulls.listCommits({
      ...repo,
      pull_number: 20,
      per_page: 1
    })
    expect(commits.data.map(c => c.commit.message)).toEqual(['Commit 1\n\nbody'])
    expect(commits.headers.link).toContain('rel="next"')
    const pull = await octokit().rest.pulls.get({ ...repo, pull_number: 20 })
    expect(pull.data).toMatchObject({ merged: true, merge_commit_sha: MERGE, commits: 2 })
    expect(pull.data.merged_by?.login).toBe('maintainer')
    const files = await octokit().rest.pulls.listFiles({ ...repo, pull_number: 20 })
    expect(files.data[0].patch).toBe('@@ -0,0 +1 @@\n+a')
  })

  it('lists closed pull requests into one base branch, with labels and a closed state', async () => {
    gh.addIssue('acme', 'app', {
      number: 21,
      pull_request: true,
      base: 'release',
      merged: { sha: MERGE, at: '2024-03-02T00:00:00Z' }
    })
    const listed = await octokit().rest.pulls.list({
      ...repo,
      state: 'closed',
      base: 'main',
      sort: 'updated',
      direction: 'desc'
    })
    expect(listed.data.map(p => [p.number, p.labels.map(l => l.name)])).toEqual([[20, ['api']]])
    const pull = await octokit().rest.pulls.get({ ...repo, pull_number: 20 })
    expect(pull.data.state).toBe('closed')
  })

  it('gives the repository’s default branch', async () => {
    const repository = await octokit().rest.repos.get({ ...repo })
    expect(repository.data.default_branch).toBe('main')
  })

  it('finds the pull requests of a merge commit and of a commit in them; none for others', async () => {
    const byMerge = await octokit().rest.repos.listPullRequestsAssociatedWithCommit({
      ...repo,
      commit_sha: MERGE
    })
    expect(byMerge.data.map(p => [p.number, p.merge_commit_sha, p.labels[0].name])).toEqual([
      [20, MERGE, 'api']
    ])
    const byCommit = await octokit().rest.repos.listPullRequestsAssociatedWithCommit({
      ...repo,
      commit_sha: commit(2).sha
    })
    expect(byCommit.data.map(p => p.number)).toEqual([20])
    const none = await octokit().rest.repos.listPullRequestsAssociatedWithCommit({
      ...repo,
      commit_sha: 'f'.repeat(40)
    })
    expect(none.data).toEqual([])
  })

  it('compares base...head (files on page 1 only) and answers 404 for an unknown range', async () => {
    gh.addComparison('acme', 'app', 'v1', 'v2', {
      commits: [commit(1), commit(2)],
      files: [{ filename: 'b.ts', additions: 2, deletions: 2 }]
    })
    const first = await octokit().rest.repos.compareCommitsWithBasehead({
      ...repo,
      basehead: 'v1...v2',
      per_page: 1
    })
    expect(first.data).toMatchObject({ total_commits: 2, status: 'ahead' })
    expect(first.data.commits).toHaveLength(1)
    expect(first.data.files?.map(f => f.filename)).toEqual(['b.ts'])
    const second = await octokit().rest.repos.compareCommitsWithBasehead({
      ...repo,
      basehead: 'v1...v2',
      per_page: 1,
      page: 2
    })
    expect(second.data.files).toEqual([])
    await expect(
      octokit().rest.repos.compareCommitsWithBasehead({ ...repo, basehead: 'v0...v2' })
    ).rejects.toMatchObject({ status: 404 })
  })

  it('lists releases newest first, drafts without a publication time', async () => {
    gh.addRelease('acme', 'app', { id: 1, tag: 'v1', publishedAt: '2026-01-01T00:00:00Z' })
    gh.addRelease('acme', 'app', { id: 2, tag: 'v2-draft', draft: true })
    const { data } = await octokit().rest.repos.listReleases(repo)
    expect(data.map(r => [r.tag_name, r.draft, r.published_at])).toEqual([
      ['v2-draft', true, null],
      ['v1', false, '2026-01-01T00:00:00Z']
    ])
  })

  it('searches the repository’s comments for a quoted text, and refuses a query it cannot read', async () => {
    gh.addComment('acme', 'app', 7, 'Opened https://github.com/acme/app/pull/20 for you')
    const { data } = await octokit().rest.search.issuesAndPullRequests({
      q: 'repo:acme/app in:comments "https://github.com/acme/app/pull/20"'
    })
    expect(data.items.map(i => i.number)).toEqual([7])
    expect(data.total_count).toBe(1)
    await expect(octokit().rest.search.issuesAndPullRequests({ q: 'hello' })).rejects.toMatchObject(
      { status: 422 }
    )
  })
})

describe('GitHubFake: removing a label, through octokit', () => {
  const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} }
  const octokit = (): Octokit => new Octokit({ auth: gh.token, baseUrl: gh.url, log: quiet })
  const issue = { owner: 'acme', repo: 'app', issue_number: 30 }

  beforeEach(() => {
    gh.addIssue('acme', 'app', { number: 30, labels: ['docs: please', 'bug'] })
  })

  it('answers 200 with the labels that remain, the name URL-encoded and in any case', async () => {
    const removed = await octokit().rest.issues.removeLabel({ ...issue, name: 'Docs: Please' })
    expect(removed.status).toBe(200)
    expect(removed.data).toEqual([
      expect.objectContaining({ name: 'bug', color: 'ededed', default: false })
    ])
    expect(gh.calls.at(-1)?.path).toBe('/repos/acme/app/issues/30/labels/Docs%3A%20Please')
    expect(gh.labelsOf('acme', 'app', 30)).toEqual(['bug'])
    const read = await octokit().rest.issues.get(issue)
    expect(read.data.labels).toEqual([expect.objectContaining({ name: 'bug' })])
  })

  it('answers 404 "Label does not exist" when the label is not on it, and for an unknown issue', async () => {
    const absent = await octokit()
      .rest.issues.removeLabel({ ...issue, name: 'wontfix' })
      .catch((error: { status: number; response: { data: unknown } }) => error)
    expect(absent).toMatchObject({
      status: 404,
      response: { data: { message: 'Label does not exist' } }
    })
    await expect(
      octokit().rest.issues.removeLabel({ ...issue, issue_number: 99, name: 'bug' })
    ).rejects.toMatchObject({ status: 404 })
    expect(gh.labelsOf('acme', 'app', 30)).toEqual(['docs: please', 'bug'])
  })
})

describe('GitHubFake on GitHub Enterprise Server', () => {
  it('builds every web link from its own server URL, never github.com', async () => {
    const ghes = await GitHubFake.start({
      pathPrefix: '/api/v3',
      serverUrl: 'https://ghe.acme.internal'
    })
    try {
      const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} }
      const octokit = new Octokit({ auth: ghes.token, baseUrl: ghes.url, log: quiet })
      const repo = { owner: 'acme', repo: 'app' }
      ghes.addIssue('acme', 'app', { number: 8, pull_request: true, user: 'alice' })
      const comment = ghes.addComment('acme', 'app', 8, 'Opened acme/app#20')
      const review = ghes.addReviewComment('acme', 'app', 8, { body: 'nit' })
      ghes.setRun('acme', 'app', 777, 'completed')
      ghes.addRelease('acme', 'app', { id: 1, tag: 'v1.0.0', publishedAt: '2026-11-01T00:00:00Z' })
      ghes.addComparison('acme', 'app', 'v0', 'v1', {
        commits: [{ sha: 'a'.repeat(40), message: 'm' }],
        files: []
      })

      const links = [
        (await octokit.rest.issues.get({ ...repo, issue_number: 8 })).data.html_url,
        (await octokit.rest.pulls.get({ ...repo, pull_number: 8 })).data.html_url,
        (await octokit.rest.issues.getComment({ ...repo, comment_id: comment.id })).data.html_url,
        (await octokit.rest.pulls.listReviewComments({ ...repo, pull_number: 8 })).data[0].html_url,
        (await octokit.rest.actions.getWorkflowRun({ ...repo, run_id: 777 })).data.html_url,
        (await octokit.rest.repos.listReleases(repo)).data[0].html_url,
        (await octokit.rest.repos.compareCommitsWithBasehead({ ...repo, basehead: 'v0...v1' })).data
          .html_url
      ]
      expect(links).toEqual([
        'https://ghe.acme.internal/acme/app/pull/8',
        'https://ghe.acme.internal/acme/app/pull/8',
        `https://ghe.acme.internal/acme/app/pull/8#issuecomment-${comment.id}`,
        `https://ghe.acme.internal/acme/app/pull/8#discussion_r${review}`,
        'https://ghe.acme.internal/acme/app/actions/runs/777',
        'https://ghe.acme.internal/acme/app/releases/tag/v1.0.0',
        'https://ghe.acme.internal/acme/app/compare/v0...v1'
      ])
    } finally {
      await ghes.close()
    }
  })
})
