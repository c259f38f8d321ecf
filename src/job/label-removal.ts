/**
 * The label list is the queue: a `label-trigger` label comes off when its job ends `completed`, and
 * stays on any other end, so the list shows what still needs a person. A failed removal is a warning.
 */
import { removeLabel } from '../github/labels.js'
import type { Octokit } from '../github/octokit.js'
import type { IssueRef, RepoRef } from '../github/refs.js'
import { gitHubErrorStatus } from '../github/retry.js'
import { getErrorMessage } from '../shared/errors.js'
import type { Runtime } from '../shared/runtime.js'
import { statusOutput, type JobResult } from './result.js'

export interface TriggerLabel {
  ref: IssueRef
  name: string
  /** Which permission a refusal names; undefined: not known, both are named. */
  isPullRequest?: boolean
}

export type LabelOutcome = 'removed' | 'absent' | 'kept' | 'refused' | 'failed'

/** Pure: the permission the token needs to take a label off this thread. */
function labelPermission(label: Pick<TriggerLabel, 'isPullRequest'>): string {
  if (label.isPullRequest === undefined) return '`issues: write` or `pull-requests: write`'
  return label.isPullRequest ? '`pull-requests: write`' : '`issues: write`'
}

/** The label a left job's comment names, on its thread (the comment's link tells a pull request). */
export function labelOfLeftJob(
  left: { comment: { htmlUrl: string }; label?: string; issueNumber: number },
  repo: RepoRef
): TriggerLabel | undefined {
  const name = left.label
  if (!name) return undefined
  const isPullRequest = /\/pull\/\d+(?:#|$)/.test(left.comment.htmlUrl)
  return { ref: { ...repo, issueNumber: left.issueNumber }, name, isPullRequest }
}

/** Takes the label off when the job ended completed; says in the log what became of it. */
export async function removeTriggerLabel(
  octokit: Octokit,
  { label, result }: { label: TriggerLabel; result: JobResult },
  rt: Runtime
): Promise<LabelOutcome> {
  const where = `"${label.name}" on #${label.ref.issueNumber}`
  const status = statusOutput(result)
  if (status !== 'completed') {
    rt.log.info(`The label ${where} stays (status ${status}): only a completed job takes it off.`)
    return 'kept'
  }
  if (rt.signal.aborted) return 'kept'
  try {
    const removal = await removeLabel(octokit, { ref: label.ref, name: label.name }, rt)
    rt.log.info(
      removal === 'removed'
        ? `Removed the label ${where}: its job ended completed.`
        : `The label ${where} was already removed.`
    )
    return removal
  } catch (error) {
    const httpStatus = gitHubErrorStatus(error)
    if (httpStatus === 403) {
      rt.log.warning(
        `Could not remove the label ${where}: the github-token needs ${labelPermission(label)} (HTTP 403).`
      )
      return 'refused'
    }
    rt.log.warning(`Could not remove the label ${where}: ${getErrorMessage(error)}`)
    return 'failed'
  }
}
