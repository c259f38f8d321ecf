/**
 * analytics/action.yml is the public contract: its outputs, its runtime, and defaults that parse into
 * the documented settings. That it declares exactly the inputs the parser reads, with the parser's
 * defaults, is in action-yml.inputs.test.ts, for the three actions.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parse } from 'yaml'
import { parseAnalyticsSettings } from '../src/analytics/settings.js'

const PROJECT_ROOT = resolve(import.meta.dirname, '..')

interface ActionYml {
  inputs: Record<string, { required?: boolean; default?: string }>
  outputs: Record<string, unknown>
  runs: { using: string; main: string }
}

const action = parse(
  readFileSync(join(PROJECT_ROOT, 'analytics', 'action.yml'), 'utf8')
) as ActionYml

describe('analytics/action.yml', () => {
  it('declares the documented outputs and runs the analytics bundle on Node 24', () => {
    expect(Object.keys(action.outputs).sort()).toEqual([
      'ai',
      'change',
      'file',
      'human',
      'impact-pages',
      'impact-pulls',
      'pages',
      'previous-total',
      'prompt',
      'rows',
      'total'
    ])
    expect(action.runs).toEqual({ using: 'node24', main: '../dist/analytics/index.js' })
  })

  it('has defaults that parse into the documented defaults', () => {
    const settings = parseAnalyticsSettings(
      name => action.inputs[name]?.default ?? (name === 'api-key' ? 'mint_x' : 'p'),
      new Date()
    )
    expect(settings).toMatchObject({
      service: { apiUrl: 'https://api.mintlify.com' },
      pageSize: 250,
      outputFile: 'page-views.json',
      format: 'json',
      summaryRows: 10,
      dataset: 'views',
      previous: undefined,
      chart: true,
      impact: undefined
    })
    expect(action.inputs.impact.default).toBe('false')
    expect(action.inputs['docs-repository'].default).toBe('')
    expect(action.inputs['docs-root'].default).toBe('')
    expect(action.inputs['page-size'].default).toBe('')
    expect(action.inputs['output-file'].default).toBe('')
    expect(action.inputs['api-key'].required).toBe(true)
    expect(action.inputs['project-id'].required).toBe(true)
  })
})
