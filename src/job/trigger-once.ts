/** Triggers a Mintlify automation once: a paid run with no idempotency key, sent as a create is. */
import type { MintlifyClient } from '../mintlify/client.js'
import type { AgentJob } from '../mintlify/types.js'
import type { Runtime } from '../shared/runtime.js'
import { sendRetried, type Sent } from './send-once.js'

/** `id`: the automation's. */
export interface TriggerPlan {
  kind: 'trigger'
  id: string
}

export async function triggerOnce(
  plan: TriggerPlan,
  { client, rt, deadline }: { client: MintlifyClient; rt: Runtime; deadline: number }
): Promise<Sent> {
  const { id: automationId } = plan
  const sending = await sendRetried(
    signal => client.triggerAutomation(automationId, { signal }),
    rt,
    { operation: 'trigger-automation', deadline, what: `Triggering automation ${automationId}` }
  )
  if (sending.kind === 'ended') return sending
  const run = sending.answer
  rt.log.info(
    `Triggered Mintlify automation ${automationId}: run ${run.instanceId}, agent job ${run.jobId}.`
  )
  // The trigger answers no job: a run just queued is followed as a job just created.
  const job: AgentJob = { id: run.jobId, status: 'active', prLink: null }
  const trigger = { id: automationId, instanceId: run.instanceId }
  return { kind: 'sent', followed: { jobId: run.jobId, mode: 'created', sentBy: { job }, trigger } }
}
