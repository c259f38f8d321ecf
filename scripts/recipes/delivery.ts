/**
 * GitHub's delivery rules, for the events a recipe is run on: whether the workflow's `on:` takes the
 * event (activity types, branch and workflow filters), that what the workflow token does (a
 * comment, a label, a PR, a release) starts no workflow but a dispatch, and how two events of one
 * concurrency group run: `queue: max` in order, `single` (the default) a newer pending run replacing
 * the older, `cancel-in-progress` a newer run cancelling the one in progress.
 */
import picomatch from 'picomatch'
import type { EventSpec } from './jobs.js'
import type { Workflow } from './workflow.js'

/** GitHub's activity types when `types` is not given (the events whose default is not "all"). */
const DEFAULT_TYPES: Record<string, string[]> = {
  pull_request: ['opened', 'synchronize', 'reopened'],
  pull_request_target: ['opened', 'synchronize', 'reopened']
}

type Filters = {
  types?: string[]
  branches?: string[]
  'branches-ignore'?: string[]
  workflows?: string[]
}

const get = (value: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], value)

/** Why the event starts no run of this workflow; undefined when it does. */
export function notDelivered(workflow: Workflow, event: EventSpec): string | undefined {
  const on = workflow.template.events as Record<string, Filters | undefined>
  if (!(event.eventName in on)) return `the workflow is not on ${event.eventName}`
  const sender = String(get(event.payload, 'sender', 'login'))
  if (
    sender === 'github-actions[bot]' &&
    !['workflow_dispatch', 'repository_dispatch'].includes(event.eventName)
  ) {
    return 'made with the workflow token (GITHUB_TOKEN): starts no workflow'
  }
  if (event.eventName === 'schedule') {
    const crons = (workflow.template.events.schedule ?? []).map(s => s.cron)
    const cron = String(get(event.payload, 'schedule'))
    if (!crons.includes(cron)) return `no schedule '${cron}' in the workflow`
  }
  const filters = on[event.eventName] ?? {}
  const action = get(event.payload, 'action')
  const types = filters.types ?? DEFAULT_TYPES[event.eventName]
  if (types && typeof action === 'string' && !types.includes(action))
    return `activity ${action} is not in types`
  const branch =
    event.eventName === 'push'
      ? String(get(event.payload, 'ref')).replace(/^refs\/heads\//, '')
      : event.eventName === 'workflow_run'
        ? String(get(event.payload, 'workflow_run', 'head_branch'))
        : String(get(event.payload, 'pull_request', 'base', 'ref'))
  if (filters.branches && !filters.branches.some(glob => picomatch(glob)(branch))) {
    return `branch ${branch} is not in branches`
  }
  if (filters['branches-ignore']?.some(glob => picomatch(glob)(branch))) {
    return `branch ${branch} is in branches-ignore`
  }
  const workflowName = String(get(event.payload, 'workflow_run', 'name'))
  if (filters.workflows && !filters.workflows.includes(workflowName)) {
    return `workflow ${workflowName} is not in workflows`
  }
  return undefined
}

export interface Concurrency {
  group: string
  queue: 'single' | 'max'
  cancelInProgress: boolean
}

/**
 * What happens to runs of one group that arrive while the first is in progress, in order of arrival:
 * `run` (in this order), `replaced` (a newer pending run took its place) or `cancelled`.
 */
export function queueOutcome(
  concurrency: Concurrency,
  count: number
): ('run' | 'replaced' | 'cancelled')[] {
  if (concurrency.cancelInProgress) {
    return Array.from({ length: count }, (_, i) => (i === count - 1 ? 'run' : 'cancelled'))
  }
  if (concurrency.queue === 'max') return Array.from({ length: count }, () => 'run')
  return Array.from({ length: count }, (_, i) => (i === 0 || i === count - 1 ? 'run' : 'replaced'))
}
