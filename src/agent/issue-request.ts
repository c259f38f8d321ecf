/**
 * The request of an issue: its title and body are the instruction, the issue is where the answer
 * goes. An opened issue and a labelled one take this one path; only who asked and the key differ.
 * Pure.
 */
import type { RunnerContext } from '../shared/runner-context.js'
import type { AgentSettings } from './settings.js'
import type { KeyOf } from './request-key.js'
import {
  isAllowedBot,
  type EventRequest,
  type LabelOrigin,
  type Requester,
  type Thread,
  type TriggerDecision
} from './request.js'

export interface PayloadUser {
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

export function threadOf(
  context: Pick<RunnerContext, 'owner' | 'repo'>,
  { issue, number, isPullRequest }: { issue: PayloadIssue; number: number; isPullRequest: boolean }
): Thread {
  return {
    owner: context.owner,
    repo: context.repo,
    issueNumber: number,
    isPullRequest,
    title: issue.title,
    body: issue.body ?? '',
    htmlUrl: issue.html_url,
    author: issue.user?.login
  }
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
