/** The outputs of a step (analytics/action.yml declares them). */
import * as core from '@actions/core'
import { datasetFacts, type Dataset, type DatasetOutput } from '../dataset-list.js'
import type { ImpactRun } from '../impact/run.js'
import { leftOutLine } from './plan.js'
import { combinePrompts } from './prompt.js'
import { writtenOutcomes, type Step } from './step.js'

export function prefixedOutputs(name: Dataset): string[] {
  return ['rows', 'file', ...datasetFacts(name).outputs.filter(o => o !== 'pages')].map(
    output => `${name}-${output}`
  )
}

export function setOutputs(step: Step, impact: ImpactRun | undefined): void {
  const written = writtenOutcomes(step)
  const one = step.names.length === 1
  if (!one) {
    core.setOutput('files', written.flatMap(o => [o.path, ...o.exported.files]).join('\n'))
    core.setOutput('requests', String(step.budget.used))
    core.setOutput('left-out', step.leftOut.map(leftOutLine).join('\n'))
    const parts = written.map(o => {
      const values = new Map<DatasetOutput, string>(o.exported.outputs())
      return { what: datasetFacts(o.name).label, prompt: values.get('prompt') ?? '' }
    })
    core.setOutput('prompt', combinePrompts(parts))
  }
  for (const { name, path, exported } of written) {
    const prefix = one ? '' : `${name}-`
    core.setOutput(`${prefix}rows`, String(exported.rows))
    core.setOutput(`${prefix}file`, path)
    for (const [output, value] of exported.outputs()) {
      if (one || output !== 'pages') core.setOutput(`${prefix}${output}`, value)
    }
  }
  if (!impact) return
  if (one || !impact.tap || step.outcomes.some(o => o.impact)) impact.setOutputs()
  else {
    core.setOutput('impact-pulls', '')
    core.setOutput('impact-pages', '')
  }
}
