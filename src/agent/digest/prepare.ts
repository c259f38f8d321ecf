/**
 * A digest from the tracking issue to a request ready to send: the earlier digests read (the
 * watermark), the merged pull requests listed down to it and guarded one by one, the open docs PR of
 * the previous digest looked at, and the prompt built. Nothing is written before this has decided,
 * so a digest with nothing to include leaves no trace.
 */
import { listComments, type IssueComment } from '../../github/comments.js'
import { listMergedPulls } from '../../github/merged-pulls.js'
import { getPullRequest } from '../../github/pulls.js'
import { getDefaultBranch } from '../../github/repository.js'
import type { DigestFields } from '../../job/digest-marker.js'
import { parsePullRequestLink } from '../../job/pull-request-link.js'
import { getErrorMessage } from '../../shared/errors.js'
import { payloadDefaultBranch } from '../../shared/runner-context.js'
import type { GitHubAccess } from '../../github/identity.js'
import { ignoreMatcher } from '../follow-code/guards.js'
import type { AgentFlow } from '../flow.js'
import { issueThread, type AgentRequest } from '../request.js'
import { digestGuard } from './guard.js'
import { readDigestHistory, type DigestHistory } from './history.js'
import { digestKey } from './key.js'
import { formatPosition, startOf } from './position.js'
import { buildDigestPrompt, DEFAULT_DIGEST_INSTRUCTION } from './prompt.js'
import type { DigestReport } from './report.js'
import { candidatesAfter, selectPulls } from './select.js'

/** A digest with pull requests to include, ready to send. */
export interface DigestToSend {
  request: AgentRequest
  prompt: string
  report: DigestReport
  fields: DigestFields
  /** The previous digest's job, while its docs PR is open: this digest follows it up. */
  followJobId?: string
  /** The tracking issue's comments as read for the watermark, so they are not listed twice. */
  threadComments: IssueComment[]
}

export type PreparedDigest =
  { kind: 'nothing'; report: DigestReport } | ({ kind: 'go' } & DigestToSend)

export async function prepareDigest(
  flow: AgentFlow,
  runStartedAt: number
): Promise<PreparedDigest> {
  const { settings, context, rt } = flow
  const digest = settings.digest
  const thread = issueThread(context, settings)
  const github = flow.github
  if (!digest || !thread) throw new Error('prepareDigest needs digest settings and issue-number')
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
  if (!selection.window) return { kind: 'nothing', report }
  const followJobId = settings.followUp ? await openDocsJob(history, flow) : undefined
  if (followJobId) report.grows = history.docsPull?.url
  const instruction = settings.prompt ?? DEFAULT_DIGEST_INSTRUCTION
  const request: AgentRequest = {
    origin: 'digest',
    instruction,
    instructionSource: settings.prompt === undefined ? 'default' : 'workflow',
    thread,
    requestKey:
      history.rerun?.marker.request ?? digestKey(selection.window, history.after?.commentId)
  }
  const prompt = buildDigestPrompt(instruction, included, {
    repository: report.repository,
    includeContext: settings.includeContext,
    includeDiff: settings.includeDiff,
    ignored
  })
  const fields: DigestFields = {
    since: formatPosition(since),
    until: formatPosition(selection.window.until),
    pulls: included.map(pull => pull.number).join(','),
    notes: digest.notify ? undefined : 'off'
  }
  return { kind: 'go', request, prompt, report, fields, followJobId, threadComments }
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
