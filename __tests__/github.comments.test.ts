import { describe, expect, it } from '@jest/globals'
import { secondaryRateLimit, type Fault } from '../fakes/github-fake.js'
import { createOctokit } from '../src/github/octokit.js'
import { useGitHubFake } from './helpers/github-client.js'
import { testRuntime } from './helpers/runtime.js'
import {
  MAX_COMMENT_LENGTH,
  createComment,
  listComments,
  updateComment
} from '../src/github/comments.js'
import { findNewestComment } from '../src/github/newest-comments.js'
import { replyToReviewComment } from '../src/github/review-comments.js'

const ref = { owner: 'acme', repo: 'docs', issueNumber: 7 }
const repo = { owner: 'acme', repo: 'docs' }
const commentsPath = '/repos/acme/docs/issues/7/comments'

const github = useGitHubFake(fake =>
  fake.addIssue('acme', 'docs', { number: 7, title: 'Docs for the SDK' })
)

const posts = (): number =>
  github.fake.calls.filter(c => c.method === 'POST' && c.path === commentsPath).length

/** The next `times` POSTs of a comment to issue 7 meet `fault`. */
function failPosts(fault: Fault, times = 1): void {
  github.fake.inject({ method: 'POST', path: commentsPath, times, fault })
}

describe('createComment', () => {
  it('posts the body and returns the new comment', async () => {
    const comment = await github.call(
      createComment(github.octokit, { ref, body: 'working on it <!-- marker:1 -->' }, github.rt)
    )
    expect(comment).toEqual({
      id: expect.any(Number),
      body: 'working on it <!-- marker:1 -->',
      htmlUrl: expect.stringContaining('/issues/7#issuecomment-'),
      userLogin: 'github-actions[bot]',
      userType: 'Bot',
      createdAt: expect.any(Number)
    })
    expect(github.fake.comments('acme', 'docs', 7).map(c => c.id)).toEqual([comment.id])
    expect(github.fake.calls.at(-1)?.body).toEqual({ body: 'working on it <!-- marker:1 -->' })
  })

  it('a 502 on create followed by a listing that shows the comment yields one comment', async () => {
    failPosts({ status: 502, process: true })
    const comment = await github.call(
      createComment(github.octokit, { ref, body: 'tracking <!-- marker:502 -->' }, github.rt)
    )
    const stored = github.fake.comments('acme', 'docs', 7)
    expect(stored).toHaveLength(1)
    expect(comment.id).toBe(stored[0].id)
    expect(posts()).toBe(1)
  })

  it('a 502 on create that stored nothing is followed by exactly one more POST', async () => {
    failPosts({ status: 502 })
    const comment = await github.call(
      createComment(github.octokit, { ref, body: 'tracking <!-- marker:2 -->' }, github.rt)
    )
    expect(github.fake.comments('acme', 'docs', 7).map(c => c.id)).toEqual([comment.id])
    expect(posts()).toBe(2)
  })

  it('a connection reset after the comment was stored yields one comment', async () => {
    failPosts({ kind: 'reset-after-body' })
    const comment = await github.call(
      createComment(github.octokit, { ref, body: 'tracking <!-- marker:reset -->' }, github.rt)
    )
    expect(github.fake.comments('acme', 'docs', 7).map(c => c.id)).toEqual([comment.id])
    expect(posts()).toBe(1)
  })

  it('a hang after the comment was stored times out and yields one comment', async () => {
    failPosts({ kind: 'hang', process: true })
    const comment = await github.call(
      createComment(
        github.octokit,
        { ref, body: 'tracking <!-- marker:hang -->', timeoutMs: 300 },
        github.rt
      )
    )
    expect(github.fake.comments('acme', 'docs', 7).map(c => c.id)).toEqual([comment.id])
    expect(posts()).toBe(1)
  })

  it('does not take an older comment with a different marker for the one it sent', async () => {
    github.fake.addComment('acme', 'docs', 7, 'tracking <!-- marker:old -->')
    failPosts({ status: 500 })
    const comment = await github.call(
      createComment(github.octokit, { ref, body: 'tracking <!-- marker:new -->' }, github.rt)
    )
    expect(comment.body).toBe('tracking <!-- marker:new -->')
    expect(github.fake.comments('acme', 'docs', 7)).toHaveLength(2)
  })

  it('two 5xx in a row post at most twice, never two comments, and throw', async () => {
    failPosts({ status: 503 }, 2)
    await expect(
      github.call(createComment(github.octokit, { ref, body: 'x <!-- marker:3 -->' }, github.rt))
    ).rejects.toMatchObject({
      status: 503
    })
    expect(posts()).toBe(2)
    expect(github.fake.comments('acme', 'docs', 7)).toHaveLength(0)
  })

  it('a second 5xx after the comment was stored still yields that one comment', async () => {
    failPosts({ status: 502 })
    failPosts({ status: 502, process: true })
    const comment = await github.call(
      createComment(github.octokit, { ref, body: 'x <!-- marker:4 -->' }, github.rt)
    )
    expect(github.fake.comments('acme', 'docs', 7).map(c => c.id)).toEqual([comment.id])
    expect(posts()).toBe(2)
  })

  it('retries a secondary rate limit after its retry-after', async () => {
    const start = Date.now()
    failPosts(secondaryRateLimit(3))
    await github.call(
      createComment(github.octokit, { ref, body: 'x <!-- marker:5 -->' }, github.rt)
    )
    expect(github.fake.comments('acme', 'docs', 7)).toHaveLength(1)
    expect(posts()).toBe(2)
    expect(github.retries()).toEqual([
      expect.stringMatching(/GitHub API call failed \(attempt 1\); trying again in \d+ s\./)
    ])
    expect(Date.now() - start).toBeGreaterThanOrEqual(3_000)
    expect(Date.now() - start).toBeLessThanOrEqual(60_000)
  })

  it('gives up on a rate limit that asks for more than a minute', async () => {
    failPosts(secondaryRateLimit(120))
    await expect(
      github.call(createComment(github.octokit, { ref, body: 'x' }, github.rt))
    ).rejects.toMatchObject({
      status: 403
    })
    expect(posts()).toBe(1)
  })

  it('a 403 without rate-limit headers is final', async () => {
    github.fake.denyRepo('acme', 'docs', 403)
    await expect(
      github.call(createComment(github.octokit, { ref, body: 'x' }, github.rt))
    ).rejects.toMatchObject({
      status: 403
    })
    expect(github.fake.calls).toHaveLength(1)
  })

  it('a bad token is final', async () => {
    const wrong = createOctokit('ghs_wrong', github.fake.url)
    await expect(
      github.call(createComment(wrong, { ref, body: 'x' }, github.rt))
    ).rejects.toMatchObject({
      status: 401
    })
    expect(github.fake.calls).toHaveLength(1)
  })

  it('cuts a body over 65,536 characters so GitHub accepts it', async () => {
    const comment = await github.call(
      createComment(
        github.octokit,
        { ref, body: 'a'.repeat(MAX_COMMENT_LENGTH + 5_000) },
        github.rt
      )
    )
    expect(comment.body.length).toBeLessThanOrEqual(MAX_COMMENT_LENGTH)
    expect(github.fake.comments('acme', 'docs', 7)).toHaveLength(1)
  })

  it('stops when the signal aborts during the wait', async () => {
    failPosts(secondaryRateLimit(3))
    const rt = testRuntime({
      clock: {
        now: () => Date.now(),
        sleep: async (_ms, signal) => {
          rt.abort(new Error('cancelled'))
          signal?.throwIfAborted()
        }
      }
    })
    await expect(
      github.call(createComment(github.octokit, { ref, body: 'x' }, rt))
    ).rejects.toThrow('cancelled')
    expect(posts()).toBe(1)
  })
})

