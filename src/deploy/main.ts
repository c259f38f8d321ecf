/**
 * The deploy action: a production deployment or a branch preview, triggered, followed to its end,
 * and reported in the step summary, the outputs and one comment on the pull request.
 */
import { createMintlifyClient, type MintlifyClient } from '../mintlify/client.js'
import { isCancellation } from '../shared/cancellation.js'
import { runAction, type ActionRun, type RunOptions } from '../shared/run-action.js'
import { readRunnerContext, runUrl } from '../shared/runner-context.js'
import { openDeployComment } from './open-comment.js'
import { followDeployment } from './follow.js'
import { planDeployment, type DeployPlan } from './plan.js'
import { publishResult, publishSkip } from './publish.js'
import { refusalText } from './refusal.js'
import type { DeployResult } from './result.js'
import { parseDeploySettings, type DeploySettings } from './settings.js'
import { triggerDeployment } from './trigger.js'
import type { DeployComment } from './comment.js'
import type { DeploymentTrigger } from '../mintlify/platform-types.js'

export type { RunOptions }

export function run(options: RunOptions = {}): Promise<void> {
  return runAction({ flow: action => deployAction(action, options) }, options)
}

type Deploying = Extract<DeployPlan, { kind: 'deploy' }>

/** What the steps of one deployment share. */
interface Deployment {
  action: ActionRun
  settings: DeploySettings
  plan: Deploying
  client: MintlifyClient
  comment?: DeployComment
  startedAt: number
  deadline: number
}

async function deployAction(action: ActionRun, options: RunOptions): Promise<void> {
  const { read, rt } = action
  const startedAt = rt.clock.now()
  const settings = parseDeploySettings(read)
  const context = readRunnerContext()
  const runLink = runUrl(context)
  const plan = planDeployment(settings, context)
  if (plan.kind === 'skip') return publishSkip(plan.reason, action)
  rt.log.info(
    plan.mode === 'preview' ? `Previewing the branch ${plan.branch}.` : 'Deploying production.'
  )
  const deployment: Deployment = {
    action,
    settings,
    plan,
    client: createMintlifyClient(settings.service, options),
    startedAt,
    deadline: startedAt + settings.maxWaitMs
  }
  try {
    deployment.comment = await openDeployComment(
      { settings, context, thread: plan.thread, branch: plan.branch },
      { rt, redact: action.redact, runLink }
    )
  } catch (error) {
    // A cancel while the comment is opened: no comment to write, the outputs and summary still say so.
    if (!isCancellation(error) && !action.cancelled) throw error
    return publishResult(
      { ...sofar(deployment), status: 'cancelled' },
      { action, settings, runLink }
    )
  }
  const { comment } = deployment
  await publishResult(await deploy(deployment), { action, comment, settings, runLink })
}

/** The result so far: what the trigger answered, if it did, and the time since the action started. */
function sofar(deployment: Deployment, trigger?: DeploymentTrigger): DeployResult {
  const { action, plan, settings, startedAt } = deployment
  return {
    status: 'queued',
    mode: plan.mode,
    branch: plan.branch,
    ...(trigger && { statusId: trigger.statusId, previewUrl: trigger.previewUrl }),
    elapsedMs: action.rt.clock.now() - startedAt,
    maxWaitMs: settings.maxWaitMs
  }
}

/** Trigger, then follow: the result to publish. */
async function deploy(deployment: Deployment): Promise<DeployResult> {
  const { action, plan, settings, client, comment } = deployment
  let trigger: DeploymentTrigger
  try {
    trigger = await triggerDeployment(
      client,
      { mode: plan.mode, branch: plan.branch, deadline: deployment.deadline },
      action.rt
    )
  } catch (error) {
    const cancelled = isCancellation(error) || action.cancelled
    if (cancelled) return { ...sofar(deployment), status: 'cancelled' }
    return { ...sofar(deployment), status: '', refusal: refusalText(error, plan.mode) }
  }
  action.rt.log.info(`The service queued the deployment: status id ${trigger.statusId}.`)
  if (!settings.wait) return sofar(deployment, trigger)
  await comment?.write(sofar(deployment, trigger))
  return follow(deployment, trigger)
}

/** Follows the triggered deployment to its end, the deadline, or the run's cancel. */
async function follow(deployment: Deployment, trigger: DeploymentTrigger): Promise<DeployResult> {
  const { action, settings, plan, client } = deployment
  try {
    const followed = await followDeployment(
      client,
      { statusId: trigger.statusId, waits: settings, deadline: deployment.deadline },
      action.rt
    )
    const result = sofar(deployment, trigger)
    if (followed.kind === 'lost') {
      return { ...result, status: '', refusal: refusalText(followed.error, plan.mode) }
    }
    if (followed.kind === 'ended') {
      return { ...result, status: followed.job.status, deployment: followed.job }
    }
    return { ...result, status: 'timed-out', deployment: followed.job }
  } catch (error) {
    if (!isCancellation(error) && !action.cancelled) throw error
    return { ...sofar(deployment, trigger), status: 'cancelled' }
  }
}
