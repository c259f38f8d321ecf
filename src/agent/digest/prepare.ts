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
}

export interface DigestRequest {
  kind: 'ready'
  request: AgentRequest
  prompt: string
  /** The tracking issue's newest comments as read for the watermark, so they are not read twice. */
  threadComments: IssueComment[]
  conversation?: Conversation
  digest: ReadyDigest
}

export async function readyDigest(
  flow: AgentFlow,
  { runStartedAt, requestTimeoutMs }: { runStartedAt: number; requestTimeoutMs?: number }
): Promise<DigestRequest | NothingToDigest> {
  const { settings, context, github, rt } = flow
  const { digest } = settings
  const thread = issueThread(context, settings)
  if (!digest || !thread) throw new Error('readyDigest needs digest settings and issue-number')
  if (!github) throw new Error('A digest needs a github-token: it lists the merged pull requests.')
  const { octokit } = github
  const repo = { owner: context.owner, repo: context.repo }
  const runId = context.runId || undefined
  const reader = { runId, rerun: context.runAttempt > 1 }
  const { comments, identity } = await readTrackingIssue(github, thread, reader, rt)
  const history = readDigestHistory(comments, { identity, runId })
  const client = createMintlifyClient(settings.service, { requestTimeoutMs })
  const { serverUrl } = context
  const finishing = { octokit, identity, repo, serverUrl, backLink: settings.backLink }
  const healing = { ...finishing, client, issueNumber: thread.issueNumber, edge: flow.edge }
  const healed = await healHistory(history, healing, rt)
  const ignored = ignoreMatcher(settings.ignorePaths)
  const guard = digestGuard({ octokit, repo, identity, settings, thread: comments, ignored }, rt)
  const branch =
    digest.branch ?? payloadDefaultBranch(context) ?? (await getDefaultBranch(octokit, repo, rt))
  const listing = { repo, branch, digest, runStartedAt, guard }
  const report = await selectMerged(octokit, listing, healed, rt)
  if (healed.unreported) report.unreported = healed.unreported
  if (!report.until) {
    const skipped = report.skipped.length
    rt.log.info(
      `Nothing to digest: no pull request merged into ${report.branch} since the last digest` +
        (skipped > 0 ? ` that the guards let through (${plural(skipped, 'skipped')}).` : '.')
    )
    return { kind: 'nothing', report }
  }
  const followJobId = settings.followUp
    ? await openDocsJob(octokit, healed, serverUrl, rt)
    : undefined
  if (followJobId) report.grows = healed.docsPull?.url
  rt.log.info(
    `Digest of ${plural(report.included.length, 'pull request')}` +
      (followJobId ? `, sent to job ${followJobId} (its docs PR is open).` : '.')
  )
  const window = { since: report.since, until: report.until }
  const content = { thread, healed, window, report, ignored }
  const { request, prompt, fields } = digestRequest({ ...settings, digest }, content)
  const since = digestClaimsSince(history, comments)
  const conversation = Conversation.open(request, flow, { since, latestJob: false })
  const ready = { report, fields, followJobId, github }
  // A claim a dead run left: this digest's tracking comment is that comment (never a second one),
  // and the thread is read without it, so its marker is no request's fate: this digest rewrites it.
  const claim = healed.takeover
  if (claim) conversation?.tracking.adopt(claim.comment)
  const threadComments = claim ? comments.filter(c => c.id !== claim.commentId) : comments
  return { kind: 'ready', request, prompt, threadComments, conversation, digest: ready }
}

/**
 * What the digest sends (a re-run keeps its first attempt's key) and what its markers record: its
 * window and pull requests, and `notes=off`. Pure.
 */
function digestRequest(
  settings: AgentSettings & { digest: DigestSettings },
  { thread, healed, window, report, ignored }: DigestContent
): { request: AgentRequest; prompt: string; fields: DigestFields } {
  const instruction = settings.prompt ?? DEFAULT_DIGEST_INSTRUCTION
  const request: AgentRequest = {
    origin: 'digest',
    instruction,
    instructionSource: settings.prompt === undefined ? 'default' : 'workflow',
    thread,
    requestKey: healed.rerun?.life.request ?? digestKey(window, healed.after?.commentId)
  }
  const prompt = buildDigestPrompt(instruction, report.included, {
    repository: report.repository,
    includeContext: settings.includeContext,
    includeDiff: settings.includeDiff,
    ignored
  })
  const fields = {
    since: formatPosition(window.since),
    until: formatPosition(window.until),
    pulls: report.included.map(pull => pull.number).join(','),
    notes: settings.digest.notify ? undefined : 'off'
  }
  return { request, prompt, fields }
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
  { repo, branch, digest, runStartedAt, guard }: MergedListing,
  history: DigestHistory,
  rt: Runtime
): Promise<DigestReport<DigestPull>> {
  const since = history.rerun?.since ?? history.watermark ?? startOf(digest.since.instant)
  const listing = { repo, window: { start: since.at, end: runStartedAt }, base: branch }
  const listed = await listMergedPulls(octokit, listing, rt)
  const candidates = candidatesAfter(listed, { since, until: history.rerun?.until })
  const selection = await selectPulls(candidates, { since, max: digest.maxPulls, guard })
  const { included, skipped, waiting, window } = selection
  const repository = `${repo.owner}/${repo.repo}`
  return { repository, branch, since, until: window?.until, included, skipped, waiting }
}

interface MergedListing {
  repo: RepoRef
  branch: string
  digest: DigestSettings
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