describe('listComments and findNewestComment', () => {
  it('reads every page, 100 at a time', async () => {
    for (let i = 0; i < 230; i++)
      github.fake.addComment('acme', 'docs', 7, `comment ${i}`, 'octocat')
    const comments = await github.call(listComments(github.octokit, { ref }, github.rt))
    expect(comments).toHaveLength(230)
    expect(comments[229].body).toBe('comment 229')
    expect(comments[0]).toMatchObject({ userLogin: 'octocat', userType: 'User' })
    const gets = github.fake.calls.filter(c => c.method === 'GET')
    expect(gets.map(c => [c.query.per_page, c.query.page])).toEqual([
      ['100', '1'],
      ['100', '2'],
      ['100', '3']
    ])
  })

  it('retries a page that failed with a 502 without losing or repeating comments', async () => {
    for (let i = 0; i < 150; i++)
      github.fake.addComment('acme', 'docs', 7, `comment ${i}`, 'octocat')
    // Break page 2 only, just before it is asked for.
    let injected = false
    github.octokit.hook.before('request', options => {
      if (options.page === 2 && !injected) {
        injected = true
        github.fake.inject({ method: 'GET', path: commentsPath, fault: { status: 502 } })
      }
    })
    const comments = await github.call(listComments(github.octokit, { ref }, github.rt))
    expect(comments.map(c => c.body)).toEqual(Array.from({ length: 150 }, (_, i) => `comment ${i}`))
    const pages = github.fake.calls.filter(c => c.method === 'GET').map(c => c.query.page)
    expect(pages).toEqual(['1', '2', '2'])
    expect(github.retries()).toEqual([
      expect.stringMatching(/GitHub API call failed \(attempt 1\); trying again in \d+ s\./)
    ])
  })

  it('retries a page whose body is cut in half', async () => {
    github.fake.addComment('acme', 'docs', 7, 'only one', 'octocat')
    github.fake.inject({
      method: 'GET',
      path: commentsPath,
      fault: { kind: 'malformed', process: true }
    })
    const comments = await github.call(listComments(github.octokit, { ref }, github.rt))
    expect(comments.map(c => c.body)).toEqual(['only one'])
    expect(github.retries()).toHaveLength(1)
  })

  it('finds the newest comment that carries a marker', async () => {
    github.fake.addComment('acme', 'docs', 7, 'status <!-- mintlify-agent -->')
    github.fake.addComment('acme', 'docs', 7, 'hello', 'octocat')
    const mine = github.fake.addComment('acme', 'docs', 7, 'status <!-- mintlify-agent -->')
    const found = await github.call(
      findNewestComment(
        github.octokit,
        { ref, predicate: c => c.body.includes('mintlify-agent') },
        github.rt
      )
    )
    expect(found?.id).toBe(mine.id)
  })

  it('an unknown issue is a 404 error', async () => {
    await expect(
      github.call(listComments(github.octokit, { ref: { ...ref, issueNumber: 99 } }, github.rt))
    ).rejects.toMatchObject({
      status: 404
    })
  })
})

