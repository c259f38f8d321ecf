import { describe, expect, it } from '@jest/globals'
import { useGitHubFake } from './helpers/github-client.js'
import { getPullRequest, listPullFiles } from '../src/github/pulls.js'

const repo = { owner: 'acme', repo: 'docs' }
const github = useGitHubFake()

const files = (n: number): { filename: string; additions: number; deletions: number }[] =>
  Array.from({ length: n }, (_, i) => ({
    filename: `docs/page-${i}.mdx`,
    additions: i,
    deletions: 1
  }))

describe('getPullRequest', () => {
  it('reads title, body, author, branches and whether it is open', async () => {
    github.fake.addIssue('acme', 'docs', {
      number: 12,
      title: 'Add SDK docs',
      body: 'Please review',
      user: 'alice',
      pull_request: true,
      head: 'sdk-docs',
      base: 'main'
    })
    await expect(
      github.call(getPullRequest(github.octokit, { repo, pullNumber: 12 }, github.rt))
    ).resolves.toEqual({
      number: 12,
      title: 'Add SDK docs',
      body: 'Please review',
      htmlUrl: 'https://github.com/acme/docs/pull/12',
      author: 'alice',
      baseRef: 'main',
      headRef: 'sdk-docs',
      open: true
    })
  })

  it('says a merged or closed pull request is not open', async () => {
    github.fake.addIssue('acme', 'docs', { number: 13, pull_request: true, closed: true })
    github.fake.addIssue('acme', 'docs', {
      number: 14,
      pull_request: true,
      merged: { sha: 'a'.repeat(40) }
    })
    for (const pullNumber of [13, 14]) {
      const pull = await github.call(
        getPullRequest(github.octokit, { repo, pullNumber }, github.rt)
      )
      expect(pull.open).toBe(false)
    }
  })

  it('retries a request that hangs past its timeout', async () => {
    github.fake.addIssue('acme', 'docs', { number: 12, pull_request: true })
    github.fake.inject({
      method: 'GET',
      path: '/repos/acme/docs/pulls/12',
      fault: { kind: 'hang' }
    })
    const pull = await github.call(
      getPullRequest(github.octokit, { repo, pullNumber: 12, timeoutMs: 300 }, github.rt)
    )
    expect(pull.number).toBe(12)
    expect(github.fake.calls).toHaveLength(2)
  })
})

describe('listPullFiles', () => {
  it('reads every page of changed files', async () => {
    github.fake.addIssue('acme', 'docs', { number: 12, pull_request: true, files: files(250) })
    const listed = await github.call(
      listPullFiles(github.octokit, { repo, pullNumber: 12 }, github.rt)
    )
    expect(listed).toHaveLength(250)
    expect(listed[249]).toEqual({
      path: 'docs/page-249.mdx',
      additions: 249,
      deletions: 1,
      status: 'modified'
    })
    expect(github.fake.calls).toHaveLength(3)
  })

  it('stops at the maximum without asking for more pages', async () => {
    github.fake.addIssue('acme', 'docs', { number: 12, pull_request: true, files: files(450) })
    const listed = await github.call(
      listPullFiles(github.octokit, { repo, pullNumber: 12, max: 150 }, github.rt)
    )
    expect(listed).toHaveLength(150)
    expect(listed[149].path).toBe('docs/page-149.mdx')
    expect(github.fake.calls).toHaveLength(2)
  })

  it('stops at 300 files by default', async () => {
    github.fake.addIssue('acme', 'docs', { number: 12, pull_request: true, files: files(450) })
    await expect(
      github.call(listPullFiles(github.octokit, { repo, pullNumber: 12 }, github.rt))
    ).resolves.toHaveLength(300)
  })
})
