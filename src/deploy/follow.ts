/**
 * Following a deployment's update status to `success` or `failure` with the poll loop agent jobs
 * use (job/poll.ts): the same backoff, Retry-After and deadline.
 */
import type { MintlifyClient } from '../mintlify/client.js'
import {
  isEndedDeployment,
  isKnownDeploymentStatus,
  type DeploymentStatus,
  type EndedDeployment
} from '../mintlify/platform-types.js'
import { pollUntilEnded, statusSubject, type PollOutcome } from '../job/poll.js'
import { inputsBackoff } from '../job/poll-schedule.js'
import type { Runtime } from '../shared/runtime.js'
import { plural } from '../shared/plural.js'
import type { WaitSettings } from '../shared/wait-inputs.js'

const DEPLOYMENT = statusSubject<DeploymentStatus, EndedDeployment>(
  'get-deployment-status',
  'deployment',
  isEndedDeployment,
  isKnownDeploymentStatus
)

export interface FollowRequest {
  statusId: string
  waits: WaitSettings
  /** Epoch ms: max-wait-minutes after the action started. */
  deadline: number
}

export async function followDeployment(
  client: MintlifyClient,
  { statusId, waits, deadline }: FollowRequest,
  rt: Runtime
): Promise<PollOutcome<DeploymentStatus, EndedDeployment>> {
  const outcome = await pollUntilEnded(
    {
      read: signal => client.getDeploymentStatus(statusId, { signal }),
      subject: DEPLOYMENT,
      backoff: inputsBackoff(waits, rt.random),
      deadline,
      startedAt: rt.clock.now(),
      // Just triggered: queued, so the first read comes after one wait.
      waitFirst: true
    },
    rt
  )
  rt.log.info(`Polled the deployment ${plural(outcome.polls, 'time')}.`)
  return outcome
}
