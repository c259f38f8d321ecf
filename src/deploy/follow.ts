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
import { pollUntilEnded, type PollSubject } from '../job/poll.js'
import { inputsBackoff } from '../job/poll-schedule.js'
import type { Runtime } from '../shared/runtime.js'
import { plural } from '../shared/plural.js'
import type { WaitSettings } from '../shared/wait-inputs.js'

const DEPLOYMENT: PollSubject<DeploymentStatus, EndedDeployment> = {
  operation: 'get-deployment-status',
  noun: 'deployment',
  statusOf: deployment => deployment.status,
  describe: deployment => `Deployment ${deployment.id}: ${deployment.status}`,
  isEnded: isEndedDeployment,
  isKnown: isKnownDeploymentStatus
}

export type FollowedDeployment =
  | { kind: 'ended'; deployment: EndedDeployment }
  | { kind: 'timed-out'; deployment?: DeploymentStatus }
  /** A final answer that is not a status (a key that stopped working, a status id never found). */
  | { kind: 'lost'; error: unknown }

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
): Promise<FollowedDeployment> {
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
  if (outcome.kind === 'ended') return { kind: 'ended', deployment: outcome.job }
  if (outcome.kind === 'timed-out') return { kind: 'timed-out', deployment: outcome.job }
  return { kind: 'lost', error: outcome.error }
}
