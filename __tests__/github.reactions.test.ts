import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { GitHubFake } from '../fakes/github-fake.js'
import { VirtualClock } from '../src/shared/clock.js'
import { createOctokit, type Octokit } from '../src/github/octokit.js'
import { addReaction } from '../src/github/reactions.js'
import type { CallDeps } from '../src/github/comments.js'

const repo = { owner: 'acme', repo: 'docs' }
let fake: GitHubFake
let octokit: Octokit
let deps: CallDeps

beforeEach(async () => {
  fake = await GitHubFake.start()
  fake.addIssue('acme', 'docs', { number: 3, pull_request: true })
  octokit = createOctokit(fake.token, fake.url)
  deps = { clock: new VirtualClock(Date.now()), timeoutMs: 2_000 }
})

afterEach(async () => {
  await fake.close()
})

describe('addReaction', () => {
  it('reacts to an issue comment', async () => {
    const comment = fake.addComment('acme', 'docs', 3, '/mintlify go', 'octocat')
    await addReaction(octokit, repo, { commentId: comment.id, kind: 'issue_comment' }, 'eyes', deps)
    expect(fake.reactions).toEqual([
      { subject: 'issue_comment', commentId: comment.id, content: 'eyes' }
    ])
    expect(fake.calls[0]).toMatchObject({
      method: 'POST',
      path: `/repos/acme/docs/issues/comments/${comment.id}/reactions`,
      body: { content: 'eyes' }
    })
  })

  it('reacts to a review comment', async () => {
    const id = fake.addReviewComment('acme', 'docs', 3, { body: '/mintlify go' })
    await addReaction(octokit, repo, { commentId: id, kind: 'review_comment' }, 'rocket', deps)
    expect(fake.calls[0].path).toBe(`/repos/acme/docs/pulls/comments/${id}/reactions`)
    expect(fake.reactions).toEqual([
      { subject: 'review_comment', commentId: id, content: 'rocket' }
    ])
  })

  it('retries a 502, since the same reaction twice is still one reaction', async () => {
    const comment = fake.addComment('acme', 'docs', 3, '/mintlify go', 'octocat')
    fake.inject({ method: 'POST', fault: { status: 502, process: true } })
    await addReaction(octokit, repo, { commentId: comment.id, kind: 'issue_comment' }, '+1', deps)
    expect(fake.calls).toHaveLength(2)
    expect(fake.reactions).toHaveLength(1)
  })

  it('a missing comment is a 404 error', async () => {
    await expect(
      addReaction(octokit, repo, { commentId: 5, kind: 'issue_comment' }, 'confused', deps)
    ).rejects.toMatchObject({ status: 404 })
    expect(fake.calls).toHaveLength(1)
  })
})
