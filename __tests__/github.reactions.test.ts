import { describe, expect, it } from '@jest/globals'
import { useGitHubFake } from './helpers/github-client.js'
import { addReaction } from '../src/github/reactions.js'

const repo = { owner: 'acme', repo: 'docs' }
const github = useGitHubFake(fake =>
  fake.addIssue('acme', 'docs', { number: 3, pull_request: true })
)

describe('addReaction', () => {
  it('reacts to an issue comment', async () => {
    const comment = github.fake.addComment('acme', 'docs', 3, '/mintlify go', 'octocat')
    await github.call(
      addReaction(
        github.octokit,
        { repo, target: { commentId: comment.id, kind: 'issue_comment' }, content: 'eyes' },
        github.rt
      )
    )
    expect(github.fake.reactions).toEqual([
      { subject: 'issue_comment', commentId: comment.id, content: 'eyes' }
    ])
    expect(github.fake.calls[0]).toMatchObject({
      method: 'POST',
      path: `/repos/acme/docs/issues/comments/${comment.id}/reactions`,
      body: { content: 'eyes' }
    })
  })

  it('reacts to a review comment', async () => {
    const id = github.fake.addReviewComment('acme', 'docs', 3, { body: '/mintlify go' })
    await github.call(
      addReaction(
        github.octokit,
        { repo, target: { commentId: id, kind: 'review_comment' }, content: 'rocket' },
        github.rt
      )
    )
    expect(github.fake.calls[0].path).toBe(`/repos/acme/docs/pulls/comments/${id}/reactions`)
    expect(github.fake.reactions).toEqual([
      { subject: 'review_comment', commentId: id, content: 'rocket' }
    ])
  })

  it('retries a 502, since the same reaction twice is still one reaction', async () => {
    const comment = github.fake.addComment('acme', 'docs', 3, '/mintlify go', 'octocat')
    github.fake.inject({ method: 'POST', fault: { status: 502, process: true } })
    await github.call(
      addReaction(
        github.octokit,
        { repo, target: { commentId: comment.id, kind: 'issue_comment' }, content: '+1' },
        github.rt
      )
    )
    expect(github.fake.calls).toHaveLength(2)
    expect(github.fake.reactions).toHaveLength(1)
  })

  it('a missing comment is a 404 error', async () => {
    await expect(
      github.call(
        addReaction(
          github.octokit,
          { repo, target: { commentId: 5, kind: 'issue_comment' }, content: 'confused' },
          github.rt
        )
      )
    ).rejects.toMatchObject({ status: 404 })
    expect(github.fake.calls).toHaveLength(1)
  })
})
