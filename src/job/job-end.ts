/**
 * What a job's end sets off, whoever saw it: a digest's notes, the back-link, the trigger label's
 * removal, then the final edit. The edit tells the sweep and the next digest nothing is left, so it
 * comes last: a run that dies before it leaves the comment open and the next reader redoes the rest
 * (each is idempotent); anything after it would be lost for good.
 */
import { updateComment } from '../github/comments.js'
import type { IdentityOnce } from '../github/identity.js'
import type { Octokit } from '../github/octokit.js'
import type { RepoRef } from '../github/refs.js'
import { plural } from '../shared/plural.js'
import type { Runtime } from '../shared/runtime.js'
import { postBackLink, type BackLinkFacts } from './back-link.js'
import type { DigestFields } from './digest-marker.js'
import { notifyDigest } from './digest-notes.js'
import { removeTriggerLabel, type TriggerLabel } from './label-removal.js'
import { pullRequestOf, type JobResult } from './result.js'
import type { TrackingComment } from './tracking-comment.js'

/** What a job's end sets off besides the final edit, known before the job ends. */
export interface EndPlan {
  github: { octokit: Octokit; identity: Pick<IdentityOnce, 'get'> }
  /** The repository of the tracking comment (a digest's code PRs are in it). */
  repo: RepoRef
  notes?: { fields: DigestFields; request: string }
  backLink?: Omit<BackLinkFacts, 'pr' | 'jobId'>
  label?: TriggerLabel
}

/** The tracking comment's final text, and where it goes. */
export type FinalEdit =
  /** The run's own comment: a failed write is a warning (the outputs still carry the result). */
  | { kind: 'tracking'; tracking?: TrackingComment; body: string; urgent: boolean }
  /** A comment another run left: a failed edit throws, and the comment stays open. */
  | { kind: 'left'; octokit: Octokit; repo: RepoRef; commentId: number; body: string }

/**
 * The end's effects, then the final edit. A cancelled run (`urgent`) only writes the comment: its
 * short budget is for that, and the job may still finish (the sweep does the rest then).
 */
export async function endJob(
  plan: EndPlan | undefined,
  end: { result: JobResult; trackingUrl?: string; final: FinalEdit },
  rt: Runtime
): Promise<void> {
  const { result, final } = end
  const urgent = final.kind === 'tracking' && final.urgent
  if (plan && !urgent) await setOff(plan, result, end.trackingUrl, rt)
  if (final.kind === 'tracking') {
    await final.tracking?.write(final.body, { urgent: final.urgent })
    return
  }
  const { octokit, repo, commentId, body } = final
  await updateComment(octokit, { repo, commentId, body }, rt)
}

async function setOff(
  plan: EndPlan,
  result: JobResult,
  trackingUrl: string | undefined,
  rt: Runtime
): Promise<void> {
  const { octokit } = plan.github
  const pr = pullRequestOf(result)
  if (plan.notes) {
    const access = { octokit, identity: await plan.github.identity.get() }
    const { fields, request } = plan.notes
    const posted = await notifyDigest(
      access,
      { repo: plan.repo, fields, result, request, trackingUrl },
      rt
    )
    if (posted !== undefined) {
      rt.log.info(`Posted ${plural(posted, 'note')} on the digest's code pull requests.`)
    }
  }
  if (plan.backLink && pr && result.jobId && !rt.signal.aborted) {
    const identity = await plan.github.identity.get()
    await postBackLink({ octokit, identity }, { ...plan.backLink, pr, jobId: result.jobId }, rt)
  }
  if (plan.label) await removeTriggerLabel(octokit, { label: plan.label, result }, rt)
}
