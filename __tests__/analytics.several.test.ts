/**
 * One step, several datasets, one budget, end to end against the emulator: every dataset's rows
 * first in the given order, files in the output folder, the outputs `files`, `requests`, `left-out`,
 * `prompt` and the prefixed ones, one report, and a dataset whose rows do not fit.
 */
import { describe, expect, it } from '@jest/globals'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ActionRunResult } from '../fakes/action-env.js'
import type { FeedbackItem, SearchTerm } from '../fakes/service-emulator.js'
import { errorLine, exportFiles } from './helpers/analytics.js'
import { runAnalytics, useWorld } from './helpers/world.js'

const world = useWorld()

const WEEK = { 'date-from': '-7d', 'date-to': '-0d' }
const ALL = 'views, searches, feedback, assistant'

function runStep(inputs: Record<string, string>): Promise<ActionRunResult> {
  return runAnalytics(world(), { inputs })
}

function gapTerm(i: number): SearchTerm {
  return {
    searchQuery: `missing ${i}`,
    hits: 200 - i,
    ctr: 0,
    topClickedPage: null,
    lastSearchedAt: '2024-03-09T10:00:00Z'
  }
}

function unhelpful(i: number): FeedbackItem {
  return {
    id: `fb_${i}`,
    path: `/docs/page-${i % 3}`,
    comment: `unclear ${i}`,
    createdAt: '2024-03-05T00:00:00Z',
    source: 'contextual',
    status: 'pending',
    helpful: false,
    contact: null
  }
}

/** The resources the emulator was asked for, in order (views, searches, …). */
function resources(): string[] {
  return world().svc.requests.map(r => /\/([a-z-]+)$/.exec(r.path)?.[1] ?? r.path)
}

describe('several datasets in one step', () => {
  it('reads the rows in the given order, writes each default file and sets the outputs', async () => {
    world().svc.generatePageViews(600)
    world().svc.setSearches(Array.from({ length: 150 }, (_, i) => gapTerm(i)))
    world().svc.setFeedback(Array.from({ length: 30 }, (_, i) => unhelpful(i)))
    world().svc.generateAssistant(5)
    const result = await runStep({ dataset: ALL, ...WEEK, chart: 'false' })

    expect(result.exitCode).toBe(0)
    expect(exportFiles(result).sort()).toEqual(
      ['assistant.json', 'feedback.json', 'page-views.json', 'searches.json'].sort()
    )
    const order = resources().filter((r, i, all) => all.indexOf(r) === i)
    expect(order.slice(0, 3)).toEqual(['views', 'searches', 'feedback'])
    // views 3 pages, searches 2, feedback 1, assistant caller stats + 1 page.
    expect(result.outputs.requests).toBe(String(world().svc.requests.length))
    expect(result.outputs.requests).toBe('8')
    expect(result.outputs.files.split('\n').map(f => f.replace(`${result.workDir}/`, ''))).toEqual([
      'page-views.json',
      'searches.json',
      'feedback.json',
      'assistant.json'
    ])
    expect(result.outputs['left-out']).toBe('')
    expect(result.outputs['views-rows']).toBe('600')
    expect(result.outputs['searches-total']).toBeDefined()
    expect(result.outputs['feedback-total']).toBe('30')
    expect(result.outputs.prompt).toContain('"missing 0"')
    expect(result.outputs.prompt).toContain('/docs/page-0')
    expect(result.outputs.prompt.length).toBeLessThanOrEqual(4000)
    expect(result.outputs).not.toHaveProperty('rows')
    expect(result.summary).toContain('**Requests:** 8 of 100 requests')
    const headings = result.summary.split('\n').filter(l => /^### /.test(l))
    expect(headings).toEqual([
      '### Mintlify analytics: project `proj_test`',
      '### Page views',
      '### Search terms',
      '### Feedback',
      '### Assistant questions'
    ])
  })

  it('keeps one request for each dataset not yet started: a dataset whose rows do not fit has no file', async () => {
    world().svc.generatePageViews(250 * 12)
    world().svc.setSearches([gapTerm(1)])
    world().svc.setFeedback([unhelpful(1)])
    const result = await runStep({
      dataset: 'views, searches, feedback',
      'request-budget': '10',
      ...WEEK
    })

    expect(result.exitCode).not.toBe(0)
    // views may use 8 (10 less one each for searches and feedback), then they read one each.
    expect(world().svc.requestsTo('GET', /\/views$/)).toHaveLength(8)
    expect(result.outputs.requests).toBe('10')
    expect(exportFiles(result).sort()).toEqual(['feedback.json', 'searches.json'])
    expect(result.outputs['left-out']).toBe('views: rows (more than 8 requests)')
    const error = errorLine(result)
    expect(error).toMatch(
      /^views: its rows need more than the 8 requests this step could give them/
    )
    expect(error).toContain('Written and reported: searches, feedback.')
    expect(result.summary).toContain('- views: rows (more than 8 requests)')
    expect(result.summary).toContain('### Search terms')
  })

  it('writes into output-file as a folder', async () => {
    world().svc.generatePageViews(3)
    world().svc.setSearches([gapTerm(1)])
    const result = await runAnalytics(world(), {
      inputs: { dataset: 'searches\nviews', 'output-file': 'reports', format: 'csv' },
      prepare: workspace => mkdirSync(join(workspace, 'reports'))
    })
    expect(result.exitCode).toBe(0)
    expect(existsSync(join(result.workDir, 'reports', 'searches.csv'))).toBe(true)
    expect(readFileSync(join(result.workDir, 'reports', 'page-views.csv'), 'utf8')).toMatch(
      /^path,human,ai,total/
    )
  })

  it('on a cancel names the files written before it, never "no file"', async () => {
    world().svc.generatePageViews(3)
    world().svc.setSearches([gapTerm(1)])
    const searches = (): number => world().svc.requestsTo('GET', /\/searches$/).length
    world().svc.inject({ method: 'GET', path: /\/searches$/, fault: { kind: 'hang' } })
    const controller = new AbortController()
    const poll = setInterval(() => {
      if (searches() >= 1) controller.abort()
    }, 5)
    const result = await runAnalytics(
      world(),
      { inputs: { dataset: 'views, searches', format: 'csv' } },
      { signal: controller.signal, requestTimeoutMs: 10_000 }
    )
    clearInterval(poll)
    expect(result.exitCode).toBe(1)
    expect(exportFiles(result)).toEqual(['page-views.csv'])
    expect(errorLine(result)).toContain('The run was cancelled (SIGINT).')
    expect(errorLine(result)).toContain('Written before it stopped: page-views.csv.')
    expect(errorLine(result)).not.toContain('No file was written')
  })
})
