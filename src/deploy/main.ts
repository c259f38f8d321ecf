/**
 * The deploy action, in the order it runs: the settings, the plan (production, a preview of which
 * branch, or skipped), the pull request's comment, the trigger, following it to its end, and the
 * report published: the comment, the outputs, the step summary, the step's result.
 */
import * as core from '@actions/core'
import { createMintlifyClient, type MintlifyClient } from '../mintlify/client.js'
import type { DeploymentTrigger } from '../mintlify/platform-types.js'
import { isCancellation } from '../shared/cancellation.js'
import { runAction, type ActionRun, type RunOptions } from '../shared/run-action.js'
import { readRunnerContext, runUrl, type RunnerContext } from '../shared/runner-context.js'
import { openDeployComment, type DeployComment } from './comment.js'
import { followDeployment } from './follow.js'
import { planDeployment, type DeployPlan } from './plan.js'
import { headline, type DeployFacts, type DeployResult } from '../job/deploy-report.js'
import { isFailure, refusalText, renderDeploySummary } from './report.js'
import { parseDeploySettings, type DeploySettings } from './settings.js'
import { triggerDeployment } from './trigger.js'

export function run(options: RunOptions = {}): Promise<void> {
  return runAction({ flow: action => deployAction(action, options) }, options)
}

/** What the steps of one deployment share; `comment` and `trigger` once they exist. */
interface Deployment {
  action: ActionRun
  context: RunnerContext
  settings: DeploySettings
  plan: Extract<DeployPlan, { kind: 'deploy' }>
  client: MintlifyClient
  startedAt: number
  /** Epoch ms: max-wait-minutes after the action started. */
  deadline: number
  comment?: DeployComment
  trigger?: DeploymentTrigger
}

async function deployAction(action: ActionRun, options: RunOptions): Promise<void> {
  const { read, rt } = action
  const startedAt = rt.clock.now()
  const settings = parseDeploySettings(read)
  const context = readRunnerContext()
  const plan = planDeployment(settings, context)
  if (plan.kind === 'skip') return publishSkip(plan.reason, action)
  rt.log.info(
    plan.mode === 'preview' ? `Previewing the branch ${plan.branch}.` : 'Deploying production.'
  )
  const deployment: Deployment = {
    action,
    context,
    settings,
    plan,
    client: createMintlifyClient(settings.service, options),
    startedAt,
    deadline: startedAt + settings.maxWaitMs
  }
  let result: DeployResult
  try {
    result = await deploy(deployment)
  } catch (error) {
    // The run's cancel, at whichever step: reported as cancelled, the comment (if open) finished.
    if (!isCancellation(error) && !action.cancelled) throw error
    result = { ...sofar(deployment), status: 'cancelled' }
  }
  await publishResult(result, deployment)
}

/** The comment opened, the deployment triggered and followed: the result to publish. */
async function deploy(deployment: Deployment): Promise<DeployResult> {
  const { action, settings, plan, client, deadline, context } = deployment
  const { rt } = action
  deployment.comment = await openDeployComment(settings, context, { ...plan, deadline }, action)
  const triggered = await triggerDeployment(client, plan, deadline, rt)
  if (triggered.kind === 'refused') return refused(deployment, triggered.error)
  const { statusId } = triggered.trigger
  deployment.trigger = triggered.trigger
  rt.log.info(`The service queued the deployment: status id ${statusId}.`)
  if (!settings.wait) return { ...sofar(deployment), status: 'queued' }
  await deployment.comment?.write({ ...sofar(deployment), status: 'queued' })
  const followed = await followDeployment(client, { statusId, waits: settings, deadline }, rt)
  if (followed.kind === 'lost') return refused(deployment, followed.error)
  const status = followed.kind === 'ended' ? followed.job.status : 'timed-out'
  return { ...sofar(deployment), status, deployment: followed.job }
}

/** The facts so far: what the trigger answered, if it did, and the time since the action started. */
function sofar(deployment: Deployment): DeployFacts {
  const { action, plan, settings, startedAt, trigger } = deployment
  return {
    mode: plan.mode,
    branch: plan.branch,
    ...(trigger && { statusId: trigger.statusId, previewUrl: trigger.previewUrl }),
    elapsedMs: action.rt.clock.now() - startedAt,
    maxWaitMs: settings.maxWaitMs
  }
}

function refused(deployment: Deployment, error: unknown): DeployResult {
  const refusal = refusalText(error, deployment.plan.mode)
  return { ...sofar(deployment), status: 'refused', refusal }
}

/**
 * The public outputs. Without a result (a skip): `skipped`, the rest empty. A refused deployment's
 * `status` is the empty value.
 */
function setOutputs(action: ActionRun, result?: DeployResult, comment?: DeployComment): void {
  const status = result ? result.status : 'skipped'
  const outputs = {
    'status-id': result?.statusId ?? '',
    status: status === 'refused' ? '' : status,
    'preview-url': result?.previewUrl ?? '',
    subdomain: result?.deployment?.subdomain ?? '',
    'commit-sha': result?.deployment?.commit?.sha ?? '',
    'comment-id': comment?.id === undefined ? '' : String(comment.id),
    'comment-url': comment?.url ?? ''
  }
  for (const [name, value] of Object.entries(outputs)) core.setOutput(name, action.redact(value))
}

/** Nothing was called: status `skipped`, exit 0, the reason in the log and the summary. */
async function publishSkip(reason: string, action: ActionRun): Promise<void> {
  action.rt.log.info(`Skipped: ${reason}.`)
  setOutputs(action)
  await action.summary(`## Mintlify deployment\n\nSkipped: ${reason}.\n`)
}

/** The end of a run: the comment, the outputs, the step summary, and the step's own result. */
async function publishResult(result: DeployResult, deployment: Deployment): Promise<void> {
  const { action, comment, settings, context } = deployment
  const cancelled = result.status === 'cancelled'
  await comment?.write(result, { urgent: cancelled })
  setOutputs(action, result, comment)
  await action.summary(renderDeploySummary(result, runUrl(context)))
  const line = headline(result)
  if (cancelled) return action.fail(line)
  if (!isFailure(result)) return action.rt.log.info(line)
  if (settings.failOnError) return action.fail(line)
  action.rt.log.warning(line)
}
