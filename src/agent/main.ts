/**
 * The agent action: from an event (or a workflow's own prompt) to a job followed to its end. Read
 * `handle` top to bottom: the run (run.ts), its request made ready, then `followRequest`.
 */
import * as core from '@actions/core'
import { readFileSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import type { IssueComment } from '../github/comments.js'
import { IdentityOnce } from '../github/identity.js'
import { createOctokit } from '../github/octokit.js'
import { createMintlifyClient } from '../mintlify/client.js'
import { isCancellation } from '../shared/cancellation.js'
import { getErrorMessage } from '../shared/errors.js'
import { readRunnerContext, runUrl } from '../shared/runner-context.js'
import { runAction, type ActionRun, type RunOptions } from '../shared/run-action.js'
import { authorize } from './authorize.js'
import type { AgentFlow } from './flow.js'
import { originOf } from '../job/back-link.js'
import type { EndPlan } from '../job/job-end.js'
import { Conversation } from './conversation.js'
import { planFor } from './plan-request.js'
import { runJobFlow } from './job-flow.js'
import { isFailure } from '../job/result.js'
import { publish, type Handled } from './publish.js'
import { failureLine } from '../job/result-text.js'
import { needsInstructionText, refusalText } from './replies.js'
import { NOTHING_NEW, ownedText, renderNoteSummary } from './summary.js'
import { writeStepSummary } from '../shared/step-summary.js'
import { labelToRemove } from './label-trigger.js'
import { parseAgentSettings } from './settings.js'
import {
  decideRun,
  frameOf,
  markerFieldsOf,
  runOf,
  takesFollowUp,
  type Run,
  type RunDecision
} from './run.js'
import { prepareChange } from './follow-code/prepare.js'
import { readyDigest, type NothingToDigest, type ReadyDigest } from './digest/prepare.js'
import { drySkip, dryRunOf, Edge } from './dry-run.js'

export type { RunOptions }

export function run(options: RunOptions = {}): Promise<void> {
  return runAction({ flow: action => agent(action, options), failure: failureOf }, options)
}

async function agent(action: ActionRun, options: RunOptions): Promise<void> {
  const { read, rt } = action
  const runStartedAt = rt.clock.now()
  const context = readRunnerContext()
  const settings = parseAgentSettings(
    read,
    path => readFileSync(isAbsolute(path) ? path : resolve(context.workspace, path)),
    runStartedAt
  )
  const handled = await handle({ settings, context, rt }, { runStartedAt, ...options })
  if (handled) await publish(handled, action)
  if (action.cancelled) {
    action.fail('The run was cancelled; the agent job may still finish.')
  } else if (handled?.kind === 'reported' && settings.failOnError && isFailure(handled.result)) {
    action.fail(failureLine(handled.result))
  }
}

async function failureOf(error: unknown, action: ActionRun): Promise<string> {
  if (!isCancellation(error)) return getErrorMessage(error)
  // Cancelled before a job was asked for (the permission check, the thread): nothing was started.
  await publish({ kind: 'reported', result: { status: 'cancelled', elapsedMs: 0 } }, action)
  return 'The run was cancelled before an agent job was started.'
}

async function handle(
  start: Omit<AgentFlow, 'github' | 'edge'>,
  timing: { runStartedAt: number; requestTimeoutMs?: number }
): Promise<Handled | undefined> {
  const { settings, context, rt } = start
  const token = settings.githubToken
  const octokit = token ? createOctokit(token, context.apiUrl) : undefined
  const github = octokit && { octokit, identity: new IdentityOnce(octokit, token, rt) }
  const flow: AgentFlow = { ...start, github, edge: new Edge(settings.dryRun) }
  const decision = decideRun(context, settings)
  switch (decision.kind) {
    case 'error':
      throw new Error(decision.message)
    case 'ignore':
      rt.log.info(`Nothing to do: ${decision.reason}.`)
      return skipped({ reason: decision.reason }, flow)
    case 'digest': {
      const digest = await readyDigest(flow, decision.sends, timing)
      if (digest.kind === 'nothing') return skipped(digest, flow)
      return followRequest(digest, flow, timing)
    }
    default: {
      const ready = await readyRequest(decision, flow)
      return 'reason' in ready ? skipped(ready, flow) : followRequest(ready, flow, timing)
    }
  }
}

/** From a request ready to go to its job's end, reported in the thread and on the docs PR. */
async function followRequest(
  ready: ReadyRequest,
  flow: AgentFlow,
  timing: { runStartedAt: number; requestTimeoutMs?: number }
): Promise<Handled> {
  const { settings, context, rt } = flow
  const { request, conversation, digest } = ready
  await conversation?.react()
  const unread = { state: {}, unreadable: false }
  const thread = (await conversation?.read(ready.threadComments)) ?? unread
  const plan = await planFor(ready, thread, flow)
  if (flow.edge.dry) return dryRunOf(plan, ready.sends, flow.edge.would, digest?.report)
  const link = runUrl(context) || undefined
  const label = labelToRemove(request, settings)
  const outcome = await runJobFlow(plan, settings, {
    client: createMintlifyClient(settings.service, timing),
    rt,
    deadline: timing.runStartedAt + settings.maxWaitMs,
    runStartedAt: timing.runStartedAt,
    serverUrl: context.serverUrl,
    tracking: conversation?.tracking,
    frame: { ...frameOf(ready, digest?.report), runUrl: link },
    request: {
      ...markerFieldsOf(ready),
      run: context.runId || undefined,
      deadline: timing.runStartedAt + settings.maxWaitMs,
      label: label?.name
    },
    conversation,
    digest: digest?.fields,
    ends: endPlanOf(ready, flow, label)
  })
  if (outcome.kind === 'owned') {
    // Said in the log, the summary and the outputs (status skipped): never a silent success.
    rt.log.info(ownedText(outcome))
    return outcome
  }
  const { result } = outcome
  const tracking = conversation?.tracking
  const comment = { id: tracking?.id, url: tracking?.url }
  return { kind: 'reported', result, run: ready, comment, digest: digest?.report }
}

/** What a job's end sets off (job-end.ts): a digest's notes, the back-link, the label's removal. */
function endPlanOf(
  ready: ReadyRequest,
  { settings, context, github }: AgentFlow,
  label: ReturnType<typeof labelToRemove>
): EndPlan | undefined {
  if (!github) return undefined
  const { request, digest } = ready
  const wantsBackLink = settings.comment && settings.backLink && takesFollowUp(ready)
  const origin = originOf(request.thread, runUrl(context) || undefined, context.serverUrl)
  return {
    github,
    repo: { owner: context.owner, repo: context.repo },
    notes: digest && { fields: digest.fields, request: request.requestKey },
    backLink: wantsBackLink
      ? { triggerPhrase: settings.triggerPhrase, requester: request.requester?.login, origin }
      : undefined,
    label
  }
}

interface ReadyRequest extends Run {
  conversation?: Conversation
  threadComments?: IssueComment[]
  digest?: ReadyDigest
}

/** Why a run starts nothing; `shown`: someone waits for the answer (the summary says why). */
type Skip = { reason: string; shown?: boolean }

/** The run once it may go on, or why it may not (a refusal is answered first). */
async function readyRequest(
  decision: Extract<RunDecision, { kind: 'run' | 'needs-instruction' }>,
  flow: AgentFlow
): Promise<ReadyRequest | Skip> {
  const { settings, rt } = flow
  const prepared = await prepareChange(decision.request, flow)
  if (prepared.kind === 'skip') {
    rt.log.info(`Not starting a job: ${prepared.reason}.`)
    return prepared
  }
  const run = runOf(prepared.request, decision.sends, prepared.prompt)
  const { request } = run
  const conversation = Conversation.open(request, flow)
  const authorization = await authorize(request, flow)
  if (!authorization.allowed) {
    rt.log.info(`Not starting a job: ${authorization.reason}.`)
    const { permission } = authorization
    const login = request.requester?.login
    if (login)
      await conversation?.reply(refusalText(login, settings.requiredPermission, permission))
    return authorization
  }
  if (decision.kind === 'needs-instruction') {
    await conversation?.reply(needsInstructionText(settings.triggerPhrase))
    return { reason: 'the comment gives no instruction' }
  }
  return { ...run, threadComments: prepared.threadComments, conversation }
}

/** No job for this event: the status output says so (and the summary, for a skip someone waits on). */
async function skipped(
  skip: Skip | NothingToDigest,
  { edge, rt }: AgentFlow
): Promise<Handled | undefined> {
  const digest = 'report' in skip ? skip.report : undefined
  if (edge.dry) return drySkip(skip.reason ?? NOTHING_NEW, edge.would, digest)
  if ('report' in skip) return skip
  if (skip.shown) await writeStepSummary(renderNoteSummary(`⏭️ Not started: ${skip.reason}.`), rt)
  core.setOutput('status', 'skipped')
  return undefined
}
