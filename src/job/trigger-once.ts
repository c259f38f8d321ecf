/**
 * Triggers a Mintlify automation once. A trigger is a paid run with no idempotency key, so it is sent
 * as a job's create is (send-once.ts): a failure that may have reached the service is an unknown
 * outcome, never sent again; only a trigger that provably never left, or a 429 (waited out while the
 * deadline allows: automationTriggerPolicy), is tried again. The run's agent job is then followed.
 */
import type { MintlifyClient } from '../mintlify/client.js'
import { MintlifyError } from '../mintlify/errors.js'
import { automationTriggerPolicy } from '../mintlify/trigger-retry.js'
import type { AgentJob } from '../mintlify/types.js'
import { isCancellation } from '../shared/cancellation.js'
import { retrying } from '../shared/retry.js'
import type { Runtime } from '../shared/runtime.js'
import { cutOffWhileSent, ended, failedSendProblem, type Sent } from './send-once.js'

/** What an automation request sends: the trigger of this automation (no prompt). */
export interface TriggerPlan {
  kind: 'trigger'
  automationId: string
}

export async function triggerOnce(
  plan: TriggerPlan,
  { client, rt, deadline }: { client: MintlifyClient; rt: Runtime; deadline: number }
): Promise<Sent> {
  const { automationId } = plan
  // A cancel that cuts the trigger off on its way leaves its outcome unknown, as a timeout would.
  let cutOff = false
  try {
    const run = await retrying(
      async signal => {
        try {
          return await client.triggerAutomation(automationId, { signal })
        } catch (error) {
          if (rt.signal.aborted) cutOff = true
          throw error
        }
      },
      rt,
      {
        policy: automationTriggerPolicy(),
        deadline,
        onRetry: ({ reason, delayMs }) =>
          rt.log.warning(
            `Triggering automation ${automationId} failed (${reason}); trying again in ${Math.round(delayMs / 1000)} s.`
          )
      }
    )
    rt.log.info(
      `Triggered Mintlify automation ${automationId}: run ${run.instanceId}, agent job ${run.jobId}.`
    )
    // The trigger answers no job: a run just queued is followed as a job just created.
    const job: AgentJob = { id: run.jobId, status: 'active', prLink: null }
    const automation = { id: automationId, instanceId: run.instanceId }
    return {
      kind: 'sent',
      followed: { jobId: run.jobId, mode: 'created', sentBy: { job }, automation }
    }
  } catch (error) {
    if (isCancellation(error)) {
      if (!cutOff) return ended({ status: 'cancelled' })
      return cutOffWhileSent()
    }
    if (!(error instanceof MintlifyError)) throw error
    rt.log.info(error.message)
    return ended({ status: 'problem', problem: failedSendProblem(error, 'create') })
  }
}
