/**
 * analytics/action.yml is the public contract: its outputs, its runtime, and defaults that parse into
 * the documented settings. That it declares exactly the inputs the parser reads, with the parser's
 * defaults, is in action-yml.inputs.test.ts, for the three actions.
 */
import { describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse, stringify } from 'yaml'
import { parseAnalyticsSettings } from '../src/analytics/settings.js'
import { PROJECT_ROOT } from '../fakes/action-env.js'
import { readActionYaml } from '../scripts/action-docs.js'
import { datasetFacts, DATASETS } from '../src/analytics/dataset-list.js'
import { prefixedOutputs } from '../src/analytics/step/outputs.js'

interface ActionYml {
  inputs: Record<string, { required?: boolean; default?: string }>
  outputs: Record<string, unknown>
  runs: { using: string; main: string }
}

const action = parse(
  readFileSync(join(PROJECT_ROOT, 'analytics', 'action.yml'), 'utf8')
) as ActionYml

/**
 * The outputs a dataset sets (its facts' `outputs`, the only ones its descriptor sets) that `root`'s
 * analytics/action.yml does not declare.
 */
function undeclaredDatasetOutputs(root: string): string[] {
  const declared = readActionYaml(root, 'analytics/action.yml').outputs ?? {}
  return DATASETS.flatMap(dataset =>
    datasetFacts(dataset)
      .outputs.filter(name => !(name in declared))
      .map(name => `${name} (${dataset})`)
  )
}

describe('analytics/action.yml', () => {
  it('declares the documented outputs and runs the analytics bundle on Node 24', () => {
    const several = ['files', 'requests', 'left-out', ...DATASETS.flatMap(prefixedOutputs)]
    expect(Object.keys(action.outputs).sort()).toEqual(
      [
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
        'total',
        ...several
      ].sort()
    )
    expect(action.runs).toEqual({ using: 'node24', main: '../dist/analytics/index.js' })
  })

  it("declares every output a dataset's descriptor sets", () => {
    expect(undeclaredDatasetOutputs(PROJECT_ROOT)).toEqual([])
    // Without `prompt` declared, the three datasets that set it are named.
    const root = mkdtempSync(join(tmpdir(), 'analytics-action-yml-'))
    const { prompt, ...outputs } = action.outputs
    expect(prompt).toBeDefined()
    mkdirSync(join(root, 'analytics'))
    writeFileSync(join(root, 'analytics', 'action.yml'), stringify({ ...action, outputs }))
    expect(undeclaredDatasetOutputs(root)).toEqual([
      'prompt (searches)',
      'prompt (feedback)',
      'prompt (assistant)'
    ])
    rmSync(root, { recursive: true })
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
      datasets: ['views'],
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
