/**
 * The Mermaid charts beside the report's tables: every chart the report can hold parses with
 * mermaid's own parser, hostile labels (page paths, search terms) included, and the tables stay.
 */
import { describe, expect, it } from '@jest/globals'
import { chartLabel } from '../src/analytics/report/charts.js'
import { Comparison } from '../src/analytics/compare/comparison.js'
import { renderReport } from '../src/analytics/report/render.js'
import { assistantBlocks } from '../src/analytics/report/assistant-sections.js'
import { feedbackBlocks, searchBlocks } from '../src/analytics/report/sections.js'
import { SearchTally } from '../src/analytics/report/search-summary.js'
import { FeedbackTally } from '../src/analytics/report/feedback-summary.js'
import type { AssistantSummary } from '../src/analytics/report/assistant-summary.js'
import { chartsIn, parseChart } from './helpers/mermaid.js'
import { reportOf, trafficReport, type ReportFields } from './helpers/report.js'

const HOSTILE = '/a"] ; bar [1]\n```\n<script>@octocat #1 %%{init: {}}%%'

const BASE: ReportFields = {
  projectId: 'proj_1',
  dateFrom: '2024-03-03',
  dateTo: '2024-03-10',
  rowsWritten: 3,
  file: 'page-views.json',
  format: 'json',
  requests: 2,
  chart: true
}

/** The sections as the run makes them with `chart: true` (BASE's). */
const CHART = { chart: true }

function row(path: string, human: number, ai: number) {
  return { path, human, ai, total: human + ai }
}

const TOP = [row('/quickstart', 600, 100), row(HOSTILE, 300, 50), row('/api', 10, 0)]
const TOTALS = { human: 910, ai: 150, total: 1060 }

function comparison() {
  const c = new Comparison(
    { dateFrom: '2024-02-25', dateTo: '2024-03-03', totals: { human: 480, ai: 60, total: 540 } },
    10
  )
  TOP.forEach((r, i) => c.compare(r, i === 0 ? 500 : 0))
  c.gone('/gone', 40)
  return c.finish(TOTALS)
}

async function expectAllParse(markdown: string, types: string[]): Promise<void> {
  const charts = chartsIn(markdown)
  const parsed: string[] = []
  for (const chart of charts) parsed.push(await parseChart(chart))
  expect(parsed).toEqual(types)
}

describe('charts', () => {
  it('views: a human/AI pie and a top-pages bar chart that parse, beside the complete tables', async () => {
    const text = renderReport(trafficReport({ ...BASE, totals: TOTALS, top: TOP }))
    await expectAllParse(text, ['pie', 'xychart'])
    expect(text).toContain('| 1 | /quickstart | 700 | 600 | 100 | 14.3% |')
    expect(text).toContain('#### Top 3 pages by total views')
  })

  it('views with compare: the totals and risers against the previous period also parse', async () => {
    const text = renderReport(
      trafficReport({ ...BASE, totals: TOTALS, top: TOP, comparison: comparison() })
    )
    await expectAllParse(text, ['pie', 'xychart', 'xychart', 'xychart'])
    expect(chartsIn(text)[2]).toContain('line [480, 60, 540]')
  })

  it('visitors: no human/AI share chart (the total is deduplicated), the top pages only', async () => {
    const text = renderReport(trafficReport({ ...BASE, totals: TOTALS, top: TOP }, 'visitors'))
    await expectAllParse(text, ['xychart'])
    expect(text).not.toContain('pie')
  })

  it('searches and feedback: their bar charts parse with hostile terms and paths', async () => {
    const searches = new SearchTally(10)
    searches.setTotal(30)
    searches.addAll([
      { searchQuery: HOSTILE, hits: 20, ctr: 0.05, topClickedPage: null, lastSearchedAt: 'x' },
      { searchQuery: 'auth', hits: 10, ctr: 0.5, topClickedPage: '/auth', lastSearchedAt: 'y' }
    ])
    await expectAllParse(
      renderReport(reportOf('searches', BASE, searchBlocks(searches.summary(), CHART))),
      ['xychart']
    )
    const feedback = new FeedbackTally(10)
    feedback.addAll([
      {
        id: 'f1',
        path: HOSTILE,
        comment: 'no',
        createdAt: null,
        source: 'contextual',
        status: 'pending',
        helpful: false
      }
    ])
    await expectAllParse(
      renderReport(reportOf('feedback', BASE, feedbackBlocks(feedback.summary(), CHART))),
      ['xychart']
    )
  })

  it("each chart's title says what the bars are, and the line when there is one", () => {
    const searches = new SearchTally(10)
    searches.addAll([
      { searchQuery: 'auth', hits: 10, ctr: 0.5, topClickedPage: '/auth', lastSearchedAt: 'y' }
    ])
    const feedback = new FeedbackTally(10)
    feedback.addAll([
      {
        id: 'f1',
        path: '/a',
        comment: null,
        createdAt: null,
        source: 'contextual',
        status: 'pending',
        helpful: false
      }
    ])
    const assistant: AssistantSummary = {
      conversations: 3,
      answered: 1,
      unanswered: 2,
      callers: { web: 3, api: 0, other: 0, total: 3 },
      categories: [{ category: 'Auth', unanswered: 2, total: 3 }],
      categoryCount: 1,
      latest: [{ query: 'q', timestamp: 't', pageUrl: null, category: 'Auth' }],
      questions: []
    }
    const reports = [
      renderReport(trafficReport({ ...BASE, totals: TOTALS, top: TOP, comparison: comparison() })),
      renderReport(reportOf('searches', BASE, searchBlocks(searches.summary(), CHART))),
      renderReport(reportOf('feedback', BASE, feedbackBlocks(feedback.summary(), CHART))),
      renderReport(reportOf('assistant', BASE, assistantBlocks(assistant, CHART)))
    ]
    const bars = reports.flatMap(chartsIn).filter(chart => chart.startsWith('xychart'))
    expect(bars).toHaveLength(6)
    for (const chart of bars) {
      const title = /title "([^"]*)"/.exec(chart)?.[1] ?? ''
      expect(title).toMatch(/bars/)
      if (chart.includes('line [')) expect(title).toMatch(/line/)
    }
  })

  it('renders labels inert: only letters, digits and / . _ - survive, so no label leaves its string', () => {
    const label = chartLabel(HOSTILE)
    expect(label).toMatch(/^[A-Za-z0-9/._ -]+$/)
    expect(label.length).toBeLessThanOrEqual(32)
    expect(chartLabel('')).toBe('_')
  })

  it('a broken chart does not parse (the check has teeth)', async () => {
    await expect(parseChart('xychart-beta\n  x-axis ["a", "b"\n  bar [1, 2]')).rejects.toThrow()
  })

  it('chart: false leaves the charts out and the tables in', () => {
    const text = renderReport(trafficReport({ ...BASE, chart: false, totals: TOTALS, top: TOP }))
    expect(chartsIn(text)).toEqual([])
    expect(text).toContain('#### Top 3 pages by total views')
  })
})
