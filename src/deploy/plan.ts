/**
 * What a run does, decided from the settings and the event alone (pure): a production deployment or
 * a preview of which branch, where it is reported, or why nothing is done at all.
 */
import { InputError } from '../shared/inputs.js'
import type { RunnerContext } from '../shared/runner-context.js'
import type { DeploySettings } from './settings.js'

export type DeployMode = 'production' | 'preview'

export type DeployPlan =
  | { kind: 'skip'; reason: string }
  | {
      kind: 'deploy'
      mode: DeployMode
      /** The branch previewed; undefined for production (the project's deployment branch). */
      branch?: string
      /** The issue or pull request the report goes to. */
      thread?: number
    }

const PULL_REQUEST_EVENTS = ['pull_request', 'pull_request_target']

interface PullRequestFacts {
  number?: number
  action?: string
  headRef?: string
  fromFork: boolean
}

function pullRequestOf(context: RunnerContext): PullRequestFacts | undefined {
  if (!PULL_REQUEST_EVENTS.includes(context.eventName)) return undefined
  const { payload } = context
  const pr = (payload.pull_request ?? {}) as {
    number?: unknown
    head?: { ref?: unknown; repo?: { full_name?: unknown } | null }
    base?: { repo?: { full_name?: unknown } | null }
  }
  const headRepo = pr.head?.repo?.full_name
  const baseRepo = pr.base?.repo?.full_name ?? `${context.owner}/${context.repo}`
  return {
    number: typeof pr.number === 'number' ? pr.number : undefined,
    action: typeof payload.action === 'string' ? payload.action : undefined,
    headRef: typeof pr.head?.ref === 'string' ? pr.head.ref : undefined,
    // A head repository that is gone (a deleted fork) is a fork too.
    fromFork:
      typeof headRepo !== 'string' || headRepo.toLowerCase() !== String(baseRepo).toLowerCase()
  }
}

export function planDeployment(settings: DeploySettings, context: RunnerContext): DeployPlan {
  const pr = pullRequestOf(context)
  const thread = pr?.number ?? settings.issueNumber
  const mode: DeployMode =
    settings.deployment === 'auto' ? (pr ? 'preview' : 'production') : settings.deployment
  if (pr?.action === 'closed') {
    return { kind: 'skip', reason: 'the pull request was closed: nothing to deploy' }
  }
  if (mode === 'production') return { kind: 'deploy', mode, thread }
  if (pr && !settings.branch && pr.fromFork) {
    return {
      kind: 'skip',
      reason:
        'the pull request comes from a fork: the service builds branches of the connected repository only (set `branch` to preview one of its branches)'
    }
  }
  const branch = settings.branch || pr?.headRef || ''
  if (!branch) {
    throw new InputError(
      'branch',
      'is required for a preview outside a pull-request event: the branch of the connected repository to preview'
    )
  }
  return { kind: 'deploy', mode, branch, thread }
}
