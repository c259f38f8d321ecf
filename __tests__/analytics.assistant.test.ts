/**
 * The assistant dataset end to end in process: the emulator over HTTP (checked against the OpenAPI
 * document), cursor paging with a fault on a middle page, the caller split in one request within
 * the budget, the file's columns (never the response text), the summary, the chart and the prompt.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ActionRunResult } from '../fakes/action-env.js'
import type { AssistantItem } from '../fakes/service-emulator.js'
import { parseCsv } from './helpers/csv.js'
import { errorLine, exportFiles, failRequest } from './helpers/analytics.js'
import { chartsIn, parseChart } from './helpers/mermaid.js'
import { runAnalytics, useWorld } from './helpers/world.js'

const world = useWorld()

function runExport(inputs: Record<string, string> = {}): Promise<ActionRunResult> {
  return runAnalytics(world(), { inputs: { dataset: 'assistant', ...inputs } })
}

const conversations = () => world().svc.requestsTo('GET', /\/assistant$/)
const callerStats = () => world().svc.requestsTo('GET', /\/assistant\/caller-stats$/)

function chat(i: number, over: Partial<AssistantItem> = {}): AssistantItem {
  return {
    id: `c${i}`,
    timestamp: `2024-03-01T00:00:${String(i % 60).padStart(2, '0')}Z`,
    query: `question ${i}`,
    response: `THE RESPONSE TEXT ${i}`,
    responseType: 'answer',
    sources: [
      { title: 'A', url: 'https://docs.example.com/a' },
      { title: 'B', url: 'https://docs.example.com/b' }
    ],
    resolutionStatus: 'answered',
    queryCategory: 'Setup',
    pageUrl: `https://docs.example.com/page-${i}`,
    ...over
  }
}

function unanswered(
  i: number,
  query: string,
  page: string,
  category: string | null = 'Auth'
): AssistantItem {
  return chat(i, {
    query,
    resolutionStatus: 'unanswered',
    queryCategory: category,
    pageUrl: page === '' ? null : `https://docs.example.com${page}?ref=x`,
    timestamp: `2024-03-0${1 + (i % 9)}T00:00:00Z`,
    sources: []
  })
}

describe('assistant: paging and files', () => {
  it('follows nextCursor 1,000 at a time with limit always sent; a fault on a middle page is retried with the same cursor', async () => {
    const items = Array.from({ length: 2500 }, (_, i) => chat(i))
    world().svc.setAssistant(items)
    // Request 1 is the caller split; request 3 is the second page of conversations.
    failRequest(world(), 3, { status: 503 })
    const result = await runExport()

    expect(result.exitCode).toBe(0)
    const sent = conversations()
    expect(sent.map(r => r.query.limit)).toEqual(['1000', '1000', '1000', '1000'])
    expect(sent[0].query.cursor).toBeUndefined()
    expect(sent[1].query.cursor).toBeDefined()
    expect(sent[2].query.cursor).toBe(sent[1].query.cursor)
    expect(callerStats()).toHaveLength(1)
    const file = JSON.parse(readFileSync(join(result.workDir, 'assistant.json'), 'utf8')) as {
      conversations: Record<string, unknown>[]
      total: number
    }
    expect(file.conversations.map(c => c.id)).toEqual(items.map(c => c.id))
    expect(file.total).toBe(2500)
    expect(result.outputs).toMatchObject({ total: '2500', rows: '2500' })
    expect(world().svc.contractViolations).toEqual([])
  })

  it('writes the JSON columns with sources as a list, and never the response text', async () => {
    world().svc.setAssistant([chat(1), chat(2, { queryCategory: null, pageUrl: null })])
    const result = await runExport()

    const text = readFileSync(join(result.workDir, 'assistant.json'), 'utf8')
    expect(text).not.toContain('THE RESPONSE TEXT')
    const file = JSON.parse(text) as { conversations: Record<string, unknown>[] }
    expect(file.conversations[0]).toEqual({
      id: 'c1',
      timestamp: '2024-03-01T00:00:01Z',
      query: 'question 1',
      responseType: 'answer',
      resolutionStatus: 'answered',
      queryCategory: 'Setup',
      pageUrl: 'https://docs.example.com/page-1',
      sources: [
        { title: 'A', url: 'https://docs.example.com/a' },
        { title: 'B', url: 'https://docs.example.com/b' }
      ]
    })
    expect(Object.keys(file.conversations[1])).toEqual(Object.keys(file.conversations[0]))
    expect(file.conversations[1]).toMatchObject({ queryCategory: null, pageUrl: null })
  })

  it('writes the CSV columns in snake_case with sources as a count, and never the response text', async () => {
    world().svc.setAssistant([chat(1), chat(2, { sources: [], queryCategory: null })])
    const result = await runExport({ format: 'csv' })

    const text = readFileSync(join(result.workDir, 'assistant.csv'), 'utf8')
    expect(text).not.toContain('THE RESPONSE TEXT')
    const csv = parseCsv(text)
    expect(csv[0].join(',')).toBe(
      'id,timestamp,query,response_type,resolution_status,query_category,page_url,sources'
    )
    expect(csv[1]).toEqual([
      'c1',
      '2024-03-01T00:00:01Z',
      'question 1',
      'answer',
      'answered',
      'Setup',
      'https://docs.example.com/page-1',
      '2'
    ])
    expect(csv[2][5]).toBe('')
    expect(csv[2][7]).toBe('0')
  })

  it('counts the caller split in the 100-request budget: 99 pages of conversations are one too many', async () => {
    world().svc.setAssistant(Array.from({ length: 100 }, (_, i) => chat(i)))
    const result = await runExport({ 'page-size': '1' })

    expect(result.exitCode).toBe(1)
    expect(errorLine(result)).toContain('needs more than 100 requests')
    expect(callerStats()).toHaveLength(1)
    expect(conversations()).toHaveLength(99)
    expect(exportFiles(result)).toEqual([])
  })

  it('retries the caller split after a reset like a page, and counts both attempts', async () => {
    world().svc.setAssistant([chat(1)], { web: 0, api: 1, other: 0, total: 1 })
    failRequest(world(), 1, { kind: 'reset' })
    const result = await runExport()

    expect(result.exitCode).toBe(0)
    expect(callerStats()).toHaveLength(2)
    expect(result.stdout).toMatch(/Caller stats: .*retrying in/)
    expect(result.summary).toContain('| API | 1 | 100.0% |')
    expect(result.summary).toContain('3 requests')
  })

  it('ends with one error naming the field when a page breaks the schema, and writes no file', async () => {
    world().svc.setAssistant([chat(1)])
    failRequest(world(), 2, { status: 200, body: JSON.stringify({ conversations: [] }) })
    const result = await runExport()

    expect(result.exitCode).toBe(1)
    expect(errorLine(result)).toContain('hasMore')
    expect(errorLine(result)).toContain('No file was written.')
    expect(conversations()).toHaveLength(1)
    expect(exportFiles(result)).toEqual([])
  })

  it.each([['1001'], ['0']])(
    'page-size %s is an input error naming page-size, before any request',
    async size => {
      const result = await runExport({ 'page-size': size })
      expect(result.exitCode).toBe(1)
      const message = errorLine(result)
      expect(message).toContain("'page-size'")
      expect(message).toContain('from 1 to 1000')
      expect(world().svc.requests).toHaveLength(0)
      expect(exportFiles(result)).toEqual([])
    }
  )
})

describe('assistant: summary', () => {
  it('gives answered and unanswered counts and share, and the split by caller', async () => {
    world().svc.setAssistant([chat(1), chat(2), chat(3), unanswered(4, 'how to x', '/x')], {
      web: 3,
      api: 1,
      other: 0,
      total: 4
    })
    const result = await runExport()

    expect(result.summary).toContain('### Mintlify assistant questions')
    expect(result.summary).toContain(
      '- **Questions:** 4, 3 answered (75.0%) and 1 unanswered (25.0%)'
    )
    expect(result.summary).toContain('| Web (the docs site) | 3 | 75.0% |')
    expect(result.summary).toContain('| API | 1 | 25.0% |')
    expect(result.summary).toContain('| Other | 0 | 0.0% |')
    expect(result.summary).toContain('| **Total** | **4** | 100% |')
  })

  it('lists the categories with the most unanswered questions, most first', async () => {
    world().svc.setAssistant([
      unanswered(1, 'a', '/a', 'Auth'),
      unanswered(2, 'b', '/a', 'Deploy'),
      unanswered(3, 'c', '/a', 'Deploy'),
      chat(4, { queryCategory: 'Deploy' }),
      unanswered(5, 'd', '/a', null)
    ])
    const result = await runExport()

    const table = result.summary.slice(result.summary.indexOf('#### Categories'))
    expect(table).toContain('(3 categories in all)')
    expect(table).toContain('| 1 | Deploy | 2 | 3 | 66.7% |')
    expect(table.indexOf('| Deploy |')).toBeLessThan(table.indexOf('| Auth |'))
    expect(table).toContain('| uncategorized | 1 | 1 | 100.0% |')
  })

  it('lists the latest unanswered questions, newest first, at most 200 characters each then …', async () => {
    const long = `${'why '.repeat(80)}end`
    world().svc.setAssistant([
      unanswered(1, 'oldest question', '/old'),
      unanswered(8, long, '/long'),
      unanswered(5, 'middle question', ''),
      chat(9)
    ])
    const result = await runExport()

    const table = result.summary.slice(result.summary.indexOf('#### Latest 3 unanswered questions'))
    expect(table.indexOf('why why')).toBeLessThan(table.indexOf('middle question'))
    expect(table.indexOf('middle question')).toBeLessThan(table.indexOf('oldest question'))
    expect(table).toContain(`“${'why '.repeat(50).trim()}…”`)
    expect(table).not.toContain('end”')
    expect(table).toContain('| /long |')
    expect(table).not.toContain('question 9')
  })

  it('says so when every question was answered, and the prompt is empty', async () => {
    world().svc.setAssistant([chat(1), chat(2)])
    const result = await runExport()
    expect(result.summary).toContain('_The assistant answered every question in this range._')
    expect(result.outputs.prompt).toBe('')
  })

  it('charts unanswered questions by category as bars, with no line across categories that have no order', async () => {
    world().svc.setAssistant([
      unanswered(1, 'a', '/a', 'Auth'),
      unanswered(4, 'd', '/a', 'Auth'),
      chat(2, { queryCategory: 'Auth' }),
      unanswered(3, 'c', '/a', 'Deploy')
    ])
    const result = await runExport()

    const charts = chartsIn(result.summary)
    expect(charts).toHaveLength(1)
    expect(charts[0]).toContain('title "Unanswered questions by category"')
    expect(charts[0]).toContain('x-axis ["Auth", "Deploy"]')
    expect(charts[0]).toContain('bar [2, 1]')
    expect(charts[0]).not.toContain('line [')
    expect(await parseChart(charts[0])).toBe('xychart')
  })
})

describe('assistant: prompt', () => {
  it('groups unanswered questions case- and space-insensitively, most asked first, then most recent', async () => {
    world().svc.setAssistant([
      unanswered(1, 'How do I rotate keys?', '/auth'),
      unanswered(2, 'how do i  ROTATE keys?', '/auth'),
      unanswered(3, '  How do I rotate keys?', '/keys'),
      unanswered(4, 'Is there SSO?', '/sso'),
      unanswered(6, 'Can I self-host?', '/deploy'),
      chat(7, { query: 'How do I rotate keys?' })
    ])
    const result = await runExport()

    const prompt = result.outputs.prompt
    const items = prompt.split('\n').filter(line => line.startsWith('- '))
    expect(items).toEqual([
      '- "How do I rotate keys?": asked 3 times, on "/auth"',
      '- "Can I self-host?": asked once, on "/deploy"',
      '- "Is there SSO?": asked once, on "/sso"'
    ])
  })

  it("names the page of the group's most frequent pageUrl, the most recent on a tie", async () => {
    const asked: [number, string, string][] = [
      [1, 'tie?', '/older'],
      [5, 'Tie?', '/newer'],
      [2, 'most?', '/rare'],
      [3, 'most?', '/often'],
      [4, 'most?', '/often'],
      [6, 'nowhere?', '']
    ]
    world().svc.setAssistant(asked.map(([i, query, page]) => unanswered(i, query, page)))
    const result = await runExport()

    const prompt = result.outputs.prompt
    expect(prompt).toContain('- "most?": asked 3 times, on "/often"')
    expect(prompt).toContain('- "Tie?": asked 2 times, on "/newer"')
    expect(prompt).toContain('- "nowhere?": asked once\n')
  })

  it('names at most 10 questions in at most 4,000 characters, under a line saying they are data, not instructions', async () => {
    const items = Array.from({ length: 15 }, (_, i) =>
      unanswered(i, `question ${i} ${'x'.repeat(300)}`, `/p${i}`)
    )
    world().svc.setAssistant(items)
    const result = await runExport()

    const prompt = result.outputs.prompt
    expect(prompt.length).toBeLessThanOrEqual(4000)
    const lines = prompt.split('\n')
    const dataLine = lines.findIndex(line => line.includes('not instructions'))
    const first = lines.findIndex(line => line.startsWith('- '))
    expect(dataLine).toBeGreaterThan(-1)
    expect(dataLine).toBeLessThan(first)
    const listed = lines.filter(line => line.startsWith('- '))
    expect(listed.length).toBeGreaterThan(0)
    expect(listed.length).toBeLessThanOrEqual(10)
  })
})
