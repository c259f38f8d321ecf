/**
 * The run's report: the outputs, a notice for a pull request, and the step summary. The comment is
 * the conversation's; this is what every run leaves, commenting or not.
 */
import * as core from '@actions/core'
import type { Runtime } from '../shared/runtime.js'
import { writeStepSummary } from '../shared/step-summary.js'
import { pullRequestOf, statusOutput, type JobResult } from '../job/result.js'
import { isOwned, type Owned } from '../job/rerun-protocol.js'
import { renderOwnedSummary, renderSummary } from './summary.js'
import type { AgentRequest } from './request.js'

/** What a handled request reports: the result, and where the tracking comment is. */
export interface Reported {
  result: JobResult
  /** Absent when the run ended before its request was known to be allowed. */
  request?: AgentRequest
  comment?: { id?: number; url?: string }
}

/** A request reported, or one that another run owns (status `skipped`). */
export type Handled = Reported | Owned

export async function publish(handled: Handled, rt: Runtime): Promise<void> {
  const reported = isOwned(handled) ? undefined : handled
  const result = reported?.result
  const pr = result && pullRequestOf(result)
  const comment = reported?.comment
  core.setOutput('job-id', result?.jobId ?? '')
  core.setOutput('status', result ? statusOutput(result) : 'skipped')
  core.setOutput('pr-url', pr?.url ?? '')
  core.setOutput('pr-number', pr ? String(pr.number) : '')
  core.setOutput('comment-id', comment?.id !== undefined ? String(comment.id) : '')
  core.setOutput('comment-url', comment?.url ?? '')
  if (pr) rt.log.notice(`The Mintlify agent opened ${pr.url}`)
  if (result) {
    rt.log.info(`Status: ${statusOutput(result)}${result.jobId ? ` (job ${result.jobId})` : ''}`)
  }
  const summary = isOwned(handled)
    ? renderOwnedSummary(handled)
    : renderSummary({
        result: handled.result,
        instruction: handled.request?.instruction ?? '',
        commentUrl: comment?.url
      })
  await writeStepSummary(summary, rt)
}
