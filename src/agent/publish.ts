/**
 * The run's report: the outputs, a notice for a pull request, and the step summary. The comment is
 * the conversation's; this is what every run leaves, commenting or not.
 */
import * as core from '@actions/core'
import type { Runtime } from '../shared/runtime.js'
import { writeStepSummary } from '../shared/step-summary.js'
import type { AgentResult } from './outcome.js'
import { renderSummary } from './render.js'
import type { AgentRequest } from './request.js'

/** What a handled request reports: the result, and where the tracking comment is. */
export interface Handled {
  result: AgentResult
  /** Absent when the run ended before its request was known to be allowed. */
  request?: AgentRequest
  comment?: { id?: number; url?: string }
}

export async function publish({ result, request, comment }: Handled, rt: Runtime): Promise<void> {
  core.setOutput('job-id', result.jobId ?? '')
  core.setOutput('status', result.status)
  core.setOutput('pr-url', result.pr?.url ?? '')
  core.setOutput('pr-number', result.pr ? String(result.pr.number) : '')
  core.setOutput('comment-id', comment?.id !== undefined ? String(comment.id) : '')
  core.setOutput('comment-url', comment?.url ?? '')
  if (result.pr) rt.log.notice(`The Mintlify agent opened ${result.pr.url}`)
  rt.log.info(`Status: ${result.status}${result.jobId ? ` (job ${result.jobId})` : ''}`)
  const summary = renderSummary({
    result,
    instruction: request?.instruction ?? '',
    commentUrl: comment?.url
  })
  await writeStepSummary(summary, rt)
}
