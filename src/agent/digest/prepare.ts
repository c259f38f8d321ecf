/**
 * A digest in the agent's flow, from the tracking issue to a request ready to send: the earlier
 * digests read (the watermark), the merged pull requests listed down to it and guarded one by one,
 * the open docs PR of the previous digest looked at, and the prompt built. Nothing is written before
 * this has decided, so a digest with nothing to include leaves no trace (status skipped, no call,
 * no comment).
 */
import { listComments, type IssueComment } from '../../github/comments.js'
import type { GitHubAccess } from '../../github/identity.js'
import { listMergedPulls } from '../../github/merged-pulls.js'
import { getPullRequest } from '../../github/pulls.js'
import { getDefaultBranch } from '../../github/repository.js'
import type { DigestFields } from '../../job/digest-marker.js'
import { parsePullRequestLink } from '../../job/pull-request-link.js'
import { getErrorMessage } from '../../shared/errors.js'
import { plural } from '../../shared/plural.js'
import { payloadDefaultBranch } from '../../shared/runner-context.js'
import { Conversation } from '../conversation.js'
import { ignoreMatcher } from '../follow-code/guards.js'
import type { AgentFlow } from '../flow.js'
import { issueThread, type AgentRequest, type Thread } from '../request.js'
import { digestGuard } from './guard.js'
import { readDigestHistory, type DigestHistory } from './history.js'
import { digestKey, type DigestWindow } from './key.js'
import { formatPosition, startOf, type Position } from './position.js'
import { buildDigestPrompt, DEFAULT_DIGEST_INSTRUCTION, type DigestPull } from './prompt.js'
import type { DigestReport } from './report.js'
import { candidatesAfter, selectPulls, type Selection } from './select.js'

export interface ReadyDigest {
  report: DigestReport
  fields: DigestFields
  /** The previous digest's job, while its docs PR is open: this digest follows it up. */
  followJobId?: string
}

/** A digest with no pull request to include. */
export interface NothingToDigest {
  nothing: DigestReport
}

export interface DigestRequest {
  request: AgentRequest
  prompt: string
  /** The tracking issue's comments as read for the watermark, so they are not listed twice. */
  threadComments: IssueComment[]
  conversation?: Conversation
  digest: ReadyDigest
}

/** What the tracking issue and the merged pull requests gave. */
interface Picked {
  thread: Thread
  /** `digest-notify`. */
  notify: boolean
  history: DigestHistory
  threadComments: IssueComment[]
  since: Position
  selection: Selection<DigestPull>
  report: DigestReport
  ignored: (path: string) => boolean
}

export async function readyDigest(
  flow: AgentFlow,
  runStartedAt: number
): Promise<DigestRequest | NothingToDigest> {
  const picked = await pickPulls(flow, runStartedAt)
  const { report, selection } = picked
  const window = selection.window
  if (!window) {
    const skipped = report.skipped.length
    flow.rt.log.info(
      `Nothing to digest: no pull request merged into ${report.branch} since the last digest` +
        (skipped > 0 ? ` that the guards let through (${plural(skipped, 'skipped')}).` : '.')
    )
    return { nothing: report }
  }
  const { request, prompt, fields, followJobId } = await requestFor(flow, { ...picked, window })
  flow.rt.log.info(
    `Digest of ${plural(report.included.length, 'pull request')}` +
      (followJobId ? `, sent to job ${followJobId} (its docs PR is open).` : '.')
  )
  const conversation = Conversation.open(request, flow)
  const { threadComments } = picked
  return { request, prompt, threadComments, conversation, digest: { report, fields, followJobId } }
}

/** The earlier digests read, then the merged pull requests after the watermark, guarded. */
async function pickPulls(flow: AgentFlow, runStartedAt: number): Promise<Picked> {
  const { settings, context, rt } = flow
  const digest = settings.digest
  const thread = issueThread(context, settings)
  const github = flow.github
  if (!digest || !thread) throw new Error('readyDigest needs digest settings and issue-number')
  if (!github) throw new Error('A digest needs a github-token: it lists the merged pull requests.')
  const repo = { owner: context.owner, repo: context.repo }
  const threadComments = await listComments(github.octokit, { ref: thread }, rt)
  const identity = await github.identity.get()
  const history = readDigestHistory(threadComments, { identity, runId: context.runId || undefined })
  const since = history.rerun?.since ?? history.watermark ?? startOf(digest.since.instant)
  const branch = digest.branch ?? (await defaultBranch(flow, github))
  const window = { start: since.at, end: runStartedAt }
  const listed = await listMergedPulls(github.octokit, { repo, window, base: branch }, rt)
  const candidates = candidatesAfter(listed, { since, until: history.rerun?.until })
  const ignored = ignoreMatcher(settings.ignorePaths)
  const guard = digestGuard({ ...flow, github }, { thread: threadComments, identity, ignored })
  const selection = await selectPulls(candidates, { since, max: digest.maxPulls, guard })
  const { included, skipped, waiting } = selection
  const report: DigestReport = {
    repository: `${repo.owner}/${repo.repo}`,
    ...{ branch, since, until: selection.window?.until, included, skipped, waiting }
  }
  const notify = digest.notify
  return { thread, notify, history, threadComments, since, selection, report, ignored }
}

/** The request, its prompt and the marker's fields, for a selection with pull requests in it. */
async function requestFor(
  flow: AgentFlow,
  picked: Picked & { window: DigestWindow }
): Promise<{ request: AgentRequest; prompt: string; fields: DigestFields; followJobId?: string }> {
  const { settings } = flow
  const { history, window, report, ignored } = picked
  const included = picked.selection.included
  const followJobId = settings.followUp ? await openDocsJob(history, flow) : undefined
  if (followJobId) report.grows = history.docsPull?.url
  const instruction = settings.prompt ?? DEFAULT_DIGEST_INSTRUCTION
  const request: AgentRequest = {
    origin: 'digest',
    instruction,
    instructionSource: settings.prompt === undefined ? 'default' : 'workflow',
    thread: picked.thread,
    requestKey: history.rerun?.marker.request ?? digestKey(window, history.after?.commentId)
  }
  const prompt = buildDigestPrompt(instruction, included, {
    repository: report.repository,
    includeContext: settings.includeContext,
    includeDiff: settings.includeDiff,
    ignored
  })
  const fields: DigestFields = {
    since: formatPosition(picked.since),
    until: formatPosition(window.until),
    pulls: included.map(pull => pull.number).join(','),
    notes: picked.notify ? undefined : 'off'
  }
  return { request, prompt, fields, followJobId }
}

async function defaultBranch({ context, rt }: AgentFlow, github: GitHubAccess): Promise<string> {
  const named = payloadDefaultBranch(context)
  if (named !== undefined) return named
  return getDefaultBranch(github.octokit, { owner: context.owner, repo: context.repo }, rt)
}

/** The previous digest's job when its docs PR is still open; a PR the token cannot read is not. */
async function openDocsJob(
  history: DigestHistory,
  { github, context, rt }: AgentFlow
): Promise<string | undefined> {
  const link = history.docsPull && parsePullRequestLink(history.docsPull.url, context.serverUrl)
  if (!link || !github || !history.docsPull) return undefined
  try {
    const repo = { owner: link.owner, repo: link.repo }
    const pull = await getPullRequest(github.octokit, { repo, pullNumber: link.number }, rt)
    return pull.open ? history.docsPull.jobId : undefined
  } catch (error) {
    rt.signal.throwIfAborted()
    rt.log.info(
      `The previous digest's docs PR could not be read (${getErrorMessage(error)}): a new job.`
    )
    return undefined
  }
}
