import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { GitHubFake } from '../fakes/github-fake.js'
import { VirtualClock } from '../src/shared/clock.js'
import { createOctokit, type Octokit } from '../src/github/octokit.js'
import { getPullRequest, listPullFiles } from '../src/github/pulls.js'
import type { CallDeps } from '../src/github/comments.js'

const repo = { owner: 'acme', repo: 'docs' }
let fake: GitHubFake
let octokit: Octokit
let deps: CallDeps

const files = (n: number): { filename: string; additions: number; deletions: number }[] =>
  Array.from({ length: n }, (_, i) => ({
    filename: `docs/page-${i}.mdx`,
    additions: i,
    deletions: 1
  }))

beforeEach(async () => {
  fake = await GitHubFake.start()
  octokit = createOctokit(fake.token, fake.url)
  deps = { clock: new VirtualClock(Date.now()), timeoutMs: 2_000 }
})

afterEach(async () => {
  await fake.close()
})

describe('getPullRequest', () => {
  it('reads title, body, author and branches', async () => {
    fake.addIssue('acme', 'docs', {
      number: 12,
      title: 'Add SDK docs',
      body: 'Please review',
      user: 'alice',
      pull_request: true,
      head: 'sdk-docs',
      base: 'main'
    })
    await expect(getPullRequest(octokit, repo, 12, deps)).resolves.toEqual({
      number: 12,
      title: 'Add SDK docs',
      body: 'Please review',
      htmlUrl: 'https://github.com/acme/docs/pull/12',
      author: 'alice',
      baseRef: 'main',
      headRef: 'sdk-docs'
    })
  })

  it('retries a request that hangs past its timeout', async () => {
    fake.addIssue('acme', 'docs', { number: 12, pull_request: true })
    fake.inject({ method: 'GET', path: '/repos/acme/docs/pulls/12', fault: { kind: 'hang' } })
    const pull = await getPullRequest(octokit, repo, 12, { ...deps, timeoutMs: 300 })
    expect(pull.number).toBe(12)
    expect(fake.calls).toHaveLength(2)
  })
})

describe('listPullFiles', () => {
  it('reads every page of changed files', async () => {
    fake.addIssue('acme', 'docs', { number: 12, pull_request: true, files: files(250) })
    const listed = await listPullFiles(octokit, repo, 12, deps)
    expect(listed).toHaveLength(250)
    expect(listed[249]).toEqual({
      path: 'docs/page-249.mdx',
      additions: 249,
      deletions: 1,
      status: 'modified'
    })
    expect(fake.calls).toHaveLength(3)
  })

  it('stops at the maximum without asking for more pages', async () => {
    fake.addIssue('acme', 'docs', { number: 12, pull_request: true, files: files(450) })
    const listed = await listPullFiles(octokit, repo, 12, deps, 150)
    expect(listed).toHaveLength(150)
    expect(listed[149].path).toBe('docs/page-149.mdx')
    expect(fake.calls).toHaveLength(2)
  })

  it('stops at 300 files by default', async () => {
    fake.addIssue('acme', 'docs', { number: 12, pull_request: true, files: files(450) })
    await expect(listPullFiles(octokit, repo, 12, deps)).resolves.toHaveLength(300)
  })
})
