/**
 * The label trigger: adding `label-trigger` to an open issue or pull request asks the agent, for the
 * labeler. One labeling is one request: its key joins the number, the label's id and the thread's
 * `updated_at`, so a second delivery finds the first one's comment. Pure.
 */
import type { RunnerContext } from '../shared/runner-context.js'
import {
  changeRequest,
  DEFAULT_OPEN_PULL_INSTRUCTION,
  pullOf,
  pullThread
} from './follow-code/event.js'
import { botIgnored, issueRequest, type PayloadIssue } from './trigger.js'
import { record, text } from './payload.js'
import {
  requesterOf,
  type AgentRequest,
  type LabelRequest,
  type TriggerDecision
} from './request.js'
import type { AgentSettings } from './settings.js'
import type { TriggerLabel } from '../job/label-removal.js'

const PULL_EVENTS = ['pull_request', 'pull_request_target']
const LABEL_ACTIONS = ['labeled', 'unlabeled']

function ignore(reason: string): TriggerDecision {
  return { kind: 'ignore', reason }
}

/** A hand-made payload without an id is named by the label, so every delivery gives one key. */
function labelId(id: unknown, name: string): string {
  return typeof id === 'number' && Number.isInteger(id) ? String(id) : name.toLowerCase()
}

/** A label added to or removed from an issue or a pull request. */
export function isLabelEvent(eventName: string, action: string): boolean {
  return (
    LABEL_ACTIONS.includes(action) && (eventName === 'issues' || PULL_EVENTS.includes(eventName))
  )
}

/** Undefined when the label trigger is off and the workflow gives its own `prompt` or `job-id`. */
export function labelDecision(
  context: RunnerContext,
  settings: Pick<AgentSettings, 'labelTrigger' | 'prompt' | 'jobId' | 'allowedBots'>
): TriggerDecision | undefined {
  const { eventName, payload } = context
  const action = text(payload.action)
  const trigger = settings.labelTrigger
  if (trigger === undefined) {
    if (settings.prompt !== undefined || settings.jobId !== undefined) return undefined
    const change = action === 'labeled' ? 'added' : 'removed'
    return ignore(`a label was ${change}, and label-trigger is empty (no label asks the agent)`)
  }
  if (action !== 'labeled') return ignore(`a label was removed; only adding "${trigger}" asks`)
  const label = record(payload.label)
  const name = text(label.name)
  if (name.toLowerCase() !== trigger.toLowerCase()) {
    return ignore(`the label "${name}" is not the label-trigger "${trigger}"`)
  }
  const isIssue = eventName === 'issues'
  const raw = record(isIssue ? payload.issue : payload.pull_request)
  const number = Number(raw.number)
  if (!Number.isInteger(number) || number <= 0) {
    return { kind: 'error', message: `The ${eventName} event has no issue or pull-request number.` }
  }
  const what = `${isIssue ? 'issue' : 'pull request'} #${number}`
  if (raw.state !== 'open' || raw.merged === true) return ignore(`${what} is closed`)
  const requester = requesterOf(record(payload.sender))
  const ignoredBot = botIgnored(requester, settings)
  if (ignoredBot) return ignore(ignoredBot)
  const labeling = { name, id: labelId(label.id, name) }
  const facts = {
    origin: 'label' as const,
    label: labeling,
    requester,
    key: { kind: 'label' as const, number, labelId: labeling.id, updatedAt: text(raw.updated_at) }
  }
  if (isIssue) {
    const issue = { ...(raw as PayloadIssue), number }
    return issueRequest(context, { ...facts, issue }, settings)
  }
  const pull = pullOf(raw)
  const change = { kind: 'pull' as const, pull }
  const request = { ...facts, change, thread: pullThread(context, pull) }
  return changeRequest(settings, request, DEFAULT_OPEN_PULL_INSTRUCTION)
}

/** What the tracking comment says set the request off: `alice added the label "docs" to #12`. */
export function labelCause(request: LabelRequest): string {
  const who = request.requester?.login ?? 'Someone'
  const where = request.thread ? ` to #${request.thread.issueNumber}` : ''
  return `${who} added the label "${request.label.name}"${where}`
}

/** The label that comes off the thread when the request's job ends completed (`label-remove`). */
export function labelToRemove(
  request: AgentRequest,
  settings: Pick<AgentSettings, 'labelRemove'>
): TriggerLabel | undefined {
  if (request.origin !== 'label' || !settings.labelRemove || !request.thread) return undefined
  const { owner, repo, issueNumber, isPullRequest } = request.thread
  return { ref: { owner, repo, issueNumber }, name: request.label.name, isPullRequest }
}
