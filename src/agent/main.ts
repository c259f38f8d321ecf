/**
 * The agent action: from an event (or a workflow's own prompt) to a job followed to its end, with
 * the result in one tracking comment, the outputs and the step summary. Read `handle` top to bottom:
 * trigger → conversation → authorization → plan → job → back-link; `run` reports what it returns.
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
import { backLinkFor } from '../job/back-link.js'
import { Conversation } from './conversation.js'
import { planFor } from './plan-request.js'
import { runJobFlow } from './job-flow.js'
import { isFailure } from '../job/result.js'
import { publish, type Handled } from './publish.js'
import { failureLine } from '../job/result-text.js'
import { needsInstructionText, refusalText } from './replies.js'
import { ownedText } from './summary.js'
import { isOwned } from '../job/rerun-protocol.js'
import { parseAgentSettings } from './settings.js'
import { decideTrigger } from './trigger.js'
import type { AgentRequest, TriggerDecision } from './request.js'
import { causeOf } from './follow-code/event.js'
import { prepareChange } from './follow-code/prepare.js'

export type { RunOptions }

export function run(options: RunOptions = {}): Promise<void> {
  return runAction({ flow: action => agent(action, options), failure: failureOf }, options)
}

async function agent(action: ActionRun, options: RunOptions): Promise<void> {
  const { read, rt } = action
  const runStartedAt = rt.clock.now()
  const context = readRunnerContext()
  const settings = parseAgentSettings(read, path =>
    readFileSync(isAbsolute(path) ? path : resolve(context.workspace, path))
  )
  const handled = await handle({ settings, context, rt }, { runStartedAt, ...options })
  if (handled) await publish(handled, rt)
  if (action.cancelled) {
    action.fail('The run was cancelled; the agent job may still finish.')
  } else if (handled && !isOwned(handled) && settings.failOnError && isFailure(handled.result)) {
    action.fail(failureLine(handled.result))
  }
}

async function failureOf(error: unknown, { rt }: ActionRun): Promise<string> {
  if (!isCancellation(error)) return getErrorMessage(error)
  // Cancelled before a job was asked for (the permission check, the thread): nothing was started.
  await publish({ result: { status: 'cancelled', elapsedMs: 0 } }, rt)
  return 'The run was cancelled before an agent job was started.'
}

async function handle(
  start: Omit<AgentFlow, 'github'>,
  timing: { runStartedAt: number; requestTimeoutMs?: number }
): Promise<Handled | undefined> {
  const { settings, context, rt } = start
  const decision = decideTrigger(context, settings)
  if (decision.kind === 'error') throw new Error(decision.message)
  if (decision.kind === 'ignore') {
    rt.log.info(`Nothing to do: ${decision.reason}.`)
    return skipped()
  }
  const token = settings.githubToken
  const octokit = token ? createOctokit(token, context.apiUrl) : undefined
  const github = octokit && { octokit, identity: new IdentityOnce(octokit, token, rt) }
  const flow: AgentFlow = { ...start, github }
  const ready = await readyRequest(decision, flow)
  if (!ready) return skipped()
  const { request, conversation } = ready
  await conversation?.react()
  const thread = (await conversation?.read(ready.threadComments)) ?? {
    state: {},
    unreadable: false
  }

  const plan = await planFor(flow, { request, thread, knownPrompt: ready.prompt })
  const link = runUrl(context) || undefined
  const outcome = await runJobFlow(plan, settings, {
    client: createMintlifyClient(settings.service, timing),
    rt,
    deadline: timing.runStartedAt + settings.maxWaitMs,
    runStartedAt: timing.runStartedAt,
    serverUrl: context.serverUrl,
    tracking: conversation?.tracking,
    frame: {
      instruction: request.instruction,
      requester: request.requester?.login,
      cause: request.change && causeOf(request.change),
      runUrl: link
    },
    request: {
      key: request.requestKey,
      run: context.runId || undefined,
      deadline: timing.runStartedAt + settings.maxWaitMs
    },
    otherClaim: conversation && (() => conversation.otherClaim())
  })
  if (isOwned(outcome)) {
    // Said in the log, the summary and the outputs (status skipped): never a silent success.
    rt.log.info(ownedText(outcome))
    return outcome
  }
  const result = outcome

  const serverUrl = context.serverUrl
  await backLinkFor(result, { settings, request, runUrl: link, serverUrl, github }, rt)
  const tracking = conversation?.tracking
  return { result, request, comment: { id: tracking?.id, url: tracking?.url } }
}

interface ReadyRequest {
  request: AgentRequest
  conversation?: Conversation
  /** A code change's prompt, built while it was read. */
  prompt?: string
  threadComments?: IssueComment[]
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
      return undefined
    }
    ready = prepared
  }
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
