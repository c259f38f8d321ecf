/**
 * Starting the deployment: one trigger, retried as triggerRetryPolicy allows (ambiguous failures up
 * to 3 attempts in all, 429s for as long as the deadline allows). A refusal is an answer, not a
 * throw; only the run's cancel throws.
 */
import type { MintlifyClient } from '../mintlify/client.js'
import type { DeploymentTrigger } from '../mintlify/platform-types.js'
import { triggerRetryPolicy } from '../mintlify/trigger-retry.js'
import { retrying } from '../shared/retry.js'
import type { Runtime } from '../shared/runtime.js'
import type { DeployMode } from './plan.js'

export type Triggered =
  | { kind: 'queued'; trigger: DeploymentTrigger }
  /** The service refused it, or never answered within the attempts and the deadline. */
  | { kind: 'refused'; error: unknown }

/**
 * Triggers `plan`'s deployment: production, or a preview of its branch.
 * `deadline`: epoch ms, max-wait-minutes after the action started.
 */
export async function triggerDeployment(
  client: MintlifyClient,
  plan: { mode: DeployMode; branch?: string },
  deadline: number,
  rt: Runtime
): Promise<Triggered> {
  const { mode, branch } = plan
  const operation = mode === 'preview' ? 'trigger-preview' : 'trigger-deployment'
  try {
    const trigger = await retrying(
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
    return { kind: 'queued', trigger }
  } catch (error) {
    rt.signal.throwIfAborted()
    return { kind: 'refused', error }
  }
}
