/**
 * A digest from the tracking issue to a request ready to send. Nothing is written before this has
 * decided, so a digest with nothing to include leaves no trace.
 */
import type { IssueComment } from '../../github/comments.js'
import type { GitHubAccess } from '../../github/identity.js'
import { listMergedPulls } from '../../github/merged-pulls.js'
import type { Octokit } from '../../github/octokit.js'
import { getPullRequest } from '../../github/pulls.js'
import type { RepoRef } from '../../github/refs.js'
import { getDefaultBranch } from '../../github/repository.js'
import type { DigestFields } from '../../job/digest-marker.js'
import { parsePullRequestLink } from '../../job/pull-request-link.js'
import { getErrorMessage } from '../../shared/errors.js'
import type { Runtime } from '../../shared/runtime.js'
import { plural } from '../../shared/plural.js'
import { payloadDefaultBranch } from '../../shared/runner-context.js'
import { createMintlifyClient } from '../../mintlify/client.js'
import { Conversation } from '../conversation.js'
import { ignoreMatcher } from '../follow-code/guards.js'
import type { AgentFlow } from '../flow.js'
import type { AgentSettings } from '../settings.js'
import { issueThread, type AgentRequest, type Thread } from '../request.js'
import { keyWithTrigger } from '../request-key.js'
import { triggerIdOf, type Sends } from '../run.js'
import { notTriggeredText } from '../../job/trigger-text.js'
import { digestGuard } from './guard.js'
import { healHistory, type HealedHistory } from './heal.js'
import { readDigestHistory, type DigestHistory } from './history.js'
import { digestClaimsSince, readTrackingIssue } from './read-stop.js'
import { buildDigestPrompt, DEFAULT_DIGEST_INSTRUCTION, type DigestPull } from './prompt.js'
import type { DigestReport } from './report.js'
import { selectPulls, type Guard } from './select.js'
import type { DigestSettings } from './settings.js'
import { candidatesAfter, digestKey, formatPosition, startOf, type DigestWindow } from './window.js'

export interface ReadyDigest {
  report: DigestReport
  fields: DigestFields
  /** The previous digest's job, while its docs PR is open: this digest follows it up. */
  followJobId?: string
  /** The GitHub access the digest was read with (a digest needs one): its notes are posted with it. */
  github: GitHubAccess
}

export interface NothingToDigest {
  kind: 'nothing'
  report: DigestReport
  /** Why a digest that triggers did not: the digest before has not ended (its PRs wait). */
  reason?: string
}

export interface DigestRequest {
  kind: 'ready'
  request: AgentRequest
  /** The digest's prompt, or the trigger its window becomes. */
  sends: Sends
  /** The tracking issue's newest comments as read for the watermark, so they are not read twice. */
  threadComments: IssueComment[]
  conversation?: Conversation
  digest: ReadyDigest
}

export async function readyDigest(
  flow: AgentFlow,
  sends: Sends,
  { runStartedAt, requestTimeoutMs }: { runStartedAt: number; requestTimeoutMs?: number }
): Promise<DigestRequest | NothingToDigest> {
  const { settings, context, github, rt, edge } = flow
  const { digest } = settings
  const thread = issueThread(context, settings)
  if (!digest || !thread) throw new Error('readyDigest needs digest settings and issue-number')
  if (!github) throw new Error('A digest needs a github-token: it lists the merged pull requests.')
  const { octokit } = github
  const repo = { owner: context.owner, repo: context.repo }
  const runId = context.runId || undefined
  const trigger = triggerIdOf(sends)
  const reader = { runId, rerun: context.runAttempt > 1, trigger }
  const { comments, identity } = await readTrackingIssue(github, thread, reader, rt)
  const history = readDigestHistory(comments, { identity, runId, trigger })
  const client = createMintlifyClient(settings.service, { requestTimeoutMs })
  const { serverUrl } = context
  const finishing = { octokit, identity, repo, serverUrl, backLink: settings.backLink }
  const healing = { ...finishing, client, issueNumber: thread.issueNumber, edge }
  const healed = await healHistory(history, healing, rt)
  // A trigger while the digest before still runs would cover its change twice: its PRs wait.
  const running = !healed.rerun && healed.running
  const waits = trigger && running ? notTriggeredText(trigger, running) : undefined
  const ignored = ignoreMatcher(settings.ignorePaths)
  const guard = digestGuard({ octokit, repo, identity, settings, thread: comments, ignored }, rt)
  const branch =
    digest.branch ?? payloadDefaultBranch(context) ?? (await getDefaultBranch(octokit, repo, rt))
  const listing = { repo, branch, digest, runStartedAt, guard, max: waits ? 0 : digest.maxPulls }
  const report = await selectMerged(octokit, listing, healed, rt)
  if (healed.unreported) report.unreported = healed.unreported
  const nothing = nothingToSend(report, waits, rt)
  if (nothing || !report.until) return nothing ?? { kind: 'nothing', report }
  const followJobId =
    settings.followUp && !trigger ? await openDocsJob(octokit, healed, serverUrl, rt) : undefined
  if (followJobId) report.grows = healed.docsPull?.url
  rt.log.info(
    `Digest of ${plural(report.included.length, 'pull request')}` +
      (followJobId ? `, sent to job ${followJobId} (its docs PR is open).` : '.')
  )
  const window = { since: report.since, until: report.until }
  const content = { thread, healed, window, report, ignored }
  const { request, sent, fields } = digestRequest({ ...settings, digest }, sends, content)
  const since = digestClaimsSince(history, comments)
  const conversation = Conversation.open(request, flow, { since, latestJob: false })
  const ready = { report, fields, followJobId, github }
  // A claim a dead run left: this digest's tracking comment is that comment (never a second one),
  // and the thread is read without it, so its marker is no request's fate: this digest rewrites it.
  const claim = healed.takeover
  if (claim) conversation?.tracking.adopt(claim.comment)
  const threadComments = claim ? comments.filter(c => c.id !== claim.commentId) : comments
  return { kind: 'ready', request, sends: sent, threadComments, conversation, digest: ready }
}

