/**
 * Docs follow code, read from the event alone. Pure. What the event settles (an unmerged close, a tag
 * push, a bot, `skip-label`) is decided here, before any call; the rest need GitHub (prepare.ts).
 */
import { payloadDefaultBranch, type RunnerContext } from '../../shared/runner-context.js'
import { botAuthorIgnored, labelIgnored } from './guards.js'
import type { AgentSettings } from '../settings.js'
import { record, text, type Json } from '../payload.js'
import type { ChangedPull, ChangedPush, ChangedRelease, CodeChange } from './change.js'
import type { KeyOf } from '../request-key.js'
import {
  issueThread,
  requesterOf,
  type EventRequest,
  type RequestFields,
  type LabelOrigin,
  type Requester,
  type Thread,
  type TriggerDecision
} from '../request.js'

export const CODE_CHANGE_EVENTS = ['pull_request', 'pull_request_target', 'push', 'release']

export const DEFAULT_CHANGE_INSTRUCTION =
  'Update the documentation for the code change described below: document what it adds or ' +
  'changes for the people who use it, and correct pages it makes wrong. Follow the existing ' +
  'structure and style of the docs. If no documentation needs to change, change nothing.'

/** The instruction of a labelled pull request (in review) when the workflow gives no `prompt`. */
export const DEFAULT_OPEN_PULL_INSTRUCTION =
  'Update the documentation for the change in the pull request described below, which is not ' +
  'merged yet: document what it adds or changes for the people who use it, and correct pages it ' +
  'makes wrong. Follow the existing structure and style of the docs. If no documentation needs ' +
  'to change, change nothing.'

const ZERO_SHA = /^0+$/

function login(user: unknown): string {
  return text(record(user).login)
}

function isBot(user: unknown): boolean {
  return requesterOf(record(user))?.isBot ?? false
}

/**
 * The decision for a code-change event; undefined for the other actions of those events (a pull
 * request opened, a release edited), which stay workflow runs with their own `prompt`.
 */
export function codeChangeDecision(
  context: RunnerContext,
  settings: AgentSettings
): TriggerDecision | undefined {
  const { eventName, payload } = context
  const action = text(payload.action)
  if (eventName === 'push') return pushDecision(context, settings)
  if (eventName === 'release') {
    return action === 'published' ? releaseDecision(context, settings) : undefined
  }
  if (action !== 'closed') return undefined
  const raw = record(payload.pull_request)
  if (raw.merged !== true)
    return { kind: 'ignore', reason: 'the pull request was closed without being merged' }
  const pull = pullOf(raw)
  const ignored = labelIgnored(pull, settings) ?? botAuthorIgnored(pull, settings)
  if (ignored) return { kind: 'ignore', reason: ignored }
  return changeRequest(settings, {
    origin: 'code-change',
    change: { kind: 'pull', pull },
    requester: pull.mergedBy ? { login: pull.mergedBy, isBot: false } : undefined,
    thread: pullThread(context, pull),
    key: pullKey(pull)
  })
}

export function pullOf(raw: Json): ChangedPull {
  return {
    number: Number(raw.number),
    title: text(raw.title),
    body: text(raw.body),
    htmlUrl: text(raw.html_url),
    author: login(raw.user),
    authorIsBot: isBot(raw.user),
    labels: (Array.isArray(raw.labels) ? raw.labels : []).map(label => text(record(label).name)),
    baseRef: text(record(raw.base).ref),
    headRef: text(record(raw.head).ref),
    mergeSha: text(raw.merge_commit_sha) || undefined,
    mergedBy: login(raw.merged_by) || undefined,
    changedFiles: typeof raw.changed_files === 'number' ? raw.changed_files : undefined,
    commits: typeof raw.commits === 'number' ? raw.commits : undefined,
    open: raw.state === 'open' && raw.merged !== true
  }
}

/** What names a merged pull request's request (a push of its merge commit shares it). */
export function pullKey({ number, mergeSha }: ChangedPull): KeyOf {
  return { kind: 'pull', number, mergeSha }
}

export function pullThread(
  { owner, repo }: Pick<RunnerContext, 'owner' | 'repo'>,
  { number, title, body, htmlUrl, author }: ChangedPull
): Thread {
  return { owner, repo, issueNumber: number, isPullRequest: true, title, body, htmlUrl, author }
}

function pushDecision(context: RunnerContext, settings: AgentSettings): TriggerDecision {
  const { payload } = context
  const ref = text(payload.ref)
  const ignore = (reason: string): TriggerDecision => ({ kind: 'ignore', reason })
  if (payload.deleted === true) return ignore(`the push deleted ${ref}`)
  if (!ref.startsWith('refs/heads/')) {
    return ignore(`${ref || 'the push'} is not a branch push (tags are skipped)`)
  }
  const sender: Requester = { login: login(payload.sender), isBot: isBot(payload.sender) }
  const pusher = { author: sender.login, authorIsBot: sender.isBot, what: 'push' as const }
  const ignoredBot = botAuthorIgnored(pusher, settings)
  if (ignoredBot) return ignore(ignoredBot)
  const before = text(payload.before)
  const after = text(payload.after)
  const push: ChangedPush = {
    branch: ref.slice('refs/heads/'.length),
    before,
    after,
    created: payload.created === true || ZERO_SHA.test(before),
    defaultBranch: payloadDefaultBranch(context) ?? 'main',
    pusher: sender.login
  }
  return changeRequest(settings, {
    origin: 'code-change',
    change: { kind: 'push', push },
    requester: sender,
    thread: issueThread(context, settings),
    key: { kind: 'push', after }
  })
}

function releaseDecision(context: RunnerContext, settings: AgentSettings): TriggerDecision {
  const raw = record(context.payload.release)
  const publishedAt = Date.parse(text(raw.published_at))
  const release: ChangedRelease = {
    id: Number(raw.id),
    tag: text(raw.tag_name),
    name: text(raw.name),
    body: text(raw.body),
    htmlUrl: text(raw.html_url),
    prerelease: raw.prerelease === true,
    publishedAt: Number.isNaN(publishedAt) ? undefined : publishedAt,
    publisher: login(context.payload.sender) || login(raw.author)
  }
  return changeRequest(settings, {
    origin: 'code-change',
    change: { kind: 'release', release },
    requester: { login: release.publisher, isBot: isBot(context.payload.sender) },
    thread: issueThread(context, settings),
    key: { kind: 'release', id: release.id }
  })
}

export function changeRequest(
  settings: Pick<AgentSettings, 'prompt'>,
  facts: Pick<RequestFields, 'change' | 'requester' | 'thread'> & { key: KeyOf } & (
      { origin: 'code-change' } | LabelOrigin
    ),
  defaultInstruction = DEFAULT_CHANGE_INSTRUCTION
): TriggerDecision {
  const request: EventRequest = {
    instruction: settings.prompt ?? defaultInstruction,
    instructionSource: settings.prompt === undefined ? 'default' : 'workflow',
    ...facts
  }
  return { kind: 'run', request }
}

/** Who set the change off, as the tracking comment says it: GitHub only lets writers do these. */
export function causeOf(change: CodeChange): string {
  if (change.kind === 'pull') {
    const { number, mergedBy, baseRef } = change.pull
    return `#${number} was merged into ${baseRef}${mergedBy ? ` by ${mergedBy}` : ''}`
  }
  if (change.kind === 'push') {
    const { branch, pusher, after } = change.push
    return `${pusher || 'Someone'} pushed ${after.slice(0, 7)} to ${branch}`
  }
  const { tag, publisher } = change.release
  return `${publisher || 'Someone'} published release ${tag}`
}
