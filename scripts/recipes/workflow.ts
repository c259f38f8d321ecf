/**
 * A workflow file as GitHub reads it: parsed and validated by GitHub's own parser
 * (`@actions/workflow-parser`, which knows `concurrency.queue`) and converted to its template (the
 * events, the jobs in their `needs`, each `if:` as the expression GitHub evaluates, status function
 * included). The parts the template leaves out (`with`, `permissions`, `outputs`, `run`) are read
 * from the same YAML.
 */
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import {
  convertWorkflowTemplate,
  NoOperationTraceWriter,
  parseWorkflow,
  type WorkflowTemplate
} from '@actions/workflow-parser'
import { parse } from 'yaml'
import { checkQueue } from '../../fakes/workflow-queue.js'

export interface RawStep {
  id?: string
  name?: string
  uses?: string
  run?: string
  with?: Record<string, unknown>
  env?: Record<string, unknown>
  'continue-on-error'?: boolean
  'working-directory'?: string
}

interface RawJob {
  permissions?: unknown
  outputs?: Record<string, string>
  env?: Record<string, unknown>
  concurrency?: unknown
  steps: RawStep[]
}

interface RawWorkflow {
  name?: string
  permissions?: unknown
  env?: Record<string, unknown>
  concurrency?: unknown
  jobs: Record<string, RawJob>
}

export interface Workflow {
  file: string
  name: string
  text: string
  raw: RawWorkflow
  template: WorkflowTemplate
  /** What GitHub would refuse the file for; empty when it validates. */
  errors: string[]
}

export async function loadWorkflow(path: string): Promise<Workflow> {
  const text = readFileSync(path, 'utf8')
  const parsed = parseWorkflow({ name: path, content: text }, new NoOperationTraceWriter())
  const errors = parsed.context.errors.getErrors().map(e => e.message)
  const template = await convertWorkflowTemplate(parsed.context, parsed.value!)
  errors.push(...(template.errors ?? []).map(e => e.Message).filter(m => !errors.includes(m)))
  errors.push(...checkQueue(text).problems.map(p => `line ${p.line}: ${p.message}`))
  const raw = parse(text) as RawWorkflow
  return { file: basename(path), name: raw.name ?? basename(path), text, raw, template, errors }
}

/** Every `vars.X` and `secrets.X` the workflow reads: its prerequisites. */
export function prerequisitesOf(workflow: Workflow): { kind: 'vars' | 'secrets'; name: string }[] {
  const seen = new Map<string, { kind: 'vars' | 'secrets'; name: string }>()
  for (const [, kind, name] of workflow.text.matchAll(
    /\b(vars|secrets)\.([A-Za-z_][A-Za-z0-9_]*)/g
  )) {
    seen.set(`${kind}.${name}`, { kind: kind as 'vars' | 'secrets', name })
  }
  return [...seen.values()]
}
