/**
 * "Did last period's changes help?" (`impact: true`) end to end in process against both fakes: the
 * pull requests merged in the previous period (GitHub's listing, read until it is past that period),
 * their pages, and the pages' views and negative-feedback share in the baseline and the report range
 * (the emulator), in the summary, the comment, the JSON file and the outputs; the request budget.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ActionRunResult } from '../fakes/action-env.js'
import type { FakeFile } from '../fakes/github/model.js'
import type { PageFeedbackRow, PageViewRow } from '../fakes/service-emulator.js'
import { errorLine, exportFiles } from './helpers/analytics.js'
import { runAnalytics, useWorld } from './helpers/world.js'

const world = useWorld()

/** Against the tests' today (2024-03-10): R is this week, P the week before, B the one before that. */
const RANGE = '2024-03-03'
const PREVIOUS = '2024-02-25'
const BASELINE = '2024-02-18'
const WEEK = { 'date-from': '-7d', 'date-to': '-0d' }

function impactRun(
  inputs: Record<string, string> = {},
  overrides: Parameters<typeof runAnalytics>[2] = {}
): Promise<ActionRunResult> {
  return runAnalytics(
    world(),
    { inputs: { ...WEEK, impact: 'true', 'github-token': world().gh.token, ...inputs } },
    overrides
  )
}

function view(path: string, total: number): PageViewRow {
  return { path, human: total, ai: 0, total }
}

function feedback(path: string, thumbsDown: number, total: number): PageFeedbackRow {
  return { path, thumbsUp: total - thumbsDown, thumbsDown, code: 0, total }
}

function file(
  filename: string,
  status: FakeFile['status'] = 'modified',
  previous?: string
): FakeFile {
  return {
    filename,
    status,
    additions: 1,
    deletions: 1,
    ...(previous ? { previousFilename: previous } : {})
  }
}

/** A pull request of acme/docs merged at `mergedAt` (updated then too, unless said). */
function merged(number: number, mergedAt: string, files: FakeFile[], updatedAt?: string): void {
  world().gh.addIssue('acme', 'docs', {
    number,
    pull_request: true,
    title: `Docs change ${number}`,
    merged: { sha: number.toString(16).padStart(40, '0'), at: mergedAt },
    files,
    ...(updatedAt ? { updatedAt } : {})
  })
}

function githubCalls(pattern: RegExp) {
  return world().gh.calls.filter(call => pattern.test(call.path))
}

/** The service reads, less the one-day points of the views per day (analytics.daily.test.ts). */
function svcCalls(pattern: RegExp) {
  return world()
    .svc.requestsTo('GET', pattern)
    .filter(r => r.query.limit !== '1')
}

interface ImpactFile {
  impact: {
    baseline: { dateFrom: string; dateTo: string }
    pulls: {
      number: number
      title: string
      url: string
      mergedAt: string
      pages: {
        path: string
        status: string
        views: { before: number; after: number }
        negative: { before: number | null; after: number | null }
      }[]
    }[]
  }
}

function jsonFile(result: ActionRunResult, name = 'page-views.json'): ImpactFile {
  return JSON.parse(readFileSync(join(result.workDir, name), 'utf8')) as ImpactFile
}

