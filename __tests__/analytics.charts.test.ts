/**
 * The Mermaid charts beside the report's tables: every chart the report can hold parses with
 * mermaid's own parser, hostile labels (page paths, search terms) included, and the tables stay.
 */
import { describe, expect, it } from '@jest/globals'
import { barChart, chartLabel, LABEL_MAX_CHARS, lineChart } from '../src/analytics/report/charts.js'
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
  it('views: no pie of the human/AI share (it would repeat the three numbers of the table); the top pages chart parses', async () => {
    const text = renderReport(trafficReport({ ...BASE, totals: TOTALS, top: TOP }))
    await expectAllParse(text, ['xychart'])
    expect(text).not.toContain('pie')
    expect(text).toContain('| 1 | /quickstart | 700 | 600 | 100 | 14.3% |')
    expect(text).toContain('#### Top 3 pages by total views')
  })

  it('views with compare: no line across Human, AI and Total, which have no order', async () => {
    const text = renderReport(
      trafficReport({ ...BASE, totals: TOTALS, top: TOP, comparison: comparison() })
    )
    await expectAllParse(text, ['xychart'])
    expect(text).not.toContain('"Human", "AI"')
    expect(chartsIn(text).some(chart => chart.includes('line ['))).toBe(false)
  })

  it('each chart sits right after its table', () => {
    const text = renderReport(trafficReport({ ...BASE, totals: TOTALS, top: TOP }))
    const table = text.indexOf('| 3 | ')
    const chart = text.indexOf('```mermaid')
    expect(table).toBeGreaterThan(0)
    expect(text.slice(text.indexOf('\n', table), chart).trim()).toBe('')
    expect(text).not.toContain('#### Charts')
  })

  it('no chart of fewer than two categories', () => {
    expect(barChart({ title: 't', yAxis: 'y', labels: ['/only'], bars: [5] })).toBeUndefined()
    expect(lineChart({ title: 't', yAxis: 'y', labels: ['Nov 1'], lines: [[5]] })).toBeUndefined()
    const one = renderReport(trafficReport({ ...BASE, totals: TOTALS, top: TOP.slice(0, 1) }))
    expect(chartsIn(one)).toEqual([])
    expect(barChart({ title: 't', yAxis: 'y', labels: ['a', 'b'], bars: [1, 2] })).toBeDefined()
  })

  it('horizontal bars for long labels, cut to 40 characters with … and distinct', async () => {
    const long = '/guides/authentication/single-sign-on/saml-and-oidc-setup'
    const chart = barChart({
      title: 't',
      yAxis: 'views',
      labels: [`${long}-a`, `${long}-b`, '/api'],
      bars: [3, 2, 1]
    })!
    expect(chart).toContain('xychart-beta horizontal')
    const labels = JSON.parse(/x-axis (\[.*\])/.exec(chart)![1]) as string[]
    expect(new Set(labels).size).toBe(3)
    for (const label of labels) expect(label.length).toBeLessThanOrEqual(LABEL_MAX_CHARS)
    expect(labels[0]).toMatch(/…$/)
    expect(await parseChart(chartsIn(chart)[0])).toBe('xychart')
    const short = barChart({ title: 't', yAxis: 'y', labels: ['Mon', 'Tue'], bars: [1, 2] })!
    expect(short).not.toContain('horizontal')
  })

  it('no chart whose bars all look equal (within a tenth of the largest): the table says more', () => {
    const flat = { title: 't', yAxis: 'views', labels: ['/a', '/b', '/c'] }
    expect(barChart({ ...flat, bars: [1_281, 1_265, 1_257] })).toBeUndefined()
    expect(barChart({ ...flat, bars: [1_281, 1_000, 900] })).toBeDefined()
  })

  it('thousands on large axes: values of 10,000 and more are shown in thousands', () => {
    const chart = barChart({
      title: 't',
      yAxis: 'views',
      labels: ['/a', '/b'],
      bars: [800_862, 12_000]
    })!
    expect(chart).toContain('y-axis "views (thousands)"')
    expect(chart).toContain('bar [800.9, 12]')
    const small = barChart({ title: 't', yAxis: 'views', labels: ['/a', '/b'], bars: [9_999, 1] })!
    expect(small).toContain('y-axis "views" 0')
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
    const entry = (id: string, path: string) => ({
      id,
      path,
      comment: 'no',
      createdAt: null,
      source: 'contextual',
      status: 'pending',
      helpful: false
    })
    feedback.addAll([entry('f1', HOSTILE), entry('f3', HOSTILE), entry('f2', '/b')])
    await expectAllParse(
      renderReport(reportOf('feedback', BASE, feedbackBlocks(feedback.summary(), CHART))),
      ['xychart']
    )
  })

  it('the assistant chart: bars of unanswered questions, no line, none for one category', () => {
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
    expect(
      chartsIn(renderReport(reportOf('assistant', BASE, assistantBlocks(assistant, CHART))))
    ).toEqual([])
    const two = {
      ...assistant,
      categories: [...assistant.categories, { category: 'Deploy', unanswered: 1, total: 1 }]
    }
    const [chart] = chartsIn(renderReport(reportOf('assistant', BASE, assistantBlocks(two, CHART))))
    expect(chart).toContain('bar [2, 1]')
    expect(chart).not.toContain('line [')
  })

  it('renders labels inert: only letters, digits and / . _ - survive, so no label leaves its string', () => {
    const label = chartLabel(HOSTILE)
    expect(label).toMatch(/^[A-Za-z0-9/._ -]+…?$/)
    expect(label.length).toBeLessThanOrEqual(LABEL_MAX_CHARS)
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
