import { describe, expect, it } from '@jest/globals'
import {
  COMMENT_MAX_CHARS,
  renderFailure,
  renderReport,
  REPORT_MARKER
} from '../src/analytics/report/render.js'
import { percent } from '../src/analytics/report/layout.js'
import { compareRank, TopPages } from '../src/analytics/report/top-pages.js'
import { describeFailure } from '../src/analytics/failure.js'
import { MintlifyError } from '../src/mintlify/errors.js'
import type { PageViewRow } from '../src/mintlify/types.js'
import { trafficReport } from './helpers/report.js'
import { expectToContainAll } from './helpers/text.js'

function row(path: string, total: number, ai = 0): PageViewRow {
  return { path, human: total - ai, ai, total }
}

describe('TopPages', () => {
  it('keeps only the N rows with the most views, best first', () => {
    const top = new TopPages(3)
    top.addAll([row('/a', 5), row('/b', 50), row('/c', 1), row('/d', 20), row('/e', 30)])
    expect(top.sorted().map(r => r.path)).toEqual(['/b', '/e', '/d'])
    expect(top.size).toBe(3)
  })

  it('agrees with a full sort on many rows, ties broken by path', () => {
    const all: PageViewRow[] = []
    for (let i = 0; i < 5000; i++) all.push(row(`/p${(i * 7919) % 5000}`, (i * 104729) % 97))
    const top = new TopPages(25)
    top.addAll(all)
    expect(top.sorted()).toEqual([...all].sort(compareRank).slice(0, 25))
    expect(top.size).toBe(25)
  })

  it('keeps fewer rows than its capacity when fewer arrive', () => {
    const top = new TopPages(10)
    top.addAll([row('/x', 1), row('/y', 1)])
    expect(top.sorted().map(r => r.path)).toEqual(['/x', '/y'])
  })
})

const REPORT = {
  projectId: 'proj_1',
  dateFrom: '2024-01-01',
  totals: { human: 750, ai: 250, total: 1000 },
  top: [row('/quickstart', 600, 100), row('/api', 400, 150)],
  rowsWritten: 1234,
  file: 'page-views.json',
  format: 'json' as const,
  requests: 5
}

describe('renderReport', () => {
  it('shows the range, the totals with human and AI shares, the top pages and the file', () => {
    expectToContainAll(renderReport(trafficReport(REPORT)), [
      '- **From:** Jan 1, 2024',
      '- **To (exclusive):** open-ended (the service decides)',
      '| Human | 750 | 75.0% |',
      '| AI | 250 | 25.0% |',
      '| **Total** | **1,000** | 100% |',
      '`page-views.json` (JSON, 1,234 pages, 5 requests)',
      '#### Top 2 pages by total views',
      '| 1 | /quickstart | 600 | 500 | 100 | 16.7% |',
      '| 2 | /api | 400 | 250 | 150 | 37.5% |'
    ])
  })

  it('renders untrusted paths inert: no mention, no link, no HTML, no broken table', () => {
    const text = renderReport(
      trafficReport({
        ...REPORT,
        top: [row('/@octocat <img src=x> [x](https://evil.example) #12 a|b', 5)]
      })
    )
    expect(text).not.toMatch(/@octocat/)
    expect(text).not.toContain('<img')
    expect(text).not.toContain('](https://')
    expect(text).not.toMatch(/#12/)
    expect(text).toContain('a\\|b')
  })

  it('says so when the range has no views, without dividing by zero', () => {
    const text = renderReport(
      trafficReport({
        ...REPORT,
        totals: { human: 0, ai: 0, total: 0 },
        top: [],
        rowsWritten: 0
      })
    )
    expect(text).toContain('_No page views in this range._')
    expect(text).toContain('| Human | 0 | – |')
    expect(text).toContain('0 pages')
    expect(percent(1, 0)).toBe('–')
  })

  it('stays under the comment limit by cutting table rows, and says how many', () => {
    const top = Array.from({ length: 1000 }, (_, i) => row(`/${'x'.repeat(190)}/${i}`, 1000 - i))
    const text = renderReport(trafficReport({ ...REPORT, top }), {
      maxChars: COMMENT_MAX_CHARS,
      marker: REPORT_MARKER,
      runUrl: 'https://github.com/a/b/actions/runs/1'
    })
    expect(text.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS)
    expect(text.startsWith(REPORT_MARKER)).toBe(true)
    expect(text).toMatch(/\d+ more rows are not shown here/)
    expect(text).toContain('[Workflow run](https://github.com/a/b/actions/runs/1)')
  })
})

describe('renderReport reads well', () => {
  it('says "open-ended" for an end not sent, and counts in the singular when there is one', () => {
    const text = renderReport(
      trafficReport({
        ...REPORT,
        dateFrom: undefined,
        top: [row('/quickstart', 5)],
        rowsWritten: 1,
        requests: 1
      })
    )
    expect(text).toContain('- **From:** open-ended (the service decides)')
    expect(text).toContain('`page-views.json` (JSON, 1 page, 1 request)')
    expect(text).toContain('#### Top 1 page by total views')
    expect(text).not.toMatch(/not set/)
  })
})

describe('describeFailure', () => {
  it('ends a service message that has its own full stop with one period, not two', () => {
    const error = new MintlifyError({
      operation: 'get-page-views',
      kind: 'http',
      status: 400,
      serviceMessage: 'dateFrom is invalid.',
      mayHaveReachedServer: true,
      target: 'project p'
    })
    const text = describeFailure(error, { now: 0 })
    expect(text).toBe(
      'Reading page views (project p) failed: HTTP 400: dateFrom is invalid. No file was written.'
    )
    expect(text).not.toContain('..')
  })
})

describe('renderFailure', () => {
  it('quotes the message inert and says no file was written', () => {
    const text = renderFailure('HTTP 400: bad <b>date</b> @someone', {
      projectId: 'p',
      title: 'page views'
    })
    expect(text).toContain('export failed')
    expect(text).toContain('- **File:** not written')
    expect(text).not.toContain('<b>')
    expect(text).not.toMatch(/@someone/)
  })
})
