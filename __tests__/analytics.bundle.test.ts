/**
 * The committed bundle, run as the runner runs it (Node 24, inputs in the environment): it must be
 * self-contained and behave as the sources do. Build it first: npm run build.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { generatedPageView } from '../fakes/service-emulator.js'
import { runnerInputs } from './helpers/analytics.js'
import { runAnalyticsBundle, useWorld } from './helpers/world.js'

const world = useWorld()

/** Every input, as the runner passes them (action.yml defaults included). */
function inputs(extra: Record<string, string> = {}): Record<string, string> {
  return runnerInputs(world(), extra)
}

describe('analytics bundle', () => {
  it('exports 1,234 rows in exactly 5 requests', async () => {
    world().svc.generatePageViews(1234)
    const result = await runAnalyticsBundle(world(), { inputs: inputs() })

    expect(result.stderr).toBe('')
    expect(result.exitCode).toBe(0)
    expect(world().svc.requestsTo('GET', /\/views$/)).toHaveLength(5)
    const file = JSON.parse(readFileSync(join(result.workDir, 'page-views.json'), 'utf8')) as {
      views: unknown[]
    }
    expect(file.views).toEqual(Array.from({ length: 1234 }, (_, i) => generatedPageView(i)))
    expect(result.outputs.pages).toBe('1234')
    expect(result.summary).toContain('1,234 pages, 5 requests')
  })

  it('compares a week with the week before in exactly ⌈M/250⌉ + ⌈N/250⌉ requests, and a point a day of each, with charts', async () => {
    world().svc.generatePageViews(600, '2024-03-03')
    world().svc.generatePageViews(300, '2024-02-25', 1)
    const result = await runAnalyticsBundle(world(), {
      inputs: inputs({
        'date-from': '2024-03-03',
        'date-to': '2024-03-10',
        compare: 'previous',
        format: 'csv'
      })
    })

    expect(result.stderr).toBe('')
    expect(result.exitCode).toBe(0)
    const views = world().svc.requestsTo('GET', /\/views$/)
    // The pages of the export, then one limit=1 read a day of each week for the views per day.
    expect(views.filter(r => r.query.limit !== '1')).toHaveLength(5)
    expect(views.filter(r => r.query.limit === '1')).toHaveLength(14)
    const csv = readFileSync(join(result.workDir, 'page-views.csv'), 'utf8')
    expect(csv.split('\n')[0]).toBe('path,human,ai,total,previous_total,change')
    expect(result.outputs.change).toMatch(/^[+-]\d+\.\d$/)
    // Its charts name their colours, and set them: the first line strong blue, the second grey.
    expect(result.summary).toMatch(
      /```mermaid\n%%\{init: .*"plotColorPalette": "#0969da, #6e7781".*%%\nxychart-beta/
    )
    expect(result.summary).toContain('this period (blue) and the previous one (grey)')
  })

  it('exports searches by cursor and hands the content gaps on as the prompt output', async () => {
    world().svc.setSearches(
      Array.from({ length: 150 }, (_, i) => ({
        searchQuery: `term ${i}`,
        hits: 200 - i,
        ctr: i < 3 ? 0 : 0.5,
        topClickedPage: null,
        lastSearchedAt: '2024-03-09T00:00:00Z'
      }))
    )
    const result = await runAnalyticsBundle(world(), { inputs: inputs({ dataset: 'searches' }) })

    expect(result.stderr).toBe('')
    expect(result.exitCode).toBe(0)
    expect(world().svc.requestsTo('GET', /\/searches$/)).toHaveLength(2)
    const file = JSON.parse(readFileSync(join(result.workDir, 'searches.json'), 'utf8')) as {
      searches: unknown[]
    }
    expect(file.searches).toHaveLength(150)
    expect(result.outputs.prompt).toContain('"term 0": 200 searches, 0.0% click-through')
  })

  it('stops on SIGINT within seconds, exits non-zero and leaves no file behind', async () => {
    world().svc.generatePageViews(600)
    // Page 2 never answers: the run is waiting on it when the runner cancels.
    let seen = 0
    world().svc.inject({
      path: new (class extends RegExp {
        override test(path: string): boolean {
          return super.test(path) && ++seen === 2
        }
      })('/views$'),
      fault: { kind: 'hang' }
    })
    let signalledAt = 0
    const result = await runAnalyticsBundle(
      world(),
      { inputs: inputs() },
      {
        timeoutMs: 20_000,
        onStdout: (text, child) => {
          if (!signalledAt && text.includes('Page 1 (offset 0)')) {
            signalledAt = Date.now()
            child.kill('SIGINT')
          }
        }
      }
    )
    expect(signalledAt).toBeGreaterThan(0)
    expect(Date.now() - signalledAt).toBeLessThan(5_000)
    expect(result.exitCode).toBe(1)
    expect(result.stdout).toContain('::error::The run was cancelled (SIGINT). No file was written.')
    expect(readdirSync(result.workDir).sort()).toEqual(['event.json', 'output.txt', 'summary.md'])
  })
})
