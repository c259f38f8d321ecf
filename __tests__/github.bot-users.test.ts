/** One bot rule for every author and requester: a Bot account, or a login that ends in `[bot]`. */
import { describe, expect, it } from '@jest/globals'
import { requesterOf } from '../src/agent/request.js'
import { listPullsOfCommit } from '../src/github/changes.js'
import type { Octokit } from '../src/github/octokit.js'
import { testRuntime } from './helpers/runtime.js'

const USERS = [
  { login: 'renovate[bot]', type: 'User' },
  { login: 'deployer', type: 'Bot' },
  { login: 'dev', type: 'User' }
]

/** An octokit that answers the pull requests of a commit, one by each of USERS. */
function octokitWithPulls(): Octokit {
  const data = USERS.map((user, i) => ({
    number: i + 1,
    title: 'Change',
    body: null,
    html_url: `https://github.com/acme/app/pull/${i + 1}`,
    user,
    labels: [],
    base: { ref: 'main' },
    head: { ref: 'feature' },
    merge_commit_sha: 'a'.repeat(40),
    merged_at: '2024-03-01T10:00:00Z'
  }))
  const listPullRequestsAssociatedWithCommit = async () => ({ data })
  return { rest: { repos: { listPullRequestsAssociatedWithCommit } } } as unknown as Octokit
}

describe('bot authors and requesters', () => {
  it('a push’s pull request and a comment’s requester are bots by the same rule', async () => {
    const reader = { octokit: octokitWithPulls(), repo: { owner: 'acme', repo: 'app' } }
    const pulls = await listPullsOfCommit({ ...reader, rt: testRuntime() }, 'a'.repeat(40))
    expect(pulls.map(pull => pull.authorIsBot)).toEqual([true, true, false])
    expect(USERS.map(user => requesterOf(user)?.isBot)).toEqual([true, true, false])
  })
})
