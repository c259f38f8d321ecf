/**
 * The committed bundle, run as the runner runs it (Node 24, inputs in the environment): it must be
 * self-contained and behave as the sources do. Build it first: npm run build.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { generatedPageView, ServiceEmulator } from '../fakes/service-emulator.js'
import { cleanUp, runBundle, type ActionRunResult } from '../fakes/action-env.js'

const BUNDLE = 'dist/analytics/index.js'

function inputs(extra: Record<string, string> = {}): Record<string, string> {
  return {
    'api-key': emulator.apiKey,
    'project-id': emulator.projectId,
    'api-url': emulator.url,
    'date-from': '',
    'date-to': '',
    'page-size': '250',
    'output-file': 'page-views.json',
    format: 'json',
    'summary-rows': '10',
    'issue-number': '',
    'github-token': '',
    ...extra
  }
}

let emulator: ServiceEmulator
const results: ActionRunResult[] = []

beforeEach(async () => {
  emulator = await ServiceEmulator.start()
})

afterEach(async () => {
  expect(emulator.contractViolations).toEqual([])
  await emulator.close()
  results.splice(0).forEach(cleanUp)
})

describe('analytics bundle', () => {
  it('exports 1,234 rows in exactly 5 requests', async () => {
    emulator.generatePageViews(1234)
    const result = await runBundle(BUNDLE, { inputs: inputs() })
    results.push(result)

    expect(result.stderr).toBe('')
    expect(result.exitCode).toBe(0)
    expect(emulator.requestsTo('GET', /\/views$/)).toHaveLength(5)
    const file = JSON.parse(readFileSync(join(result.workDir, 'page-views.json'), 'utf8')) as {
      views: unknown[]
    }
    expect(file.views).toEqual(Array.from({ length: 1234 }, (_, i) => generatedPageView(i)))
    expect(result.outputs.pages).toBe('1234')
    expect(result.summary).toContain('1,234 pages, 5 requests')
  })

  it('stops on SIGINT within seconds, exits non-zero and leaves no file behind', async () => {
    emulator.generatePageViews(600)
    // Page 2 never answers: the run is waiting on it when the runner cancels.
    let seen = 0
    emulator.inject({
      path: new (class extends RegExp {
        override test(path: string): boolean {
          return super.test(path) && ++seen === 2
        }
      })('/views$'),
      fault: { kind: 'hang' }
    })
    let signalledAt = 0
    const result = await runBundle(
      BUNDLE,
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
    results.push(result)
    expect(signalledAt).toBeGreaterThan(0)
    expect(Date.now() - signalledAt).toBeLessThan(5_000)
    expect(result.exitCode).toBe(1)
    expect(result.stdout).toContain('::error::The run was cancelled (SIGINT). No file was written.')
    expect(readdirSync(result.workDir).sort()).toEqual(['event.json', 'output.txt', 'summary.md'])
  })
})
