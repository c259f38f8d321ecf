/**
 * The export action end to end in process: the runner's environment, the service emulator over HTTP
 * (checked against the OpenAPI document), the file on disk, outputs and the step summary. Paging
 * survives faults on any page with no gap and no duplicate row (docs/RELIABILITY.md, checklist 19).
 */
import { describe, expect, it } from '@jest/globals'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { rowsOfCsv } from './helpers/csv.js'
import type { ActionRunResult } from '../fakes/action-env.js'
import {
  generatedPageView,
  type PageViewRow,
  type RecordedRequest,
  serviceError,
  type Fault
} from '../fakes/service-emulator.js'
import { ANALYTICS_NOW, runAnalytics, useWorld, type AnalyticsOverrides } from './helpers/world.js'
import { errorLine, exportFiles, failRequest as failRequestOf } from './helpers/analytics.js'
import { expectToContainAll } from './helpers/text.js'

const world = useWorld()

/** The export with these inputs over the base ones; every run goes through runAnalytics. */
function runExport(
  inputs: Record<string, string> = {},
  overrides: AnalyticsOverrides = {}
): Promise<ActionRunResult> {
  return runAnalytics(world(), { inputs }, overrides)
}

interface JsonExport {
  totals: { human: number; ai: number; total: number }
  views: PageViewRow[]
  dateFrom: string | null
  dateTo: string | null
}

function readJson(result: ActionRunResult, file = 'page-views.json'): JsonExport {
  return JSON.parse(readFileSync(join(result.workDir, file), 'utf8')) as JsonExport
}

function viewRequests(): RecordedRequest[] {
  return world().svc.requestsTo('GET', /\/views$/)
}

function sum(rows: PageViewRow[]): { human: number; ai: number; total: number } {
  return rows.reduce(
    (totals, row) => ({
      human: totals.human + row.human,
      ai: totals.ai + row.ai,
      total: totals.total + row.total
    }),
    { human: 0, ai: 0, total: 0 }
  )
}

const generated = (n: number): PageViewRow[] =>
  Array.from({ length: n }, (_, i) => generatedPageView(i))

