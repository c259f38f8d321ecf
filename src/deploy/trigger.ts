/**
 * Starting the deployment: one trigger, retried as triggerRetryPolicy allows (ambiguous failures up
 * to 3 attempts in all, 429s for as long as the deadline allows).
 */
import type { MintlifyClient } from '../mintlify/client.js'
import type { DeploymentTrigger } from '../mintlify/platform-types.js'
import { triggerRetryPolicy } from '../mintlify/trigger-retry.js'
import { retrying } from '../shared/retry.js'
import type { Runtime } from '../shared/runtime.js'
import type { DeployMode } from './plan.js'

export interface TriggerRequest {
  mode: DeployMode
  branch?: string
  /** Epoch ms: max-wait-minutes after the action started. */
  deadline: number
}

export function triggerDeployment(
  client: MintlifyClient,
  { mode, branch, deadline }: TriggerRequest,
  rt: Runtime
): Promise<DeploymentTrigger> {
  const operation = mode === 'preview' ? 'trigger-preview' : 'trigger-deployment'
  return retrying(
    signal =>
      mode === 'preview'
        ? client.triggerPreview(branch ?? '', { signal })
        : client.triggerDeployment({ signal }),
    rt,
    {
      policy: triggerRetryPolicy(operation),
      deadline,
      onRetry: ({ reason, delayMs }) =>
        rt.log.warning(
          `Triggering the ${mode === 'preview' ? 'preview' : 'deployment'} failed (${reason}); trying again in ${Math.round(delayMs / 1000)} s.`
        )
    }
  )
}
