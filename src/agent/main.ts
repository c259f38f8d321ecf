/**
 * The agent action: from an event (or a workflow's own prompt) to a job followed to its end, with
 * the result in one tracking comment, the outputs and the step summary.
 */
import * as core from '@actions/core'
import { readFileSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import {
  listComments,
  replyToReviewComment,
  createComment,
  type CallDeps
} from '../github/comments.js'
import { createOctokit, type Octokit } from '../github/octokit.js'
import { getPullRequest, listPullFiles } from '../github/pulls.js'
import { addReaction } from '../github/reactions.js'
import { MintlifyClient } from '../mintlify/client.js'
import { systemClock, type Clock } from '../shared/clock.js'
import { getErrorMessage } from '../shared/errors.js'
import { logLine } from '../shared/log-line.js'
import { readRunnerContext, runUrl, type RunnerContext } from '../shared/runner-context.js'
import { authorize } from './authorize.js'
import { postBackLink } from './back-link.js'
import { listenForCancellation } from '../shared/cancellation.js'
import { runJobFlow, type JobPlan } from './job-flow.js'
import { isFailure, type AgentResult } from './outcome.js'
import { buildPrompt, type PromptContext } from './prompt-context.js'
import { needsInstructionText, refusalText, renderReply, renderSummary } from './render.js'
import { parseAgentSettings, type AgentSettings } from './settings.js'
import { appendStepSummary } from '../shared/step-summary.js'
import { readThreadState, type ThreadState } from './thread-state.js'
import { TrackingComment } from './tracking-comment.js'
import { decideTrigger, type AgentRequest } from './trigger.js'

export interface RunOverrides {
  clock?: Clock
  random?: () => number
  /** Per-request timeout of service calls (30 s by default). */
  requestTimeoutMs?: number
  /** Aborting it stands for the runner's cancel (tests). */
  signal?: AbortSignal
  /** Listen for SIGINT / SIGTERM and exit after reporting a cancel (true by default). */
  handleSignals?: boolean
}

export async function run(overrides: RunOverrides = {}): Promise<void> {
  // The key is masked before anything else can log it.
  const rawKey = core.getInput('api-key')
  if (rawKey.trim()) core.setSecret(rawKey.trim())

  const clock = overrides.clock ?? systemClock
  const runStartedAt = clock.now()
  const handleSignals = overrides.handleSignals ?? true
  const cancellation = listenForCancellation(overrides.signal, handleSignals)
  try {
    const context = readRunnerContext()
    const settings = parseAgentSettings(
      name => core.getInput(name),
      path => readFileSync(isAbsolute(path) ? path : resolve(context.workspace, path), 'utf8')
    )
    const result = await handle(settings, context, {
      ...overrides,
      clock,
      runStartedAt,
      signal: cancellation.signal
    })
    if (result)
      await publish(result.result, result.instruction, result.commentUrl, result.commentId)
    if (cancellation.cancelled) {
      core.setFailed('The run was cancelled; the agent job may still finish.')
    } else if (result && settings.failOnError && isFailure(result.result)) {
      core.setFailed(failureLine(result.result))
    }
  } catch (error) {
    core.setFailed(getErrorMessage(error))
  } finally {
    cancellation.dispose()
  }
  // The signal handler kept the process alive; after reporting, it must end itself.
  if (cancellation.cancelled && handleSignals) process.exit(1)
}

interface Handled {
  result: AgentResult
  instruction: string
  commentId?: number
  commentUrl?: string
}

interface HandleDeps {
  clock: Clock
  random?: () => number
  requestTimeoutMs?: number
  runStartedAt: number
  signal: AbortSignal
}

async function handle(
  settings: AgentSettings,
  context: RunnerContext,
  deps: HandleDeps
): Promise<Handled | undefined> {
  const decision = decideTrigger(context, settings)
  if (decision.kind === 'error') throw new Error(decision.message)
  if (decision.kind === 'ignore') {
    core.info(logLine(`Nothing to do: ${decision.reason}.`))
    core.setOutput('status', 'skipped')
    return undefined
  }
  const { request } = decision
  const octokit = settings.githubToken
    ? createOctokit(settings.githubToken, context.apiUrl)
    : undefined
  const gitHubDeps: CallDeps = {
    clock: deps.clock,
    random: deps.random,
    // A cancel also stops the calls before the job (reaction, reading the thread).
    signal: deps.signal,
    onRetry: ({ attempt, delayMs }) =>
      core.info(
        `GitHub API call failed (attempt ${attempt}); trying again in ${Math.round(delayMs / 1000)} s.`
      )
  }
  const commenting = settings.comment && octokit !== undefined && request.thread !== undefined

  // Not cut short by a cancel: an aborted check would read as "not allowed" instead of "cancelled".
  const authorization = await authorize(octokit, request, settings, {
    ...gitHubDeps,
    signal: undefined
  })
  if (!authorization.allowed) {
    core.info(logLine(`Not starting a job: ${authorization.reason}.`))
    if (commenting && request.requester) {
      await reply(
        octokit!,
        request,
        refusalText(request.requester.login, settings.requiredPermission, authorization.permission),
        gitHubDeps
      )
    }
    core.setOutput('status', 'skipped')
    return undefined
  }
  if (decision.kind === 'needs-instruction') {
    if (commenting)
      await reply(octokit!, request, needsInstructionText(settings.triggerPhrase), gitHubDeps)
    core.setOutput('status', 'skipped')
    return undefined
  }

  if (commenting && request.comment) {
    await addReaction(
      octokit!,
      request.thread!,
      { commentId: request.comment.id, kind: request.comment.kind },
      'eyes',
      gitHubDeps
    ).catch((error: unknown) =>
      core.warning(`Could not add the 👀 reaction: ${getErrorMessage(error)}`)
    )
  }

  // One look at the thread: this request's comment from an earlier attempt, and the thread's job.
  const tracking = new TrackingComment(commenting ? octokit : undefined, request.thread, gitHubDeps)
  let thread: ThreadState = {}
  let threadUnreadable = false
  if (commenting) {
    try {
      thread = readThreadState(
        await listComments(octokit!, request.thread!, gitHubDeps),
        request.requestKey
      )
    } catch (error) {
      threadUnreadable = true
      core.warning(`Could not read the thread's comments: ${getErrorMessage(error)}`)
    }
  }
  if (thread.own) tracking.adopt(thread.own.comment)

  // A re-run that cannot see what its first attempt wrote must not risk a second job.
  const plan: JobPlan =
    threadUnreadable && context.runAttempt > 1 && !settings.jobId
      ? { kind: 'previous-unknown', threadUnreadable: true }
      : await planJob(settings, request, thread, octokit, gitHubDeps)
  const client = new MintlifyClient({
    baseUrl: settings.apiUrl,
    apiKey: settings.apiKey,
    projectId: settings.projectId,
    requestTimeoutMs: deps.requestTimeoutMs
  })
  const result = await runJobFlow(plan, settings, {
    client,
    clock: deps.clock,
    signal: deps.signal,
    tracking,
    frame: {
      instruction: request.instruction,
      requester: request.requester?.login,
      runUrl: runUrl(context) || undefined
    },
    requestKey: request.requestKey,
    runStartedAt: deps.runStartedAt,
    serverUrl: context.serverUrl,
    random: deps.random
  })

  // The back-link is a comment too: `comment: false` turns it off with the rest.
  if (
    result.pr &&
    result.jobId &&
    settings.comment &&
    settings.backLink &&
    octokit &&
    !deps.signal.aborted
  ) {
    const origin = request.thread?.htmlUrl
      ? {
          label: `${request.thread.owner}/${request.thread.repo}#${request.thread.issueNumber}`,
          url: request.thread.htmlUrl
        }
      : runUrl(context)
        ? { label: 'a workflow run', url: runUrl(context) }
        : undefined
    await postBackLink(
      octokit,
      {
        pr: result.pr,
        jobId: result.jobId,
        triggerPhrase: settings.triggerPhrase,
        requester: request.requester?.login,
        origin
      },
      gitHubDeps
    )
  }
  return {
    result,
    instruction: request.instruction,
    commentId: tracking.id,
    commentUrl: tracking.url
  }
}

/** Decide what to do about the job: re-attach, attach, follow up, or create. */
async function planJob(
  settings: AgentSettings,
  request: AgentRequest,
  thread: ThreadState,
  octokit: Octokit | undefined,
  deps: CallDeps
): Promise<JobPlan> {
  const own = thread.own?.marker
  if (own?.job && own.state === 'job')
    return { kind: 'attach', jobId: own.job, mode: 're-attached' }
  // A job was started for this request but its id cannot be read back: never start a second one.
  if (own?.state === 'pending' || own?.state === 'unknown' || own?.state === 'job') {
    return { kind: 'previous-unknown' }
  }
  if (settings.jobId) return { kind: 'attach', jobId: settings.jobId, mode: 'attached' }
  const fromComment = request.origin === 'comment' || request.origin === 'review-comment'
  const prompt = await promptFor(settings, request, octokit, deps)
  if (settings.followUp && fromComment && thread.latestJobId) {
    return { kind: 'follow-up', jobId: thread.latestJobId, prompt }
  }
  return { kind: 'create', prompt }
}

/** The instruction, with the context block for comment and issue events. */
async function promptFor(
  settings: AgentSettings,
  request: AgentRequest,
  octokit: Octokit | undefined,
  deps: CallDeps
): Promise<string> {
  // The workflow author's own prompt (`prompt` / `prompt-file`) is sent as given: no cut, no context.
  if (settings.promptSource !== 'event') return request.instruction
  const thread = request.thread
  if (!settings.includeContext || request.origin === 'manual' || !thread) {
    return buildPrompt(request.instruction)
  }
  const context: PromptContext = {
    repository: `${thread.owner}/${thread.repo}`,
    kind: thread.isPullRequest ? 'pull request' : 'issue',
    number: thread.issueNumber,
    title: thread.title,
    url: thread.htmlUrl,
    requester: request.requester?.login,
    // An opened issue's title and body are the instruction already: not repeated as "context by others".
    body: request.origin === 'issue' ? undefined : thread.body
  }
  if (thread.isPullRequest && octokit) {
    try {
      const repo = { owner: thread.owner, repo: thread.repo }
      const pull = await getPullRequest(octokit, repo, thread.issueNumber, deps)
      const files = await listPullFiles(octokit, repo, thread.issueNumber, deps, 101)
      context.title ??= pull.title
      context.url ??= pull.htmlUrl
      context.body = thread.body || pull.body
      context.pull = {
        baseRef: pull.baseRef,
        headRef: pull.headRef,
        files: files.slice(0, 100),
        moreFiles: files.length > 100
      }
    } catch (error) {
      core.warning(
        `Could not read the pull request for the prompt's context: ${getErrorMessage(error)}`
      )
    }
  }
  return buildPrompt(request.instruction, context)
}

/** A short answer with no job: in the review thread for review comments, else on the issue. */
async function reply(
  octokit: Octokit,
  request: AgentRequest,
  text: string,
  deps: CallDeps
): Promise<void> {
  const thread = request.thread!
  const body = renderReply(text, { kind: 'reply', request: request.requestKey })
  try {
    if (request.comment?.kind === 'review_comment') {
      await replyToReviewComment(
        octokit,
        thread,
        thread.issueNumber,
        request.comment.id,
        body,
        deps
      )
    } else {
      await createComment(octokit, thread, body, deps)
    }
  } catch (error) {
    core.warning(`Could not post the reply: ${getErrorMessage(error)}`)
  }
}

async function publish(
  result: AgentResult,
  instruction: string,
  commentUrl: string | undefined,
  commentId: number | undefined
): Promise<void> {
  core.setOutput('job-id', result.jobId ?? '')
  core.setOutput('status', result.status)
  core.setOutput('pr-url', result.pr?.url ?? '')
  core.setOutput('pr-number', result.pr ? String(result.pr.number) : '')
  core.setOutput('comment-id', commentId !== undefined ? String(commentId) : '')
  core.setOutput('comment-url', commentUrl ?? '')
  if (result.pr) core.notice(`The Mintlify agent opened ${result.pr.url}`)
  core.info(`Status: ${result.status}${result.jobId ? ` (job ${result.jobId})` : ''}`)
  const summary = renderSummary({ result, instruction, commentUrl })
  try {
    await appendStepSummary(summary)
  } catch (error) {
    core.warning(`Could not write the step summary: ${getErrorMessage(error)}`)
  }
}

function failureLine(result: AgentResult): string {
  const id = result.jobId ? ` (job ${result.jobId})` : ''
  switch (result.problem?.kind) {
    case 'rate-limited':
      return 'The Mintlify API is rate limited (100 agent uses per project per hour).'
    case 'unknown-outcome':
      return result.mode === 'follow-up'
        ? `Could not tell whether the follow-up reached the agent job${id} (${result.problem.cause}); it was not sent again.`
        : `Could not tell whether the agent job was created (${result.problem.cause}); it was not retried.`
    case 'previous-attempt-unknown':
      if (result.problem.threadUnreadable) {
        return 'A re-run could not read the thread to find the earlier attempt’s job; not starting another.'
      }
      return 'An earlier attempt may have started a job whose id was not recorded; not starting another.'
    case 'refused':
      return `The Mintlify API refused the request${result.problem.httpStatus ? ` (HTTP ${result.problem.httpStatus})` : ''}: ${[result.problem.message, ...result.problem.details].filter(Boolean).join('; ')}`
    case 'follow-up-refused':
      return `The follow-up could not be sent${id}${result.problem.httpStatus ? ` (HTTP ${result.problem.httpStatus})` : ''}.`
    case 'lost':
      return `Could not follow the agent job${id}: ${result.problem.cause}`
    default:
      return `The agent job ended with status ${result.status}${id}.`
  }
}
