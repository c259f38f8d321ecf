/**
 * The agent action: from an event (or a workflow's own prompt) to a job followed to its end, with
 * the result in one tracking comment, the outputs and the step summary. Read `handle` top to bottom:
 * the request (an event's: trigger → authorization; or a digest's: digest/prepare.ts), then
 * `followRequest`: conversation → plan → job → back-link (and a digest's notes); `run` reports what
 * it returns.
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
import { ownedText, renderNoteSummary } from './summary.js'
import { writeStepSummary } from '../shared/step-summary.js'
import { labelCause, labelToRemove } from './label-trigger.js'
import { parseAgentSettings } from './settings.js'
import { decideTrigger } from './trigger.js'
import { automationRequest } from './automation-request.js'
import type { AgentRequest, TriggerDecision } from './request.js'
import { causeOf } from './follow-code/event.js'
import { prepareChange } from './follow-code/prepare.js'
import { readyDigest, type ReadyDigest } from './digest/prepare.js'
import { digestCause, renderDigestDetails } from './digest/report.js'
import type { CommentFrame } from '../job/tracking-text.js'

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
  if (handled) await publish(handled, rt)
  if (action.cancelled) {
    action.fail('The run was cancelled; the agent job may still finish.')
  } else if (handled?.kind === 'reported' && settings.failOnError && isFailure(handled.result)) {
    action.fail(failureLine(handled.result))
  }
}

async function failureOf(error: unknown, { rt }: ActionRun): Promise<string> {
  if (!isCancellation(error)) return getErrorMessage(error)
  // Cancelled before a job was asked for (the permission check, the thread): nothing was started.
  await publish({ kind: 'reported', result: { status: 'cancelled', elapsedMs: 0 } }, rt)
  return 'The run was cancelled before an agent job was started.'
}

async function handle(
  start: Omit<AgentFlow, 'github'>,
  timing: { runStartedAt: number; requestTimeoutMs?: number }
): Promise<Handled | undefined> {
  const { settings, context, rt } = start
  const token = settings.githubToken
  const octokit = token ? createOctokit(token, context.apiUrl) : undefined
  const github = octokit && { octokit, identity: new IdentityOnce(octokit, token, rt) }
  const flow: AgentFlow = { ...start, github }
  if (settings.digest) {
    const digest = await readyDigest(flow, timing)
    return digest.kind === 'nothing' ? digest : followRequest(digest, flow, timing)
  }
  const ready = await triggeredRequest(flow)
  return ready ? followRequest(ready, flow, timing) : skipped()
}

/** The request an event makes, once it may go on; undefined: skipped (the log says why). */
async function triggeredRequest(flow: AgentFlow): Promise<ReadyRequest | undefined> {
  const decision = decideTrigger(flow.context, flow.settings)
  if (decision.kind === 'error') throw new Error(decision.message)
  if (decision.kind === 'ignore') {
    flow.rt.log.info(`Nothing to do: ${decision.reason}.`)
    return undefined
  }
  return readyRequest(decision, flow)
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
  const thread = (await conversation?.read(ready.threadComments)) ?? {
    state: {},
    unreadable: false
  }
  const plan = await planFor(ready, thread, flow)
  const link = runUrl(context) || undefined
  const label = labelToRemove(request, settings)
  const outcome = await runJobFlow(plan, settings, {
    client: createMintlifyClient(settings.service, timing),
    rt,
    deadline: timing.runStartedAt + settings.maxWaitMs,
    runStartedAt: timing.runStartedAt,
    serverUrl: context.serverUrl,
    tracking: conversation?.tracking,
    frame: { ...frameOf(request, digest), runUrl: link },
    request: {
      key: request.requestKey,
      run: context.runId || undefined,
      deadline: timing.runStartedAt + settings.maxWaitMs,
      label: label?.name,
      automation: request.automation
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
  return { kind: 'reported', result, request, comment, digest: digest?.report }
}

/** What a job's end sets off (job-end.ts): a digest's notes, the back-link, the label's removal. */
function endPlanOf(
  { request, digest }: ReadyRequest,
  { settings, context, github }: AgentFlow,
  label: ReturnType<typeof labelToRemove>
): EndPlan | undefined {
  if (!github) return undefined
  // An automation's job takes no follow-up: no back-link invites one.
  const wantsBackLink = settings.comment && settings.backLink && !request.automation
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

/** What every version of the tracking comment shows besides its headline. */
function frameOf(
  request: AgentRequest,
  digest: ReadyDigest | undefined
): Omit<CommentFrame, 'marker' | 'runUrl'> {
  return {
    instruction: request.instruction,
    requester: request.requester?.login,
    cause: digest ? digestCause(digest.report) : causeOfRequest(request),
    details: digest && renderDigestDetails(digest.report),
    automation: request.automation
  }
}

function causeOfRequest(request: AgentRequest): string | undefined {
  if (request.origin === 'label') return labelCause(request)
  return request.change && causeOf(request.change)
}

interface ReadyRequest {
  request: AgentRequest
  conversation?: Conversation
  /** A code change's or a digest's prompt, built while it was read. */
  prompt?: string
  threadComments?: IssueComment[]
  digest?: ReadyDigest
}

/**
 * The request once it may go on: a code change read and guarded, the requester allowed, an
 * instruction given. Undefined: skipped (a refusal, or a missing instruction, is answered first).
 */
async function readyRequest(
  decision: Extract<TriggerDecision, { kind: 'run' | 'needs-instruction' }>,
  flow: AgentFlow
): Promise<ReadyRequest | undefined> {
  const { settings, rt } = flow
  let ready: ReadyRequest = { request: decision.request }
  if (ready.request.change) {
    const prepared = await prepareChange(ready.request, flow)
    if (prepared.kind === 'skip') {
      rt.log.info(`Not starting a job: ${prepared.reason}.`)
      // Someone labelled the pull request and waits for an answer: the run's page says why not.
      const summary = renderNoteSummary(`⏭️ Not started: ${prepared.reason}.`)
      if (ready.request.origin === 'label') await writeStepSummary(summary, rt)
      return undefined
    }
    ready = prepared
  }
  if (settings.automation) ready.request = automationRequest(ready.request, settings.automation)
  const { request } = ready
  const conversation = Conversation.open(request, flow)
  const authorization = await authorize(request, flow)
  if (!authorization.allowed) {
    rt.log.info(`Not starting a job: ${authorization.reason}.`)
    const { permission } = authorization
    const login = request.requester?.login
    if (login)
      await conversation?.reply(refusalText(login, settings.requiredPermission, permission))
    return undefined
  }
  if (decision.kind === 'needs-instruction') {
    await conversation?.reply(needsInstructionText(settings.triggerPhrase))
    return undefined
  }
  return { ...ready, conversation }
}

/** No job for this event: only the status output says so. */
function skipped(): undefined {
  core.setOutput('status', 'skipped')
  return undefined
}