/**
 * What the digest sends (a re-run keeps its first attempt's key; a trigger's names its id, and has
 * no prompt of its own) and what its markers record: its window and pull requests, and `notes=off`.
 * Pure.
 */
function digestRequest(
  settings: AgentSettings & { digest: DigestSettings },
  sends: Sends,
  { thread, healed, window, report, ignored }: DigestContent
): { request: AgentRequest; sent: Sends; fields: DigestFields } {
  const trigger = triggerIdOf(sends)
  const instruction = trigger ? '' : (settings.prompt ?? DEFAULT_DIGEST_INSTRUCTION)
  const key = keyWithTrigger(digestKey(window, healed.after?.commentId), trigger)
  const request: AgentRequest = {
    origin: 'digest',
    instruction,
    instructionSource: settings.prompt === undefined ? 'default' : 'workflow',
    thread,
    requestKey: healed.rerun?.life.request ?? key
  }
  const prompt = { repository: report.repository, ignored, ...settings }
  const sent: Sends =
    sends.kind === 'prompt'
      ? { kind: 'prompt', text: buildDigestPrompt(instruction, report.included, prompt) }
      : sends
  const fields = {
    since: formatPosition(window.since),
    until: formatPosition(window.until),
    pulls: report.included.map(pull => pull.number).join(','),
    notes: settings.digest.notify ? undefined : 'off'
  }
  return { request, sent, fields }
}

/** A digest that sends nothing: (a trigger) the digest before still runs, or its window is empty. */
function nothingToSend(
  report: DigestReport,
  waits: string | undefined,
  rt: Runtime
): NothingToDigest | undefined {
  if (report.until && !waits) return undefined
  const skipped = report.skipped.length
  rt.log.info(
    waits
      ? `Not triggered: ${waits}.`
      : `Nothing to digest: no pull request merged into ${report.branch} since the last digest` +
          (skipped > 0 ? ` that the guards let through (${plural(skipped, 'skipped')}).` : '.')
  )
  return { kind: 'nothing', report, reason: waits }
}

interface DigestContent {
  thread: Thread
  healed: HealedHistory
  window: DigestWindow
  report: DigestReport<DigestPull>
  ignored: (path: string) => boolean
}

/** The merged pull requests after the window's start (a re-run's own, else the watermark), guarded. */
async function selectMerged(
  octokit: Octokit,
  { repo, branch, digest, max, runStartedAt, guard }: MergedListing,
  history: DigestHistory,
  rt: Runtime
): Promise<DigestReport<DigestPull>> {
  const since = history.rerun?.since ?? history.watermark ?? startOf(digest.since.instant)
  const listing = { repo, window: { start: since.at, end: runStartedAt }, base: branch }
  const listed = await listMergedPulls(octokit, listing, rt)
  const candidates = candidatesAfter(listed, { since, until: history.rerun?.until })
  const selection = await selectPulls(candidates, { since, max, guard })
  const { included, skipped, waiting, window } = selection
  const repository = `${repo.owner}/${repo.repo}`
  return { repository, branch, since, until: window?.until, included, skipped, waiting }
}

interface MergedListing {
  repo: RepoRef
  branch: string
  digest: DigestSettings
  /** At most this many included (0: none, every candidate waits). */
  max: number
  runStartedAt: number
  guard: Guard<DigestPull>
}

/**
 * The previous digest's job when its docs PR is still open. A PR the token cannot read (a private
 * docs repository that github-token cannot see) is not: a new job, with a warning that says why.
 */
async function openDocsJob(
  octokit: Octokit,
  history: DigestHistory,
  serverUrl: string,
  rt: Runtime
): Promise<string | undefined> {
  const link = history.docsPull && parsePullRequestLink(history.docsPull.url, serverUrl)
  if (!link || !history.docsPull) return undefined
  try {
    const repo = { owner: link.owner, repo: link.repo }
    const pull = await getPullRequest(octokit, { repo, pullNumber: link.number }, rt)
    return pull.open ? history.docsPull.jobId : undefined
  } catch (error) {
    rt.signal.throwIfAborted()
    rt.log.warning(
      `The previous digest's docs PR ${history.docsPull.url} could not be read ` +
        `(${getErrorMessage(error)}), so this digest starts a new job instead of adding to it. ` +
        'To add to it, github-token needs access to the docs repository (a GitHub App token ' +
        'installed on both repositories).'
    )
    return undefined
  }
}
