/**
 * The life of one request's job: send it once (or attach to it), follow it to its end, and keep the
 * tracking comment current at each step, with the marker the re-run protocol asks for.
 */
import type { CommentFrame, TrackingPhase } from '../job/tracking-text.js'
import { renderTrackingComment } from '../job/tracking-text.js'
import { followJob, type FollowContext, type FollowedJob } from '../job/follow.js'
import { withDigest, type DigestFields } from '../job/digest-marker.js'
import type { TrackingMarker } from '../job/markers.js'
import { statusOutput, type JobResult } from '../job/result.js'
import type { JobPlan } from './plan.js'
import {
  markerAfter,
  markerWhileSending,
  markerWithJob,
  type Owned,
  type RequestRef
} from '../job/rerun-protocol.js'
import { sendOnce } from '../job/send-once.js'
import { triggerOnce } from '../job/trigger-once.js'
import type { AgentSettings } from './settings.js'
import type { TrackingComment } from '../job/tracking-comment.js'
import type { Conversation } from './conversation.js'
import { endJob, type EndPlan } from '../job/job-end.js'

export interface JobFlowContext extends FollowContext {
  /** Absent when the run does not comment. */
  tracking?: TrackingComment
  /** Instruction, requester, run link: what every version of the comment shows. */
  frame: Omit<CommentFrame, 'marker'>
  request: RequestRef
  /** Once the pending comment is written: another run's earlier claim on the request, if any. */
  conversation?: Pick<Conversation, 'otherClaim'>
  /** A digest's fields: every marker the protocol writes carries them, the final one its job's end. */
  digest?: DigestFields
  /** What the job's end sets off before the comment shows it (job-end.ts); absent without GitHub. */
  ends?: EndPlan
}

/** The job's end as this run saw it, or a request another run owns (this run started nothing). */
export type JobOutcome = { kind: 'ended'; result: JobResult } | Owned

export async function runJobFlow(
  plan: JobPlan,
  settings: AgentSettings,
  context: JobFlowContext
): Promise<JobOutcome> {
  const { rt } = context
  // The request's marker fields; a triggered run joins them once the trigger answers.
  let request = context.request
  const bodyOf = (phase: TrackingPhase, marker: TrackingMarker): string => {
    const result = phase.phase === 'done' ? phase.result : undefined
    const written = withDigest(marker, context.digest, result)
    return renderTrackingComment({ ...context.frame, marker: written }, phase)
  }
  const show = (phase: TrackingPhase, marker: TrackingMarker): Promise<void> =>
    context.tracking?.write(bodyOf(phase, marker)) ?? Promise.resolve()
  const finish = async (ended: JobResult): Promise<JobOutcome> => {
    // A trigger's result names what it triggered and its run, whatever became of it.
    const result: JobResult = request.trigger ? { ...ended, trigger: request.trigger } : ended
    const { tracking } = context
    const body = bodyOf({ phase: 'done', result }, markerAfter(request, result))
    const urgent = statusOutput(result) === 'cancelled'
    const final = { kind: 'tracking' as const, tracking, body, urgent }
    await endJob(context.ends, { result, trackingUrl: tracking?.url, final }, rt)
    return { kind: 'ended', result }
  }

  // Another run delivered the same request first and follows its job: this run starts none.
  if (plan.kind === 'owned') return plan
  if (plan.kind === 'unknown') {
    const problem = { kind: 'unknown' as const, threadUnreadable: plan.threadUnreadable }
    return finish({ status: 'problem', problem, elapsedMs: 0 })
  }

  let followed: FollowedJob
  if (plan.kind === 'attach') {
    const trigger = request.trigger && { ...request.trigger, instanceId: plan.instance }
    followed = { jobId: plan.jobId, mode: plan.mode, trigger }
  } else {
    const followUpOf = plan.kind === 'follow-up' ? plan.jobId : undefined
    await show({ phase: 'working' }, markerWhileSending(request, followUpOf))
    const owner = await context.conversation?.otherClaim()
    if (owner) return { kind: 'owned', ...owner }
    const sent =
      plan.kind === 'trigger' ? await triggerOnce(plan, context) : await sendOnce(plan, context)
    if (sent.kind === 'ended') {
      return finish({ ...sent.result, elapsedMs: rt.clock.now() - context.runStartedAt })
    }
    followed = sent.followed
  }
  const instanceId = followed.trigger?.instanceId ?? request.trigger?.instanceId
  request = { ...request, trigger: request.trigger && { ...request.trigger, instanceId } }

  // The job id goes into the comment at once: a re-run finds it there and re-attaches.
  const following = { jobId: followed.jobId, followUp: followed.mode === 'follow-up' }
  await show({ phase: 'following', ...following }, markerWithJob(request, followed.jobId))
  return finish(await followJob(followed, settings, context))
}
