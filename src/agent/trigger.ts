/** The requests of a comment, an issue and a workflow's own prompt, from the payload. Pure. */
import type { RunnerContext } from '../shared/runner-context.js'
import { isActionComment } from '../job/markers.js'
import type { KeyOf } from './request-key.js'
import {
  isAllowedBot,
  issueThread,
  requesterOf,
  type EventRequest,
  type LabelOrigin,
  type Requester,
  type Thread,
  type TriggerComment,
  type TriggerDecision
} from './request.js'
import type { AgentSettings } from './settings.js'

export const COMMENT_EVENTS = ['issue_comment', 'pull_request_review_comment']

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

/** The text after the trigger phrase as the comment's first word (`/mintlifyx` does not match). */
function matchTrigger(body: string, phrase: string): string | undefined {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const pattern = new RegExp(`^\\s*${escaped}(?=\\s|$)`, 'i')
  const match = pattern.exec(body)
  if (!match) return undefined
  return body.slice(match[0].length).trim()
}

/** A comment that starts with the trigger phrase: its text after the phrase is the instruction. */
export function commentDecision(
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
  const request: EventRequest = {
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
    key: { kind: isReview ? 'review' : 'comment', id: comment.id }
  }
  if (!request.instruction && !settings.jobId) return { kind: 'needs-instruction', request }
  return { kind: 'run', request }
}

function reviewPlace(comment: PayloadComment, path: string): TriggerComment['review'] {
  const line = comment.line ?? comment.original_line ?? undefined
  return { path, line, diffHunk: comment.diff_hunk }
}

/** An opened issue: its title and body are the instruction. */
export function issueDecision(
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
  return issueRequest(context, { ...facts, key: { kind: 'issue', number: issue.number } }, settings)
}

/** Schedules, dispatches, pushes and pipelines: the workflow author gives the prompt. */
export function workflowDecision(
  context: RunnerContext,
  settings: AgentSettings,
  sendsPrompt: boolean
): TriggerDecision {
  if (sendsPrompt && !settings.prompt && !settings.jobId) {
    return {
      kind: 'error',
      message:
        `Input 'prompt' is required for ${context.eventName || 'this'} events: set \`prompt\` or ` +
        '`prompt-file` (only comment, issue and code-change events give one), or `job-id` to attach.'
    }
  }
  const prompt = settings.prompt ?? ''
  const { runId, job, step, runAttempt, actor } = context
  const projectId = settings.service.projectId
  const request: EventRequest = {
    origin: 'manual',
    instruction: prompt,
    instructionSource: 'workflow',
    requester: actor ? { login: actor, isBot: false } : undefined,
    thread: issueThread(context, settings),
    key: { kind: 'workflow', runId, job, step, runAttempt, projectId, prompt }
  }
  return { kind: 'run', request }
}

interface PayloadUser {
  login?: string
  type?: string
}

export interface PayloadIssue {
  number?: number
  title?: string
  body?: string | null
  html_url?: string
  user?: PayloadUser
  pull_request?: unknown
}

/** Why a bot's request is ignored, or undefined when it is a person or an allowed bot. */
export function botIgnored(
  requester: Requester | undefined,
  settings: Pick<AgentSettings, 'allowedBots'>
): string | undefined {
  if (!requester?.isBot) return undefined
  if (isAllowedBot(requester.login, settings.allowedBots)) return undefined
  return `${requester.login} is a bot that is not listed in allowed-bots`
}

function threadOf(
  { owner, repo }: Pick<RunnerContext, 'owner' | 'repo'>,
  { issue, number, isPullRequest }: { issue: PayloadIssue; number: number; isPullRequest: boolean }
): Thread {
  const shown = { title: issue.title, body: issue.body ?? '', htmlUrl: issue.html_url }
  return { owner, repo, issueNumber: number, isPullRequest, ...shown, author: issue.user?.login }
}

/** An opened issue's facts, or a labelled one's (with the label). */
type IssueFacts = {
  issue: PayloadIssue & { number: number }
  requester?: Requester
  key: KeyOf
} & ({ origin: 'issue' } | LabelOrigin)

/** The issue's request: `prompt` / `prompt-file`, else its title and body. */
export function issueRequest(
  context: Pick<RunnerContext, 'owner' | 'repo'>,
  { issue, ...facts }: IssueFacts,
  settings: Pick<AgentSettings, 'prompt'>
): TriggerDecision {
  const fromIssue = [issue.title ?? '', issue.body ?? ''].filter(Boolean).join('\n\n').trim()
  const request: EventRequest = {
    ...facts,
    instruction: settings.prompt ?? fromIssue,
    instructionSource: settings.prompt === undefined ? 'event' : 'workflow',
    thread: threadOf(context, { issue, number: issue.number, isPullRequest: false })
  }
  return { kind: 'run', request }
}
