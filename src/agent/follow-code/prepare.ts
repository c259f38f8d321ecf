/**
 * A code change from the event to a request ready to send: GitHub is read, the guards that need its
 * answers run, and the prompt is built. Nothing is written before this has decided, so a skipped
 * change leaves no trace.
 */
import { listComments, type IssueComment } from '../../github/comments.js'
import { getErrorMessage } from '../../shared/errors.js'
import type { ChangedPull } from './change.js'
import { botAuthorIgnored, ignoreMatcher, labelIgnored, pathsIgnored } from './guards.js'
import { buildChangePrompt } from './prompt.js'
import { readChange, unreadChange } from './read.js'
import { pullKey, pullThread } from './event.js'
import { ownPullReason } from './loop-guard.js'
import type { AgentFlow } from '../flow.js'
import type { EventRequest } from '../request.js'

export type PreparedChange =
  /** `shown`: someone labelled the pull request and waits for an answer (the run's page says why). */
  | { kind: 'skip'; reason: string; shown: boolean }
  | {
      kind: 'go'
      request: EventRequest
      /** Built when the request carries a change; else the plan builds it when it sends one. */
      prompt?: string
      /** The thread's comments as read for the loop guard, so it is not listed twice. */
      threadComments?: IssueComment[]
    }

/** A request's change read and guarded; a request without one goes on as it is. */
export async function prepareChange(
  request: EventRequest,
  flow: AgentFlow
): Promise<PreparedChange> {
  const { settings, context, github, rt } = flow
  const change = request.change
  if (!change) return { kind: 'go', request }
  const shown = request.origin === 'label'
  const skip = (reason: string): PreparedChange => ({ kind: 'skip', reason, shown })
  const repo = { owner: context.owner, repo: context.repo }
  // A labelled pull request is guarded before it is read, the loop guard first; the event settled
  // a merged one's label and author already (event.ts).
  let threadComments: IssueComment[] | undefined
  if (request.origin === 'label' && change.kind === 'pull') {
    const guarded = await guardOwnPull(change.pull, flow)
    if (guarded.kind === 'skip') return skip(guarded.reason)
    threadComments = guarded.threadComments
    const ignoredPull =
      labelIgnored(change.pull, settings) ?? botAuthorIgnored(change.pull, settings)
    if (ignoredPull) return skip(ignoredPull)
  }
  const ignored = ignoreMatcher(settings.ignorePaths)
  if (!github) rt.log.warning('No github-token: the prompt names the change without its files.')
  const reading = github
    ? await readChange(change, { octokit: github.octokit, repo, rt, ignored })
    : unreadChange(change)

  const pull = reading.change.kind === 'release' ? undefined : reading.change.pull
  let ready = request
  if (reading.change.kind === 'push' && pull) {
    const ignoredPull = labelIgnored(pull, settings) ?? botAuthorIgnored(pull, settings)
    if (ignoredPull) return skip(ignoredPull)
    // A push reports on the pull request its head commit came from; when that commit is the pull
    // request's merge, the request is the merge's own (a workflow on both events starts one job).
    const isMerge = pull.mergeSha !== undefined && pull.mergeSha === reading.change.push.after
    const key = isMerge ? pullKey(pull) : request.key
    ready = { ...request, thread: pullThread(context, pull), key }
  }
  if (reading.change.kind !== 'release') {
    const onlyIgnored = pathsIgnored(
      { files: reading.files, complete: reading.filesComplete },
      ignored
    )
    if (onlyIgnored) return skip(onlyIgnored)
  }
  if (pull && request.origin !== 'label') {
    const guarded = await guardOwnPull(pull, flow)
    if (guarded.kind === 'skip') return skip(guarded.reason)
    threadComments = guarded.threadComments
  }
  const prompt = buildChangePrompt(request.instruction, reading, {
    repository: `${repo.owner}/${repo.repo}`,
    includeContext: settings.includeContext,
    includeDiff: settings.includeDiff,
    ignored
  })
  return { kind: 'go', request: { ...ready, change: reading.change }, prompt, threadComments }
}

/** The loop guard: the pull request's thread read once (kept for the conversation), a search. */
async function guardOwnPull(
  pull: ChangedPull,
  { context, github, rt }: AgentFlow
): Promise<{ kind: 'skip'; reason: string } | { kind: 'go'; threadComments?: IssueComment[] }> {
  if (!github) return { kind: 'go' }
  const repo = { owner: context.owner, repo: context.repo }
  let threadComments: IssueComment[] | undefined
  try {
    const ref = { ...repo, issueNumber: pull.number }
    threadComments = await listComments(github.octokit, { ref }, rt)
  } catch (error) {
    rt.signal.throwIfAborted()
    rt.log.warning(`Could not read the comments of #${pull.number}: ${getErrorMessage(error)}`)
  }
  const lookup = { octokit: github.octokit, repo, identity: await github.identity.get(), rt }
  const own = await ownPullReason(pull, threadComments, lookup)
  return own ? { kind: 'skip', reason: own } : { kind: 'go', threadComments }
}
