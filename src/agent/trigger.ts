/**
 * From the event to a request: what to do, for whom, where to answer. Pure: it reads the payload
 * and the settings and decides; nothing is called here.
 */
import type { RunnerContext } from '../shared/runner-context.js'
import { CODE_CHANGE_EVENTS, codeChangeDecision } from './follow-code/event.js'
import { isActionComment } from '../job/markers.js'
import {
  issueThread,
  requesterOf,
  type AgentRequest,
  type TriggerComment,
  type TriggerDecision
} from './request.js'
import {
  botIgnored,
  issueRequest,
  threadOf,
  type PayloadIssue,
  type PayloadUser
} from './issue-request.js'
import { isLabelEvent, labelDecision } from './label-trigger.js'
import { legacyWorkflowRequestKey, workflowRequestKey } from './request-key.js'
import { automationEventError } from './automation-input.js'
import type { AgentSettings } from './settings.js'

const COMMENT_EVENTS = ['issue_comment', 'pull_request_review_comment']

interface PayloadComment {
  id?: number
  body?: string | null
  html_url?: string
  user?: PayloadUser
  path?: string
  line?: number | null
  original_line?: number | null
  diff_hunk?: string
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * The text after the trigger phrase when the comment starts with it (after leading white space) as
 * a whole word; undefined when it does not. `/mintlifyx` and mid-text mentions do not match.
 */
function matchTrigger(body: string, phrase: string): string | undefined {
  const pattern = new RegExp(`^\\s*${escapeRegExp(phrase)}(?=\\s|$)`, 'i')
  const match = pattern.exec(body)
  if (!match) return undefined
  return body.slice(match[0].length).trim()
}

export function decideTrigger(context: RunnerContext, settings: AgentSettings): TriggerDecision {
  const { eventName, payload } = context
  const action = typeof payload.action === 'string' ? payload.action : ''
  if (settings.automation) {
    const message = automationEventError(eventName, isLabelEvent(eventName, action))
    if (message) return { kind: 'error', message }
  }
  if (COMMENT_EVENTS.includes(eventName)) return commentDecision(context, action, settings)
  // Label trigger off and a workflow prompt given: a labelled issue or pull request runs the prompt.
  if (isLabelEvent(eventName, action)) {
    return labelDecision(context, settings) ?? workflowDecision(context, settings)
  }
  if (eventName === 'issues') return issueDecision(context, action, settings)
  if (CODE_CHANGE_EVENTS.includes(eventName)) {
    const codeChange = codeChangeDecision(context, settings)
    if (codeChange) return codeChange
  }
  return workflowDecision(context, settings)
}

/** A comment that starts with the trigger phrase: its text after the phrase is the instruction. */
function commentDecision(
  context: RunnerContext,
  action: string,
  settings: AgentSettings
): TriggerDecision {
  const { eventName, payload } = context
  if (action !== 'created')
    return { kind: 'ignore', reason: `comment ${action || 'event'} is not a new comment` }
  const comment = (payload.comment ?? {}) as PayloadComment
  const body = comment.body ?? ''
  if (isActionComment(body)) return { kind: 'ignore', reason: 'the comment is this action’s own' }
  const rest = matchTrigger(body, settings.triggerPhrase)
  if (rest === undefined) {
    return { kind: 'ignore', reason: `the comment does not start with ${settings.triggerPhrase}` }
  }
  const requester = requesterOf(comment.user)
  const ignoredBot = botIgnored(requester, settings)
  if (ignoredBot) return { kind: 'ignore', reason: ignoredBot }

  const isReview = eventName === 'pull_request_review_comment'
  const issue = (isReview ? payload.pull_request : payload.issue) as PayloadIssue | undefined
  if (!issue?.number || typeof comment.id !== 'number') {
    return { kind: 'error', message: `The ${eventName} event has no issue or comment to answer.` }
  }
  const request: AgentRequest = {
    origin: isReview ? 'review-comment' : 'comment',
    instruction: settings.prompt ?? rest,
    instructionSource: settings.prompt === undefined ? 'event' : 'workflow',
    requester,
    thread: threadOf(context, {
      issue,
      number: issue.number,
      isPullRequest: isReview || issue.pull_request !== undefined
    }),
    comment: {
      id: comment.id,
      kind: isReview ? 'review_comment' : 'issue_comment',
      htmlUrl: comment.html_url,
      body,
      review: isReview && comment.path ? reviewPlace(comment, comment.path) : undefined
    },
    requestKey: `${isReview ? 'review' : 'comment'}-${comment.id}`
  }
  if (!request.instruction && !settings.jobId) return { kind: 'needs-instruction', request }
  return { kind: 'run', request }
}

function reviewPlace(comment: PayloadComment, path: string): TriggerComment['review'] {
  const line = comment.line ?? comment.original_line ?? undefined
  return { path, line, diffHunk: comment.diff_hunk }
}

/** An opened issue: its title and body are the instruction. */
function issueDecision(
  context: RunnerContext,
  action: string,
  settings: AgentSettings
): TriggerDecision {
  const { payload } = context
  if (action !== 'opened')
    return { kind: 'ignore', reason: `issue ${action || 'event'} is not an opened issue` }
  const issue = (payload.issue ?? {}) as PayloadIssue
  if (!issue.number) return { kind: 'error', message: 'The issues event has no issue number.' }
  const requester = requesterOf(issue.user ?? (payload.sender as PayloadUser | undefined))
  const ignoredBot = botIgnored(requester, settings)
  if (ignoredBot) return { kind: 'ignore', reason: ignoredBot }
  const facts = { origin: 'issue' as const, issue: { ...issue, number: issue.number }, requester }
  return issueRequest(context, { ...facts, requestKey: `issue-${issue.number}` }, settings)
}

/** Schedules, dispatches, pushes and pipelines: the workflow author gives the prompt. */
function workflowDecision(context: RunnerContext, settings: AgentSettings): TriggerDecision {
  if (!settings.prompt && !settings.jobId && !settings.automation) {
    return {
      kind: 'error',
      message:
        `Input 'prompt' is required for ${context.eventName || 'this'} events: set \`prompt\` or ` +
        '`prompt-file` (only comment, issue and code-change events give one), or `job-id` to attach.'
    }
  }
  return {
    kind: 'run',
    request: {
      origin: 'manual',
      instruction: settings.prompt ?? '',
      instructionSource: 'workflow',
      requester: context.actor ? { login: context.actor, isBot: false } : undefined,
      thread: issueThread(context, settings),
      requestKey: workflowRequestKey({
        runId: context.runId,
        job: context.job,
        step: context.step,
        projectId: settings.service.projectId,
        prompt: settings.prompt ?? '',
        automation: settings.automation
      }),
      // Markers are only found again on a re-run: a first attempt has no earlier comment to find.
      // An automation is newer than the former key: nothing of it is recorded under that key.
      formerKey:
        context.runAttempt > 1 && !settings.automation
          ? legacyWorkflowRequestKey(context.runId)
          : undefined
    }
  }
}
