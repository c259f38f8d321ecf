/**
 * A request to the agent as the event gives it: who asked, where to answer, the instruction, and the
 * key a re-run finds it by. The decision of trigger.ts and follow-code/event.ts is one of these.
 */
import { isBotUser } from '../github/identity.js'
import type { CodeChange } from './follow-code/change.js'
import type { KeyOf } from './request-key.js'

/**
 * What set the request off. `label`: a label added to an open issue or pull request
 * (`label-trigger`); the requester is who added it, and a labelled pull request carries its change.
 */
export type Origin =
  'comment' | 'review-comment' | 'issue' | 'label' | 'manual' | 'code-change' | 'digest'

export interface Requester {
  login: string
  isBot: boolean
}

export interface Thread {
  owner: string
  repo: string
  issueNumber: number
  isPullRequest: boolean
  title?: string
  body?: string
  htmlUrl?: string
  author?: string
}

export interface TriggerComment {
  id: number
  kind: 'issue_comment' | 'review_comment'
  htmlUrl?: string
  body: string
  /** For a review comment: the file and line it is on, and the diff hunk it shows. */
  review?: { path: string; line?: number; diffHunk?: string }
}

type RequestOrigin = { origin: Exclude<Origin, 'label'> } | LabelOrigin

export interface LabelOrigin {
  origin: 'label'
  label: Labeling
}

/** A request once its key is made (run.ts): what every reader of the thread and the run holds. */
export type AgentRequest = RequestFields & RequestOrigin & KeyFields

/** A request as an event decided it: what names it, before its key is made (request-key.ts). */
export type EventRequest = RequestFields & RequestOrigin & { key: KeyOf }

export type LabelRequest = Extract<AgentRequest, { origin: 'label' }>

export interface RequestFields {
  /** The user's instruction (before any context block). */
  instruction: string
  /** `prompt` / `prompt-file` (never cut), the event's text (cut), or a code change's own. */
  instructionSource: 'workflow' | 'event' | 'default'
  requester?: Requester
  /** Where the action reports; undefined when there is nowhere to comment. */
  thread?: Thread
  comment?: TriggerComment
  /** A pull request (merged, or open and labelled), a push or a release: what changed. */
  change?: CodeChange
}

interface KeyFields {
  /** Identifies this request in the tracking comment's marker, so re-runs find it again. */
  requestKey: string
  /**
   * The key an earlier version of the action gave this request (a workflow prompt's `run-<id>`): a
   * re-run whose first attempt ran that version finds its tracking comment under it.
   */
  formerKey?: string
}

interface Labeling {
  name: string
  /** The label's id (its name in lower case when the payload has none): part of the request key. */
  id: string
}

export type TriggerDecision =
  | { kind: 'run'; request: EventRequest }
  /** The trigger matched but no instruction followed it. */
  | { kind: 'needs-instruction'; request: EventRequest }
  | { kind: 'ignore'; reason: string }
  /** The event cannot give a prompt and none was set. */
  | { kind: 'error'; message: string }

/** Whether `login` is in allowed-bots; `renovate` and `renovate[bot]` name the same app. */
export function isAllowedBot(login: string, allowedBots: readonly string[]): boolean {
  const bare = (name: string): string => name.toLowerCase().replace(/\[bot\]$/, '')
  return allowedBots.some(allowed => bare(allowed) === bare(login))
}

/** Who a payload's user is; a bot by its account type or its `[bot]` login. */
export function requesterOf(
  user: { login?: string; type?: string } | undefined
): Requester | undefined {
  if (!user?.login) return undefined
  return { login: user.login, isBot: isBotUser(user) }
}

/** `issue-number`'s thread: where a workflow prompt, a push without a PR, or a release reports. */
export function issueThread(
  repository: { owner: string; repo: string },
  { issueNumber }: { issueNumber?: number }
): Thread | undefined {
  if (issueNumber === undefined) return undefined
  return { owner: repository.owner, repo: repository.repo, issueNumber, isPullRequest: false }
}
