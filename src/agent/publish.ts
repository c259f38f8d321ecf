/**
 * The run's report: the outputs, a notice for a pull request, and the step summary. The comment is
 * the conversation's; this is what every run leaves, commenting or not.
 */
import * as core from '@actions/core'
import type { ActionRun } from '../shared/run-action.js'
import { writeStepSummary } from '../shared/step-summary.js'
import { pullRequestOf, statusOutput, type JobResult } from '../job/result.js'
import type { Owned } from '../job/rerun-protocol.js'
import { NOTHING_NEW, ownedText, renderNoteSummary, renderSummary } from './summary.js'
import { headingOf, reportOf, type Run } from './run.js'
import { renderDryRun, type DryRun } from './dry-run.js'
import type { NothingToDigest } from './digest/prepare.js'
import { renderDigestDetails, type DigestReport } from './digest/report.js'

/** What a handled request reports: the result, and where the tracking comment is. */
interface Reported {
  kind: 'reported'
  result: JobResult
  /** Absent when the run ended before its request was known to be allowed. */
  run?: Run
  comment?: { id?: number; url?: string }
  /** A digest's pull requests: included, skipped, waiting. */
  digest?: DigestReport
}

/** A request reported, one another run owns, a digest with nothing to include, or a dry run. */
export type Handled = Reported | Owned | NothingToDigest | DryRun

export async function publish(
  handled: Handled,
  { rt, redact }: Pick<ActionRun, 'rt' | 'redact'>
): Promise<void> {
  const reported = handled.kind === 'reported' ? handled : undefined
  const dry = handled.kind === 'dry-run' ? handled : undefined
  const digest = handled.kind === 'nothing' ? handled.report : (reported ?? dry)?.digest
  const result = reported?.result
  const pr = result && pullRequestOf(result)
  const comment = reported?.comment
  core.setOutput('job-id', (dry ?? result)?.jobId ?? '')
  core.setOutput('status', dry?.status ?? (result ? statusOutput(result) : 'skipped'))
  if (dry) core.setOutput('prompt', redact(dry.prompt ?? ''))
  if (dry) rt.log.info(`Dry run: ${dry.decision}.`)
  core.setOutput('pr-url', pr?.url ?? '')
  core.setOutput('pr-number', pr ? String(pr.number) : '')
  core.setOutput('comment-id', comment?.id !== undefined ? String(comment.id) : '')
  core.setOutput('comment-url', comment?.url ?? '')
  const report = result && reportOf(reported?.run, result)
  for (const [name, value] of Object.entries(report?.outputs ?? {})) core.setOutput(name, value)
  if (pr) rt.log.notice(`The Mintlify agent opened ${pr.url}`)
  if (result) {
    rt.log.info(`Status: ${statusOutput(result)}${result.jobId ? ` (job ${result.jobId})` : ''}`)
  }
  if (digest) {
    core.setOutput('digest-pulls', String(digest.included.length))
    core.setOutput('digest-skipped', String(digest.skipped.length))
    core.setOutput('digest-waiting', String(digest.waiting))
  }
  const summary = summaryOf(handled, comment?.url)
  const details = digest ? `${summary}\n${renderDigestDetails(digest)}\n` : summary
  await writeStepSummary(redact(details), rt)
}

function summaryOf(handled: Handled, commentUrl: string | undefined): string {
  switch (handled.kind) {
    case 'owned':
      return renderNoteSummary(ownedText(handled))
    case 'nothing':
      return renderNoteSummary(
        handled.reason
          ? `⏭️ Not triggered: ${handled.reason}.`
          : `⏭️ Nothing to digest: ${NOTHING_NEW}.`
      )
    case 'dry-run':
      return renderNoteSummary(renderDryRun(handled), headingOf(handled.sends))
    case 'reported':
      return renderSummary({
        result: handled.result,
        report: reportOf(handled.run, handled.result),
        commentUrl
      })
  }
}
