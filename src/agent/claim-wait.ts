/**
 * One job a thread, the waiting: re-read another request's claim until it names its job (followed
 * up then), the claim fails, or 2 minutes pass (a new job then).
 */
import { readComment } from '../github/comment-read.js'
import { ownMarker } from '../job/markers.js'
import { getErrorMessage } from '../shared/errors.js'
import { deadlineWaits, type Backoff } from '../shared/retry.js'
import type { Runtime } from '../shared/runtime.js'
import { CLAIM_WAIT_MS, claimSeen, decideClaimWait, type ClaimSeen } from './claim-rule.js'
import type { ThreadReading } from './conversation.js'
import type { AgentFlow } from './flow.js'
import type { AgentRequest } from './request.js'

/** The first look a moment after the claim was seen, then less often: a create takes seconds. */
const LOOKS: Backoff = {
  retries: Number.POSITIVE_INFINITY,
  minTimeoutMs: 2_000,
  factor: 2,
  maxTimeoutMs: 10_000,
  randomize: true
}

type WaitEnd = Exclude<ClaimSeen, { kind: 'pending' }> | { kind: 'timed-out' }

/**
 * The job another request's claim came to name, for this request to continue; undefined: no claim
 * to wait for, or it failed (the log says why), and this request goes on as it would have.
 */
export async function settleClaim(
  request: AgentRequest,
  thread: ThreadReading,
  { settings, rt, github, edge }: Pick<AgentFlow, 'settings' | 'rt' | 'github' | 'edge'>
): Promise<string | undefined> {
  const claim = thread.state.pendingClaim
  const decision = decideClaimWait({
    claim: claim?.life,
    followUp: settings.followUp,
    jobIdGiven: settings.jobId !== undefined,
    origin: request.origin,
    onPullRequest: request.thread?.isPullRequest,
    now: rt.clock.now()
  })
  const where = request.thread
  if (decision.kind === 'none' || !claim || !github || !where) return undefined
  const url = claim.comment.htmlUrl
  if (decision.kind === 'ignore') {
    rt.log.info(
      `Not waiting for another request's claim in this thread (${url}): ${decision.reason}.`
    )
    return undefined
  }
  const minutes = CLAIM_WAIT_MS / 60_000
  const waiting = `wait up to ${minutes} minutes for another request's claim (${url}) to name its job`
  const end = await edge.write(waiting, async () => {
    rt.log.info(
      `Another request in this thread (${url}) is starting its agent job right now; waiting up to ` +
        `${minutes} minutes for it, to continue that job rather than start a second one.`
    )
    const identity = await github.identity.get()
    const read = async (): Promise<ClaimSeen> => {
      const repo = { owner: where.owner, repo: where.repo }
      const comment = await readComment(github.octokit, { repo, commentId: claim.comment.id }, rt)
      const marker = comment && ownMarker(comment, identity)
      return claimSeen(claim.life.request, { gone: comment === undefined, marker })
    }
    return watchClaim(read, rt)
  })
  if (!end) return undefined
  if (end.kind === 'job') {
    rt.log.info(`That request's agent job is ${end.jobId}; this request continues it.`)
    return end.jobId
  }
  const why = end.kind === 'timed-out' ? `it named no job within ${minutes} minutes` : end.reason
  rt.log.info(`Starting a new agent job: the other request's claim (${url}) failed: ${why}.`)
  return undefined
}

/** Re-reads the claim until it is no longer pending, or the wait's bound has passed. */
async function watchClaim(read: () => Promise<ClaimSeen>, rt: Runtime): Promise<WaitEnd> {
  const nextWait = deadlineWaits(LOOKS, rt.clock.now() + CLAIM_WAIT_MS, rt)
  for (;;) {
    const waitMs = nextWait()
    if (waitMs === undefined) return { kind: 'timed-out' }
    await rt.clock.sleep(waitMs, rt.signal)
    let seen: ClaimSeen
    try {
      seen = await read()
    } catch (error) {
      rt.signal.throwIfAborted()
      return { kind: 'failed', reason: `its comment could not be read (${getErrorMessage(error)})` }
    }
    if (seen.kind !== 'pending') return seen
  }
}