describe('page-view export', () => {
  it('exports 1,234 rows at 250 per page in exactly 5 requests, rows and totals equal to the service', async () => {
    world().svc.generatePageViews(1234)
    const result = await runExport()

    expect(result.exitCode).toBe(0)
    const requests = viewRequests()
    expect(requests.map(r => r.query)).toEqual(
      [0, 250, 500, 750, 1000].map(offset => ({ limit: '250', offset: String(offset) }))
    )
    const file = readJson(result)
    expect(file.views).toEqual(generated(1234))
    expect(file.totals).toEqual(sum(generated(1234)))
    expect(file.dateFrom).toBeNull()
    expect(file.dateTo).toBeNull()
    expect(result.outputs).toEqual({
      total: String(file.totals.total),
      human: String(file.totals.human),
      ai: String(file.totals.ai),
      pages: '1234',
      rows: '1234',
      file: join(result.workDir, 'page-views.json')
    })
    expect(result.summary).toContain('`page-views.json` (JSON, 1,234 pages, 5 requests)')
    expect(result.summary).toContain('#### Top 10 pages by total views')
    expect(result.stdout).toContain('Page 5 (offset 1000): 234 rows, 1234 so far; done.')
    expect(exportFiles(result)).toEqual(['page-views.json'])
  })

  it('reads an exact multiple of the page size without a duplicate row', async () => {
    world().svc.generatePageViews(500)
    const result = await runExport()
    expect(result.exitCode).toBe(0)
    expect([2, 3]).toContain(viewRequests().length)
    const paths = readJson(result).views.map(v => v.path)
    expect(paths).toHaveLength(500)
    expect(new Set(paths).size).toBe(500)
    expect(result.outputs.pages).toBe('500')
  })

  it('writes a valid JSON file with no rows for an empty range', async () => {
    world().svc.setPageViews([])
    const result = await runExport()
    expect(result.exitCode).toBe(0)
    expect(readJson(result)).toEqual({
      dateFrom: null,
      dateTo: null,
      views: [],
      totals: { human: 0, ai: 0, total: 0 }
    })
    expect(result.outputs.pages).toBe('0')
    expect(result.summary).toContain('_No page views in this range._')
  })

  it('writes a CSV with only the header for an empty range, named page-views.csv by default', async () => {
    world().svc.setPageViews([])
    const result = await runExport({ format: 'csv', 'output-file': 'page-views.json' })
    expect(result.exitCode).toBe(0)
    expect(readFileSync(join(result.workDir, 'page-views.csv'), 'utf8')).toBe(
      'path,human,ai,total\n'
    )
    expect(result.outputs.file).toBe(join(result.workDir, 'page-views.csv'))
  })

  it('writes CSV paths with commas, quotes, line breaks and non-ASCII that parse back equal', async () => {
    const rows: PageViewRow[] = [
      { path: '/a,b', human: 1, ai: 2, total: 3 },
      { path: '/say "hi"', human: 4, ai: 0, total: 4 },
      { path: '/two\nlines\r\nhere', human: 0, ai: 5, total: 5 },
      { path: '/ü/日本語/emoji-😀', human: 6, ai: 1, total: 7 },
      { path: '/plain', human: 0, ai: 0, total: 0 }
    ]
    world().svc.setPageViews(rows)
    const result = await runExport({ format: 'csv', 'output-file': 'views.csv', 'page-size': '2' })
    expect(result.exitCode).toBe(0)
    expect(viewRequests()).toHaveLength(3)
    expect(rowsOfCsv(readFileSync(join(result.workDir, 'views.csv'), 'utf8'))).toEqual(rows)
  })

  it('waits out Retry-After on a 429 and retries a 503 on middle pages, with no gap and no duplicate', async () => {
    world().svc.generatePageViews(1234)
    // Page 2 gets a 429 with Retry-After: 1, its retry a 503; page 4 gets a 503 once.
    failRequest(2, { status: 429, headers: { 'retry-after': '1' } })
    failRequest(3, { status: 503 })
    failRequest(5, { status: 503 })
    const result = await runExport()

    expect(result.exitCode).toBe(0)
    expect(readJson(result).views).toEqual(generated(1234))
    expect(viewRequests().map(r => r.query.offset)).toEqual([
      '0',
      '250',
      '250',
      '250',
      '500',
      '500',
      '750',
      '1000'
    ])
    // The retry of page 2 came at least Retry-After (1 s of virtual time) after the 429.
    const [, first429, retry] = viewRequests()
    expect(retry.at - first429.at).toBeGreaterThanOrEqual(1000)
    expect(result.stdout).toMatch(/Page 2: .*HTTP 429.*retrying in/)
  })

  it.each(
    [1, 2, 3, 4, 5].flatMap(page => [
      [page, 503],
      [page, 429]
    ])
  )(
    'survives a failure on page %i (HTTP %i) with no gap and no duplicate',
    async (page, status) => {
      world().svc.generatePageViews(1234)
      const headers: Record<string, string> = status === 429 ? { 'retry-after': '1' } : {}
      failRequest(page, { status, headers })
      const result = await runExport()
      expect(result.exitCode).toBe(0)
      expect(readJson(result).views).toEqual(generated(1234))
      expect(viewRequests()).toHaveLength(6)
    }
  )

  it('ends with an error instead of looping when the service says hasMore on an empty page', async () => {
    world().svc.generatePageViews(300)
    failRequest(2, {
      status: 200,
      body: JSON.stringify({ totals: { human: 1, ai: 0, total: 1 }, views: [], hasMore: true })
    })
    const result = await runExport()
    expect(result.exitCode).toBe(1)
    expect(errorLine(result)).toMatch(
      /said more rows exist \(hasMore\) but page 2 at offset 250 had none/
    )
    expect(viewRequests()).toHaveLength(2)
    expect(exportFiles(result)).toEqual([])
  })

  it('retries a page after a connection reset and after a malformed JSON body', async () => {
    world().svc.generatePageViews(600)
    failRequest(2, { kind: 'reset' })
    failRequest(4, { kind: 'malformed' })
    const result = await runExport()
    expect(result.exitCode).toBe(0)
    expect(readJson(result).views).toEqual(generated(600))
    expect(viewRequests().map(r => r.query.offset)).toEqual(['0', '250', '250', '500', '500'])
  })

  it.each([
    ['a row without ai', { path: '/a', human: 1, total: 1 }, /views\[0\]\.ai/],
    ['a negative count', { path: '/a', human: -1, ai: 0, total: -1 }, /views\[0\]\.human/]
  ])(
    'fails at once on a whole page that breaks the schema (%s): one request for it, one error, no file',
    async (_name, row, field) => {
      world().svc.generatePageViews(600)
      world().expectedViolations.push(/./)
      const page = { views: [row], totals: { human: 1, ai: 0, total: 1 }, hasMore: true }
      failRequest(2, { status: 200, body: JSON.stringify(page) })
      const result = await runExport()
      expect(result.exitCode).toBe(1)
      expect(viewRequests()).toHaveLength(2)
      expect(errorLine(result)).toMatch(field)
      expect(errorLine(result)).toContain('on page 2')
      expect(result.stdout).not.toMatch(/retrying in/)
      expect(exportFiles(result)).toEqual([])
    }
  )

  it('retries a page whose request hangs past the per-request timeout', async () => {
    world().svc.generatePageViews(300)
    failRequest(1, { kind: 'hang' })
    const result = await runExport({}, { requestTimeoutMs: 300 })
    expect(result.exitCode).toBe(0)
    expect(readJson(result).views).toEqual(generated(300))
    expect(result.stdout).toMatch(/Page 1: .*no answer within the request timeout; retrying/)
  })

  it('ends with an error naming the 100-per-hour limit when Retry-After is an hour, and leaves no file', async () => {
    world().svc.generatePageViews(1234)
    failRequest(3, {
      status: 429,
      headers: { 'retry-after': '3600' },
      body: JSON.stringify({ error: 'Rate limit exceeded' })
    })
    // Half a minute past 12:00: the seconds the run itself takes (more on a loaded machine) never
    // carry the retry time, rounded up to its minute, past 13:01.
    const result = await runExport({}, { at: ANALYTICS_NOW + 30_000 })

    expect(result.exitCode).toBe(1)
    expectToContainAll(errorLine(result), [
      'allows 100 requests per organization per hour',
      'on page 3 (offset 500; 500 rows read before it)',
      'Retry after 2024-03-10 13:01 UTC (in 1 h)',
      'The service said: Rate limit exceeded.',
      'No file was written.'
    ])
    expect(viewRequests()).toHaveLength(3)
    expect(exportFiles(result)).toEqual([])
    expect(result.outputs).toEqual({})
    expect(result.summary).toContain('export failed')
  })

  it('shows the service error and its details on a 400', async () => {
    world().svc.generatePageViews(10)
    failRequest(
      1,
      serviceError(400, 'Invalid query parameters', 'dateFrom is out of the retention window')
    )
    const result = await runExport()
    expect(result.exitCode).toBe(1)
    const message = errorLine(result)
    expect(message).toContain(
      'HTTP 400: Invalid query parameters; dateFrom is out of the retention window'
    )
    expect(viewRequests()).toHaveLength(1)
    expect(exportFiles(result)).toEqual([])
    expect(result.summary).toContain('dateFrom is out of the retention window')
  })

  it('says on a 401 that the key is invalid or expired, and to check api-key', async () => {
    const result = await runExport({ 'api-key': 'mint_wrong_key' })
    expect(result.exitCode).toBe(1)
    expect(errorLine(result)).toMatch(/HTTP 401.*invalid or expired: check that `api-key`/)
  })

  it('says on a 403 that the key may lack the scope or the runner may not be on its IP allow-list', async () => {
    world().svc.generatePageViews(10)
    failRequest(1, serviceError(403, 'Forbidden'))
    const result = await runExport()
    expect(result.exitCode).toBe(1)
    expect(errorLine(result)).toMatch(/HTTP 403.*lack the scope.*IP allow-list/)
  })

  it('resolves -7d against the injected today and sends date-to as given (exclusive)', async () => {
    world().svc.generatePageViews(3)
    const result = await runExport(
      { 'date-from': '-7d', 'date-to': '2024-03-10' },
      { today: new Date('2024-03-10T08:00:00Z') }
    )
    expect(result.exitCode).toBe(0)
    expect(viewRequests()[0].query).toEqual({
      dateFrom: '2024-03-03',
      dateTo: '2024-03-10',
      limit: '250',
      offset: '0'
    })
    const file = readJson(result)
    expect(file.dateFrom).toBe('2024-03-03')
    expect(file.dateTo).toBe('2024-03-10')
    expect(result.summary).toContain('- **Range:** Mar 3 – 9, 2024 (UTC)')
  })

  it('writes to a sub-folder given as output-file and reports its path', async () => {
    world().svc.generatePageViews(3)
    const result = await runAnalytics(world(), {
      inputs: { 'output-file': 'reports/views.json' },
      prepare: workspace => mkdirSync(join(workspace, 'reports'))
    })
    expect(result.exitCode).toBe(0)
    expect(readJson(result, 'reports/views.json').views).toEqual(generated(3))
    expect(result.outputs.file).toBe(join(result.workDir, 'reports', 'views.json'))
    expect(result.summary).toContain('`reports/views.json`')
  })

  it('never shows the API key in outputs, the summary or stdout, even when the service echoes it', async () => {
    world().svc.generatePageViews(3)
    failRequest(1, serviceError(400, `bad key ${world().svc.apiKey}`, `key=${world().svc.apiKey}`))
    const failed = await runExport()
    const succeeded = await runExport()
    expect(failed.exitCode).toBe(1)
    expect(succeeded.exitCode).toBe(0)
    for (const result of [failed, succeeded]) {
      const lines = result.stdout.split('\n')
      // The mask command itself is the one line that must carry it, and it comes first.
      expect(lines[0]).toBe(`::add-mask::${world().svc.apiKey}`)
      expect(lines.slice(1).join('\n')).not.toContain(world().svc.apiKey)
      expect(result.summary).not.toContain(world().svc.apiKey)
      expect(JSON.stringify(result.outputs)).not.toContain(world().svc.apiKey)
    }
    expect(errorLine(failed)).toContain('bad key ***')
  })

  it('ends on SIGINT with a failure and no file left behind', async () => {
    world().svc.generatePageViews(600)
    failRequest(2, { kind: 'hang' })
    const controller = new AbortController()
    const poll = setInterval(() => {
      if (viewRequests().length >= 2) controller.abort()
    }, 5)
    const result = await runExport({}, { signal: controller.signal, requestTimeoutMs: 10_000 })
    clearInterval(poll)
    expect(result.exitCode).toBe(1)
    expect(errorLine(result)).toContain('The run was cancelled (SIGINT). No file was written.')
    expect(exportFiles(result)).toEqual([])
  })
})

/** The n-th request the emulator receives meets `fault`. */
function failRequest(n: number, fault: Fault): void {
  failRequestOf(world(), n, fault)
}