describe('impact: the pull requests of the previous period and their pages', () => {
  it('compares the touched pages over the baseline and the range: views summed, negative share pooled, "–" where unranked', async () => {
    merged(12, '2024-03-01T10:00:00Z', [
      file('guides/index.mdx'),
      file('api/auth.md', 'added'),
      file('src/app.ts')
    ])
    merged(11, '2024-02-27T09:00:00Z', [file('guides/index.mdx'), file('old.mdx', 'removed')])
    world().svc.setPageViews(
      [view('/guides', 300), view('/api/auth', 50), view('/other', 9)],
      undefined,
      RANGE
    )
    world().svc.setPageViews([view('/guides', 200), view('/old', 40)], undefined, BASELINE)
    world().svc.setFeedbackByPage([feedback('/guides', 1, 10), feedback('/api/auth', 3, 10)], RANGE)
    world().svc.setFeedbackByPage([feedback('/guides', 4, 10), feedback('/old', 1, 2)], BASELINE)

    const result = await impactRun()

    expect(result.exitCode).toBe(0)
    expect(result.summary).toContain("#### Did last period's changes help?")
    // #12: /guides and /api/auth; before 200 + 0, after 300 + 50; negative 4/10 before (only
    // /guides ranked), after (1 + 3) / (10 + 10) pooled.
    expect(result.summary).toMatch(
      /\| \[#12\]\(https:\/\/github\.com\/acme\/docs\/pull\/12\) Docs change 12 \| Mar 1, 2024 \| 2 \| 200 → 350 \(\+150, \+75\.0%\) \| 40\.0% → 20\.0% \|/
    )
    // #11: /guides and the removed /old (no views now, not ranked now).
    expect(result.summary).toContain(
      '| Feb 27, 2024 | 2 | 240 → 300 (+60, +25.0%) | 41.7% → 10.0% |'
    )
    // Each page once: /guides, /api/auth, /old.
    expect(result.summary).toContain(
      '| **All 3 pages (each once)** | | 3 | 240 → 350 (+110, +45.8%) | 41.7% → 20.0% |'
    )
    const written = jsonFile(result)
    expect(written.impact.baseline).toEqual({ dateFrom: BASELINE, dateTo: PREVIOUS })
    expect(written.impact.pulls.map(p => p.number)).toEqual([12, 11])
    expect(written.impact.pulls[0].pages).toEqual([
      {
        path: '/guides',
        status: 'modified',
        views: { before: 200, after: 300 },
        negative: { before: 0.4, after: 0.1 }
      },
      {
        path: '/api/auth',
        status: 'added',
        views: { before: 0, after: 50 },
        negative: { before: null, after: 0.3 }
      }
    ])
    expect(written.impact.pulls[1].pages[1]).toEqual({
      path: '/old',
      status: 'removed',
      views: { before: 40, after: 0 },
      negative: { before: 0.5, after: null }
    })
    expect(result.outputs['impact-pulls']).toBe('2')
    expect(result.outputs['impact-pages']).toBe('3')
  })
})

describe('impact: which pages, which pull requests', () => {
  it('shows "–" for a page the service does not rank, never 0 %, and null in the file', async () => {
    merged(5, '2024-02-28T10:00:00Z', [file('quickstart.mdx')])
    world().svc.setPageViews([view('/quickstart', 80)], undefined, RANGE)
    world().svc.setPageViews([view('/quickstart', 70)], undefined, BASELINE)
    world().svc.setFeedbackByPage([feedback('/elsewhere', 5, 5)])

    const result = await impactRun()

    expect(result.summary).toContain('| Feb 28, 2024 | 1 | 70 → 80 (+10, +14.3%) | – → – |')
    expect(result.summary).not.toContain('0.0% →')
    expect(jsonFile(result).impact.pulls[0].pages[0].negative).toEqual({
      before: null,
      after: null
    })
  })

  it('maps files to pages under docs-root of docs-repository: extensions, index, renames under the new path, removals', async () => {
    world().gh.addIssue('acme', 'site', {
      number: 31,
      pull_request: true,
      title: 'Move the guides',
      merged: { sha: 'f'.repeat(40), at: '2024-03-02T08:00:00Z' },
      files: [
        file('docs/guides/index.mdx'),
        file('docs/index.md'),
        file('docs/guides/new-name.mdx', 'renamed', 'docs/guides/old-name.mdx'),
        file('docs/legacy/page.md', 'removed'),
        file('docs/images/shot.png', 'added'),
        file('README.md'),
        file('docsite/other.mdx')
      ]
    })
    const result = await impactRun({ 'docs-repository': 'acme/site', 'docs-root': 'docs/' })

    expect(result.exitCode).toBe(0)
    expect(githubCalls(/\/pulls/).map(call => call.path)).toEqual([
      '/repos/acme/site/pulls',
      '/repos/acme/site/pulls/31/files'
    ])
    expect(jsonFile(result).impact.pulls[0].pages.map(p => [p.path, p.status])).toEqual([
      ['/guides', 'modified'],
      ['/', 'modified'],
      ['/guides/new-name', 'renamed'],
      ['/legacy/page', 'removed']
    ])
    expect(result.outputs['impact-pages']).toBe('4')
  })

  it('lists closed pull requests by update, newest first, and stops at the page that ends before the previous period', async () => {
    // Page 1: 99 merged this week, and #400 merged in P but updated this week (kept).
    for (let n = 1; n <= 99; n++) merged(n, '2024-03-05T10:00:00Z', [file(`r${n}.mdx`)])
    merged(400, '2024-02-26T10:00:00Z', [file('kept-late.mdx')], '2024-03-08T10:00:00Z')
    // Page 2: one merged in P, one closed without merging in P, one merged as R begins, then old ones.
    merged(401, '2024-02-25T00:00:00Z', [file('first-moment.mdx')])
    world().gh.addIssue('acme', 'docs', {
      number: 402,
      pull_request: true,
      closed: true,
      updatedAt: '2024-02-28T00:00:00Z',
      files: [file('unmerged.mdx')]
    })
    merged(403, '2024-03-03T00:00:00Z', [file('range-start.mdx')], '2024-02-24T00:00:00Z')
    for (let n = 500; n < 650; n++) merged(n, '2024-02-10T10:00:00Z', [file(`old${n}.mdx`)])

    const result = await impactRun()

    expect(result.exitCode).toBe(0)
    const listing = githubCalls(/^\/repos\/acme\/docs\/pulls$/)
    expect(listing.map(call => call.query)).toEqual([
      { state: 'closed', sort: 'updated', direction: 'desc', per_page: '100', page: '1' },
      { state: 'closed', sort: 'updated', direction: 'desc', per_page: '100', page: '2' }
    ])
    // One files read per pull request merged in P (#403 merged as R began: not in P).
    expect(githubCalls(/\/files$/).map(call => call.path)).toEqual([
      '/repos/acme/docs/pulls/400/files',
      '/repos/acme/docs/pulls/401/files'
    ])
    expect(result.outputs['impact-pulls']).toBe('2')
  })

  it('reads at most 20 pull requests, the latest merges first, and says how many more there are', async () => {
    for (let n = 1; n <= 23; n++) {
      const day = String(n % 2 === 0 ? 26 : 27)
      merged(n, `2024-02-${day}T${String(n).padStart(2, '0')}:00:00Z`, [file(`p${n}.mdx`)])
    }
    const result = await impactRun()

    const read = githubCalls(/\/files$/).map(call => Number(/pulls\/(\d+)/.exec(call.path)?.[1]))
    expect(read).toHaveLength(20)
    // All odd ones (the 27th) first, latest hour first, then the even ones (26th) down to #6.
    expect(read).toEqual([23, 21, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1, 22, 20, 18, 16, 14, 12, 10, 8])
    expect(jsonFile(result).impact.pulls.map(p => p.number)).toEqual(read)
    expect(result.summary).toContain(
      '_And 3 more pull requests merged then (only the latest 20 are read)._'
    )
    expect(result.outputs['impact-pulls']).toBe('20')
  })

  it('leaves out a pull request that touched no page and counts it in one line under the table', async () => {
    merged(7, '2024-02-28T10:00:00Z', [file('src/index.ts'), file('package.json')])
    merged(8, '2024-02-29T10:00:00Z', [file('faq.md')])
    const result = await impactRun()

    expect(result.summary).toContain('| [#8](')
    expect(result.summary).not.toContain('| [#7](')
    expect(result.summary).toContain(
      '_1 pull request merged then touched no page (not in the table)._'
    )
    expect(jsonFile(result).impact.pulls.map(p => p.number)).toEqual([8])
    expect(result.outputs['impact-pulls']).toBe('1')
  })

  it('counts each page once in the total line, however many pull requests touched it', async () => {
    merged(1, '2024-02-26T10:00:00Z', [file('a.mdx'), file('b.mdx')])
    merged(2, '2024-02-27T10:00:00Z', [file('a.mdx')])
    merged(3, '2024-02-28T10:00:00Z', [file('a.mdx'), file('b.mdx')])
    world().svc.setPageViews([view('/a', 100), view('/b', 10)], undefined, RANGE)
    world().svc.setPageViews([view('/a', 50), view('/b', 5)], undefined, BASELINE)
    world().svc.setFeedbackByPage([feedback('/a', 1, 4), feedback('/b', 3, 4)])

    const result = await impactRun()

    expect(result.summary).toContain(
      '| **All 2 pages (each once)** | | 2 | 55 → 110 (+55, +100.0%) | 50.0% → 50.0% |'
    )
    expect(result.outputs['impact-pages']).toBe('2')
  })

  it('says in one line that no pull request was merged in the previous period, and reads nothing more', async () => {
    merged(9, '2024-03-05T10:00:00Z', [file('later.mdx')])
    world().svc.setPageViews([view('/later', 5)])
    const result = await impactRun()

    expect(result.exitCode).toBe(0)
    expect(result.summary).toContain('_No pull request was merged in the previous period._')
    expect(jsonFile(result).impact).toEqual({
      baseline: { dateFrom: BASELINE, dateTo: PREVIOUS },
      pulls: []
    })
    expect(svcCalls(/\/feedback\/by-page$/)).toHaveLength(0)
    expect(svcCalls(/\/views$/)).toHaveLength(1)
    expect(result.outputs['impact-pulls']).toBe('0')
    expect(result.outputs['impact-pages']).toBe('0')
  })

  it.each([403, 404] as const)(
    'a token that cannot read the pull requests (%i): one warning naming docs-repository and pull-requests: read, the rest of the report written',
    async status => {
      world().gh.denyRepo('acme', 'private-docs', status)
      world().svc.setPageViews([view('/x', 5)])
      const result = await impactRun({ 'docs-repository': 'acme/private-docs' })

      expect(result.exitCode).toBe(0)
      const warnings = result.stdout.split('\n').filter(line => line.startsWith('::warning'))
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toContain('docs-repository acme/private-docs')
      expect(warnings[0]).toContain('pull-requests: read')
      expect(result.summary).toContain('| 1 | /x | 5 |')
      expect(result.summary).toContain('`pull-requests: read`')
      expect(exportFiles(result)).toEqual(['page-views.json'])
      expect(jsonFile(result)).not.toHaveProperty('impact')
      expect(svcCalls(/\/feedback\/by-page$/)).toHaveLength(0)
      expect(result.outputs['impact-pulls']).toBe('')
    }
  )
})

describe('impact: requests within the budget', () => {
  it('reads the range views once with the export (views), the baseline ⌈N/page⌉ and two by-page reads', async () => {
    merged(1, '2024-02-28T10:00:00Z', [file('docs/page-3.mdx'), file('docs/page-599.mdx')])
    world().svc.setPageViews(pages(600, 1), undefined, RANGE)
    world().svc.setPageViews(pages(300, 2), undefined, BASELINE)
    // Without the chart: no points per day (analytics.daily.test.ts counts those).
    const result = await impactRun({ chart: 'false' })

    expect(result.exitCode).toBe(0)
    expect(
      svcCalls(/\/views$/).map(r => [r.query.dateFrom, r.query.limit, r.query.offset])
    ).toEqual([
      [RANGE, '250', '0'],
      [RANGE, '250', '250'],
      [RANGE, '250', '500'],
      [BASELINE, '250', '0'],
      [BASELINE, '250', '250']
    ])
    expect(svcCalls(/\/feedback\/by-page$/).map(r => r.query)).toEqual([
      { dateFrom: RANGE, dateTo: '2024-03-10', limit: '100' },
      { dateFrom: BASELINE, dateTo: PREVIOUS, limit: '100' }
    ])
    expect(world().svc.requests).toHaveLength(7)
    expect(result.stdout).toContain('in 7 requests.')
    // /docs/page-599 has no views in the baseline (300 rows): 0, not missing.
    expect(jsonFile(result).impact.pulls[0].pages.map(p => p.views)).toEqual([
      { before: 5, after: 4 },
      { before: 0, after: 600 }
    ])
  })

  it("reads the baseline with the export's page size when the dataset is views", async () => {
    merged(1, '2024-02-28T10:00:00Z', [file('docs/page-1.mdx')])
    world().svc.setPageViews(pages(150, 1), undefined, RANGE)
    world().svc.setPageViews(pages(150, 2), undefined, BASELINE)
    const result = await impactRun({ 'page-size': '100' })

    expect(result.exitCode).toBe(0)
    expect(svcCalls(/\/views$/).map(r => [r.query.dateFrom, r.query.limit])).toEqual([
      [RANGE, '100'],
      [RANGE, '100'],
      [BASELINE, '100'],
      [BASELINE, '100']
    ])
  })

  it('with another dataset reads the views of both periods itself, 250 a page, beside the export', async () => {
    merged(1, '2024-02-28T10:00:00Z', [file('docs/page-1.mdx')])
    world().svc.setPageViews(pages(251, 1), undefined, RANGE)
    world().svc.setPageViews(pages(10, 2), undefined, BASELINE)
    world().svc.setSearches([])
    const result = await impactRun({ dataset: 'searches', format: 'csv' })

    expect(result.exitCode).toBe(0)
    expect(svcCalls(/\/searches$/)).toHaveLength(1)
    expect(
      svcCalls(/\/views$/).map(r => [r.query.dateFrom, r.query.limit, r.query.offset])
    ).toEqual([
      [RANGE, '250', '0'],
      [RANGE, '250', '250'],
      [BASELINE, '250', '0']
    ])
    expect(svcCalls(/\/feedback\/by-page$/)).toHaveLength(2)
    // Each request counted once in the log line, the impact reads among them.
    expect(world().svc.requests).toHaveLength(6)
    expect(result.stdout).toContain('in 6 requests.')
    // CSV unchanged: the section is in the summary only.
    expect(readFileSync(join(result.workDir, 'searches.csv'), 'utf8')).not.toContain('impact')
    expect(result.summary).toContain('| 3 → 2 (-1, -33.3%) |')
  })

  it('reads the points per day last: the baseline keeps its requests, the chart is left out', async () => {
    merged(1, '2024-02-28T10:00:00Z', [file('docs/page-1.mdx')])
    world().svc.setPageViews(pages(150, 1), undefined, RANGE)
    world().svc.setPageViews(pages(500, 2), undefined, BASELINE)
    // Export 2 + baseline 5 + by-page 2 = 9 of 12: the seven points no longer fit.
    const result = await impactRun({ 'page-size': '100' }, { maxRequests: 12 })

    expect(result.exitCode).toBe(0)
    expect(
      world()
        .svc.requestsTo('GET', /\/views$/)
        .filter(r => r.query.limit === '1')
    ).toEqual([])
    expect(svcCalls(/\/views$/)).toHaveLength(7)
    expect(result.summary).toContain(
      '_The chart per day is left out: its 7 points need 7 requests and the 12-request budget has 3 left after the export._'
    )
    expect(jsonFile(result).impact.pulls).toHaveLength(1)
    expect(result.stdout).toContain('in 9 requests.')
  })

  it('names the budget before anything is read when the known cost already exceeds it', async () => {
    merged(1, '2024-02-28T10:00:00Z', [file('a.mdx')])
    world().svc.setPageViews([view('/a', 1)])
    // compare: previous (2) + baseline views (1) + two by-page reads = 5 at least.
    const result = await impactRun({ compare: 'previous' }, { maxRequests: 4 })

    expect(result.exitCode).toBe(1)
    expect(errorLine(result)).toMatch(/needs more than 4 requests/)
    expect(world().svc.requests).toHaveLength(0)
    expect(exportFiles(result)).toEqual([])
  })

  it('stops before the impact reads when the export left too little of the budget', async () => {
    merged(1, '2024-02-28T10:00:00Z', [file('docs/page-1.mdx')])
    world().svc.setPageViews(pages(600, 1), undefined, RANGE)
    const result = await impactRun({}, { maxRequests: 5 })

    expect(result.exitCode).toBe(1)
    expect(errorLine(result)).toMatch(/needs more than 5 requests/)
    expect(svcCalls(/\/views$/)).toHaveLength(3)
    expect(svcCalls(/\/feedback\/by-page$/)).toHaveLength(0)
    expect(exportFiles(result)).toEqual([])
  })
})

describe('impact: inputs, comment and chart', () => {
  it.each([
    [{ 'date-from': '' }, "Input 'impact' needs both date-from and date-to"],
    [{ 'date-to': '' }, "Input 'impact' needs both date-from and date-to"],
    [{ 'docs-repository': 'acme' }, "Input 'docs-repository' must be owner/repo"],
    [
      { 'docs-repository': 'https://github.com/acme/docs' },
      "Input 'docs-repository' must be owner/repo"
    ],
    [
      { 'docs-root': 'docs/../secrets' },
      "Input 'docs-root' must be a folder inside docs-repository"
    ],
    [{ 'docs-root': '..' }, "Input 'docs-root' must be a folder inside docs-repository"],
    [{ impact: 'yes' }, "Input 'impact' must be `true` or `false`"],
    [{ 'github-token': '' }, "Input 'github-token' is required by impact"]
  ])('rejects %j with one error naming the input, before any request', async (inputs, message) => {
    const result = await impactRun(inputs)

    expect(result.exitCode).toBe(1)
    expect(errorLine(result)).toContain(message)
    expect(world().svc.requests).toHaveLength(0)
    expect(world().gh.calls).toHaveLength(0)
  })

  it('checks docs-repository and docs-root even without impact', async () => {
    const result = await runAnalytics(world(), { inputs: { 'docs-root': '../x' } })
    expect(errorLine(result)).toContain("Input 'docs-root'")
    expect(world().svc.requests).toHaveLength(0)
  })

  it('puts the section in the comment, titles inert, and its chart only when chart is on', async () => {
    world().gh.addIssue('acme', 'docs', { number: 70 })
    world().gh.addIssue('acme', 'docs', {
      number: 6,
      pull_request: true,
      title: 'Fix @everyone <b>bold</b> [x](javascript:alert(1))',
      merged: { sha: 'a'.repeat(40), at: '2024-02-28T10:00:00Z' },
      files: [file('a.mdx')]
    })
    const result = await impactRun({ 'issue-number': '70', chart: 'false' })

    const [comment] = world().gh.comments('acme', 'docs', 70)
    expect(comment.body).toContain("#### Did last period's changes help?")
    expect(comment.body).toContain(
      '| [#6](https://github.com/acme/docs/pull/6) Fix @\u200Beveryone &lt;b&gt;'
    )
    expect(comment.body).not.toContain('<b>')
    expect(comment.body).not.toContain('```mermaid')
    expect(result.summary).not.toContain('```mermaid')
  })

  it('charts the views before and after per pull request, both as bars, for two pull requests or more', async () => {
    merged(6, '2024-02-28T10:00:00Z', [file('a.mdx')])
    merged(7, '2024-02-29T10:00:00Z', [file('b.mdx')])
    world().svc.setPageViews([view('/a', 30), view('/b', 8)], undefined, RANGE)
    world().svc.setPageViews([view('/a', 20), view('/b', 4)], undefined, BASELINE)
    const result = await impactRun()

    expect(result.summary).toContain(
      'title "Views of each PR\'s pages: before (the baseline) and after (this report)"'
    )
    expect(result.summary).toContain(
      'x-axis ["PR 7 before", "PR 7 after", "PR 6 before", "PR 6 after"]'
    )
    const chart = result.summary.slice(result.summary.indexOf("Views of each PR's pages"))
    expect(chart).toContain('bar [4, 8, 20, 30]')
    expect(chart).not.toContain('line [')
  })

  it('draws no impact chart and no total line for one pull request: its row says it all', async () => {
    merged(6, '2024-02-28T10:00:00Z', [file('a.mdx'), file('b.mdx')])
    world().svc.setPageViews([view('/a', 30), view('/b', 8)], undefined, RANGE)
    world().svc.setPageViews([view('/a', 20), view('/b', 4)], undefined, BASELINE)
    const result = await impactRun()

    expect(result.summary).toContain('| 2 | 24 → 38 (+14, +58.3%) |')
    expect(result.summary).not.toContain('(each once)')
    expect(result.summary).not.toContain("Views of each PR's pages")
  })
})

/** A fault "path" that matches the views requests for which `hit` holds (it reads the query). */
class BaselinePage extends RegExp {
  constructor(private readonly hit: () => boolean) {
    super('/views$')
  }

  override test(path: string): boolean {
    return super.test(path) && this.hit()
  }
}

function pages(n: number, variant: number): PageViewRow[] {
  return Array.from({ length: n }, (_, i) => view(`/docs/page-${i}`, i + variant))
}

describe('impact: faults and the comparison', () => {
  it('retries a GitHub listing that failed with 502, and reads the same page again', async () => {
    merged(3, '2024-02-28T10:00:00Z', [file('a.mdx')])
    world().gh.inject({ method: 'GET', path: '/repos/acme/docs/pulls', fault: { status: 502 } })
    const result = await impactRun()

    expect(result.exitCode).toBe(0)
    expect(githubCalls(/\/pulls$/).map(call => call.query.page)).toEqual(['1', '1'])
    expect(result.outputs['impact-pulls']).toBe('1')
  })

  it('fails the export with one error naming the by-page read when the service keeps failing it, and writes no file', async () => {
    merged(3, '2024-02-28T10:00:00Z', [file('a.mdx')])
    world().svc.setPageViews([view('/a', 1)])
    world().svc.inject({ path: /\/feedback\/by-page$/, times: Infinity, fault: { status: 500 } })
    const result = await impactRun()

    expect(result.exitCode).toBe(1)
    expect(errorLine(result)).toContain('Reading feedback by page')
    expect(exportFiles(result)).toEqual([])
  })

  it('says where it stopped when a baseline page keeps failing: the page and the baseline period', async () => {
    merged(3, '2024-02-28T10:00:00Z', [file('docs/page-1.mdx')])
    world().svc.setPageViews(pages(10, 1), undefined, RANGE)
    world().svc.setPageViews(pages(300, 2), undefined, BASELINE)
    world().svc.inject({
      path: new BaselinePage(() => world().svc.requests.at(-1)?.query.offset === '250'),
      times: Infinity,
      fault: { status: 500 }
    })
    const result = await impactRun()

    expect(result.exitCode).toBe(1)
    expect(errorLine(result)).toContain(
      'on page 2 of the baseline period (offset 250; 250 rows read before it)'
    )
    expect(exportFiles(result)).toEqual([])
  })

  it('with compare: previous reads P and R for the export, then B and the two by-page reads', async () => {
    merged(3, '2024-02-28T10:00:00Z', [file('a.mdx')])
    world().svc.setPageViews([view('/a', 10)], undefined, RANGE)
    world().svc.setPageViews([view('/a', 7)], undefined, PREVIOUS)
    world().svc.setPageViews([view('/a', 4)], undefined, BASELINE)
    const result = await impactRun({ compare: 'previous' })

    expect(result.exitCode).toBe(0)
    expect(svcCalls(/./).map(r => `${r.path.split('/').pop()} ${r.query.dateFrom}`)).toEqual([
      `views ${PREVIOUS}`,
      `views ${RANGE}`,
      `views ${BASELINE}`,
      `by-page ${RANGE}`,
      `by-page ${BASELINE}`
    ])
    expect(jsonFile(result).impact.pulls[0].pages[0].views).toEqual({ before: 4, after: 10 })
  })
})
