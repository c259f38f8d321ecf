/** How a run's deployment ended, as the outputs, the summary and the comment show it. */
import type { DeploymentStatus } from '../mintlify/platform-types.js'
import type { DeployMode } from './plan.js'

/** The `status` output of a run that deployed (a skip outputs `skipped` itself); '' when refused. */
export type DeployStatus = 'queued' | 'success' | 'failure' | 'timed-out' | 'cancelled' | ''

export interface DeployResult {
  status: DeployStatus
  mode: DeployMode
  branch?: string
  statusId?: string
  previewUrl?: string
  /** The service's last answer about the deployment. */
  deployment?: DeploymentStatus
  /** Why the service refused (or could not be asked), already worded for a person; untrusted parts inert. */
  refusal?: string
  /** Since the action started. */
  elapsedMs: number
  maxWaitMs: number
}

/** Whether the step fails with fail-on-error (a cancel always fails it). */
export function isFailure(result: DeployResult): boolean {
  return ['failure', 'timed-out', ''].includes(result.status)
}