describe('updateComment', () => {
  it('replaces the body', async () => {
    const existing = github.fake.addComment('acme', 'docs', 7, 'working on it')
    const updated = await github.call(
      updateComment(github.octokit, { repo, commentId: existing.id, body: 'done' }, github.rt)
    )
    expect(updated).toMatchObject({ id: existing.id, body: 'done' })
    expect(github.fake.comments('acme', 'docs', 7)[0].body).toBe('done')
  })

  it('retries a 502, since an edit can be repeated safely', async () => {
    const existing = github.fake.addComment('acme', 'docs', 7, 'working on it')
    const path = `/repos/acme/docs/issues/comments/${existing.id}`
    github.fake.inject({ method: 'PATCH', path, fault: { status: 502, process: true } })
    github.fake.inject({ method: 'PATCH', path, fault: { kind: 'reset' } })
    await github.call(
      updateComment(github.octokit, { repo, commentId: existing.id, body: 'done' }, github.rt)
    )
    expect(github.fake.calls.filter(c => c.method === 'PATCH')).toHaveLength(3)
    expect(github.fake.comments('acme', 'docs', 7).map(c => c.body)).toEqual(['done'])
  })

  it('cuts an over-long body', async () => {
    const existing = github.fake.addComment('acme', 'docs', 7, 'working on it')
    const updated = await github.call(
      updateComment(
        github.octokit,
        { repo, commentId: existing.id, body: 'b'.repeat(70_000) },
        github.rt
      )
    )
    expect(updated.body.length).toBeLessThanOrEqual(MAX_COMMENT_LENGTH)
  })

  it('a deleted comment is a 404 error', async () => {
    await expect(
      github.call(
        updateComment(github.octokit, { repo, commentId: 424242, body: 'done' }, github.rt)
      )
    ).rejects.toMatchObject({
      status: 404
    })
  })
})

describe('replyToReviewComment', () => {
  it('answers in the thread of the review comment', async () => {
    github.fake.addIssue('acme', 'docs', { number: 8, pull_request: true })
    const parent = github.fake.addReviewComment('acme', 'docs', 8, { body: '/mintlify fix this' })
    const reply = await github.call(
      replyToReviewComment(
        github.octokit,
        { repo, pullNumber: 8, commentId: parent, body: 'on it' },
        github.rt
      )
    )
    expect(github.fake.reviewReplies).toEqual([
      expect.objectContaining({ id: reply.id, inReplyTo: parent, body: 'on it' })
    ])
    expect(reply.htmlUrl).toContain(`#discussion_r${reply.id}`)
  })

  it('a 502 on a reply that cannot be checked is thrown, not posted again', async () => {
    github.fake.addIssue('acme', 'docs', { number: 8, pull_request: true })
    const parent = github.fake.addReviewComment('acme', 'docs', 8, { body: '/mintlify fix this' })
    github.fake.inject({ method: 'POST', fault: { status: 502 } })
    // The review-comment listing fails, so the reply cannot be looked for.
    github.fake.inject({
      method: 'GET',
      path: '/repos/acme/docs/pulls/8/comments',
      times: Infinity,
      fault: { status: 500 }
    })
    await expect(
      github.call(
        replyToReviewComment(
          github.octokit,
          { repo, pullNumber: 8, commentId: parent, body: 'on it' },
          github.rt
        )
      )
    ).rejects.toMatchObject({ status: 502 })
    expect(github.fake.calls.filter(c => c.method === 'POST')).toHaveLength(1)
  })
})
