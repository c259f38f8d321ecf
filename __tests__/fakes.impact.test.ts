/**
 * The fakes' side of the impact section, checked against GitHub's and the service's documents: the
 * GitHub fake's pull-request listing (`state`, `sort`, `direction`, `per_page`, `page`, the `Link`
 * header) and renamed files' `previous_filename`; the emulator's `feedback/by-page` (rows per period,
 * `limit`, `hasMore`), contract-checked.
 */
import { describe, expect, it } from '@jest/globals'
import { listMergedPulls } from '../src/github/merged-pulls.js'
import { useEmulator } from './helpers/emulator-client.js'
import { useGitHubFake } from './helpers/github-client.js'

describe('GitHub fake: the pull-request listing', () => {
  const gh = useGitHubFake(fake => {
    const at = (day: number) => `2024-02-${String(day).padStart(2, '0')}T10:00:00Z`
    fake.addIssue('acme', 'docs', { number: 1, pull_request: true, createdAt: at(1) })
    fake.addIssue('acme', 'docs', {
      number: 2,
      pull_request: true,
      createdAt: at(2),
      merged: { sha: 'b'.repeat(40), at: at(20) }
    })
    fake.addIssue('acme', 'docs', {
      number: 3,
      pull_request: true,
      createdAt: at(3),
      closed: true,
      updatedAt: at(25)
    })
    fake.addIssue('acme', 'docs', { number: 4 })
    fake.addIssue('acme', 'docs', {
      number: 5,
      pull_request: true,
      createdAt: at(4),
      merged: { sha: 'c'.repeat(40), at: at(10) },
      files: [
        {
          filename: 'docs/new.mdx',
          status: 'renamed',
          previousFilename: 'docs/old.mdx',
          additions: 0,
          deletions: 0
        }
      ]
    })
  })
  const repo = { owner: 'acme', repo: 'docs' }

  it('lists open pull requests, newest created first, by default (no issue among them)', async () => {
    const answer = await gh.octokit.rest.pulls.list(repo)
    expect(answer.data.map(p => [p.number, p.state])).toEqual([[1, 'open']])
  })

  it('lists closed ones by update, as asked, with merged_at and closed_at', async () => {
    const desc = await gh.octokit.rest.pulls.list({
      ...repo,
      state: 'closed',
      sort: 'updated',
      direction: 'desc'
    })
    expect(desc.data.map(p => [p.number, p.updated_at, p.merged_at])).toEqual([
      [3, '2024-02-25T10:00:00Z', null],
      [2, '2024-02-20T10:00:00Z', '2024-02-20T10:00:00Z'],
      [5, '2024-02-10T10:00:00Z', '2024-02-10T10:00:00Z']
    ])
    expect(desc.data[0].closed_at).toBe('2024-02-25T10:00:00Z')
    // GitHub's default direction for any sort but `created` is ascending.
    const asc = await gh.octokit.rest.pulls.list({ ...repo, state: 'all', sort: 'updated' })
    expect(asc.data.map(p => p.number)).toEqual([1, 5, 2, 3])
  })

  it('pages with per_page and page, and says so in the Link header', async () => {
    const first = await gh.octokit.rest.pulls.list({ ...repo, state: 'all', per_page: 2 })
    expect(first.data.map(p => p.number)).toEqual([5, 3])
    expect(first.headers.link).toMatch(/[?&]page=2[^>]*>; rel="next"/)
    expect(first.headers.link).toMatch(/state=all/)
    const last = await gh.octokit.rest.pulls.list({ ...repo, state: 'all', per_page: 2, page: 2 })
    expect(last.data.map(p => p.number)).toEqual([2, 1])
    expect(last.headers.link).not.toContain('rel="next"')
  })

  it('refuses a state it does not know with 422', async () => {
    await expect(
      gh.octokit.request('GET /repos/{owner}/{repo}/pulls?state=merged', repo)
    ).rejects.toMatchObject({ status: 422 })
  })

  it('gives a renamed file its previous_filename', async () => {
    const files = await gh.octokit.rest.pulls.listFiles({ ...repo, pull_number: 5 })
    expect(files.data[0]).toMatchObject({
      filename: 'docs/new.mdx',
      status: 'renamed',
      previous_filename: 'docs/old.mdx'
    })
  })

  it('listMergedPulls keeps the merges inside the window, latest first', async () => {
    const window = {
      start: Date.parse('2024-02-05T00:00:00Z'),
      end: Date.parse('2024-02-21T00:00:00Z')
    }
    const pulls = await gh.call(listMergedPulls(gh.octokit, { repo, window }, gh.rt))
    expect(pulls.map(p => [p.number, p.mergedAt])).toEqual([
      [2, '2024-02-20T10:00:00Z'],
      [5, '2024-02-10T10:00:00Z']
    ])
  })
})

describe('emulator: feedback/by-page', () => {
  const svc = useEmulator(2_000)
  const row = (path: string, thumbsDown: number) => ({
    path,
    thumbsUp: 1,
    thumbsDown,
    code: 0,
    total: thumbsDown + 1
  })

  it('answers the rows of the period asked for, the first `limit`, with hasMore; contract-checked', async () => {
    svc.emu.setFeedbackByPage([row('/a', 1), row('/b', 2), row('/c', 3)])
    svc.emu.setFeedbackByPage([row('/old', 9)], '2024-02-18')
    const client = svc.clientFor()

    const any = await client.getFeedbackByPage({ dateFrom: '2024-03-03', limit: 2 })
    expect(any).toEqual({ feedback: [row('/a', 1), row('/b', 2)], hasMore: true })
    const old = await client.getFeedbackByPage({
      dateFrom: '2024-02-18',
      dateTo: '2024-02-25',
      limit: 100
    })
    expect(old).toEqual({ feedback: [row('/old', 9)], hasMore: false })
    expect(svc.emu.requests.map(r => r.path)).toEqual([
      '/v1/analytics/proj_test/feedback/by-page',
      '/v1/analytics/proj_test/feedback/by-page'
    ])
    expect(svc.emu.contractViolations).toEqual([])
  })

  it('refuses a limit above 100 with the service error shape', async () => {
    await expect(svc.clientFor().getFeedbackByPage({ limit: 101 })).rejects.toMatchObject({
      status: 400
    })
    expect(svc.emu.contractViolations.some(v => v.includes('limit'))).toBe(true)
  })
})
