/**
 * What a run does, decided from the settings and the event alone (pure): a production deployment or
 * a preview of which branch, where it is reported, or why nothing is done at all.
 */
import { InputError } from '../shared/inputs.js'
import { payloadDefaultBranch, type RunnerContext } from '../shared/runner-context.js'
import type { DeployMode } from '../job/deploy-report.js'
import type { DeploySettings } from './settings.js'

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

/**
 * The event as the plan reads it: a pull request (its head branch, whether it comes from a fork), a
 * push to a branch (the branch, whether it is the repository's default one), or anything else.
 */
type EventFacts =
  | { kind: 'pull-request'; number?: number; action?: string; headRef?: string; fromFork: boolean }
  | { kind: 'push'; branch: string; toDefault: boolean; deleted: boolean }
  | { kind: 'tag-push'; tag: string }
  | { kind: 'other' }

function pullRequestOf(context: RunnerContext): EventFacts {
  const { payload } = context
  const pr = (payload.pull_request ?? {}) as {
    number?: unknown
    head?: { ref?: unknown; repo?: { full_name?: unknown } | null }
    base?: { repo?: { full_name?: unknown } | null }
  }
  const headRepo = pr.head?.repo?.full_name
  const baseRepo = pr.base?.repo?.full_name ?? `${context.owner}/${context.repo}`
  return {
    kind: 'pull-request',
    number: typeof pr.number === 'number' ? pr.number : undefined,
    action: typeof payload.action === 'string' ? payload.action : undefined,
    headRef: typeof pr.head?.ref === 'string' ? pr.head.ref : undefined,
    // A head repository that is gone (a deleted fork) is a fork too.
    fromFork:
      typeof headRepo !== 'string' || headRepo.toLowerCase() !== String(baseRepo).toLowerCase()
  }
}

function eventOf(context: RunnerContext): EventFacts {
  if (PULL_REQUEST_EVENTS.includes(context.eventName)) return pullRequestOf(context)
  const ref = context.payload.ref
  if (context.eventName !== 'push' || typeof ref !== 'string') return { kind: 'other' }
  // A tag push is no push to a branch: `auto` finds nothing to deploy in it.
  if (ref.startsWith('refs/tags/')) return { kind: 'tag-push', tag: ref.slice('refs/tags/'.length) }
  if (!ref.startsWith('refs/heads/')) return { kind: 'other' }
  const branch = ref.slice('refs/heads/'.length)
  const defaultBranch = payloadDefaultBranch(context)
  return {
    kind: 'push',
    branch,
    // A payload that does not name the default branch: production, as before this rule.
    toDefault: defaultBranch === undefined || branch === defaultBranch,
    deleted: context.payload.deleted === true
  }
}

/** `auto` on a push that changes no branch to build: a tag, or the default branch deleted. */
function autoSkips(settings: DeploySettings, event: EventFacts): string | undefined {
  if (settings.deployment !== 'auto') return undefined
  if (event.kind === 'tag-push')
    return `a tag push (${event.tag}) changes no branch: nothing to deploy (set \`deployment: production\` to deploy on tags)`
  if (event.kind === 'push' && event.toDefault && event.deleted)
    return `the branch ${event.branch} was deleted: nothing to deploy`
  return undefined
}

/** `auto`: a preview on a pull request and on a push to a branch other than the default one. */
function modeOf(settings: DeploySettings, event: EventFacts): DeployMode {
  if (settings.deployment !== 'auto') return settings.deployment
  if (event.kind === 'pull-request') return 'preview'
  return event.kind === 'push' && !event.toDefault ? 'preview' : 'production'
}

export function planDeployment(settings: DeploySettings, context: RunnerContext): DeployPlan {
  const event = eventOf(context)
  const pr = event.kind === 'pull-request' ? event : undefined
  const thread = pr?.number ?? settings.issueNumber
  const mode = modeOf(settings, event)
  if (pr?.action === 'closed') {
    return { kind: 'skip', reason: 'the pull request was closed: nothing to deploy' }
  }
  const skipped = autoSkips(settings, event)
  if (skipped) return { kind: 'skip', reason: skipped }
  if (mode === 'production') return { kind: 'deploy', mode, thread }
  if (pr && !settings.branch && pr.fromFork) {
    return {
      kind: 'skip',
      reason:
        'the pull request comes from a fork: the service builds branches of the connected repository only (set `branch` to preview one of its branches)'
    }
  }
  const push = event.kind === 'push' ? event : undefined
  if (push?.deleted && !settings.branch) {
    return { kind: 'skip', reason: `the branch ${push.branch} was deleted: nothing to preview` }
  }
  const branch = settings.branch || pr?.headRef || push?.branch || ''
  if (!branch) {
    throw new InputError(
      'branch',
      'is required for a preview outside a pull-request event or a branch push: the branch of the connected repository to preview'
    )
  }
  return { kind: 'deploy', mode, branch, thread }
}
