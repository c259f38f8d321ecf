/**
 * Starting the deployment: one trigger under the one retry entry (a trigger is idempotent in effect:
 * failures without an answer up to 3 attempts in all, 429s for as long as the deadline allows). A
 * refusal is an answer, not a throw; only the run's cancel throws.
 */
import type { MintlifyClient } from '../mintlify/client.js'
import type { DeploymentTrigger } from '../mintlify/platform-types.js'
import { retryWarning, withRetry } from '../mintlify/with-retry.js'
import type { Runtime } from '../shared/runtime.js'
import type { DeployMode } from '../job/deploy-report.js'

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
  const preview = plan.mode === 'preview'
  try {
    const trigger = await withRetry(
      signal =>
        preview
          ? client.triggerPreview(plan.branch ?? '', { signal })
          : client.triggerDeployment({ signal }),
      rt,
      {
        operation: preview ? 'trigger-preview' : 'trigger-deployment',
        deadline,
        onRetry: retryWarning(rt, `Triggering the ${preview ? 'preview' : 'deployment'}`)
      }
    )
    return { kind: 'queued', trigger }
  } catch (error) {
    rt.signal.throwIfAborted()
    return { kind: 'refused', error }
  }
}
