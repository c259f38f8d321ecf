/** The agent's step summary: how the run ended, and a table of the job's details. Pure. */
import { formatDuration } from '../shared/duration.js'
import { codeSpan } from '../shared/markdown.js'
import { pullRequestOf, statusOutput, untrustedLinkOf, type JobResult } from '../job/result.js'
import { resultText } from '../job/result-text.js'
import type { Owned } from '../job/rerun-protocol.js'
import type { RunReport } from './run.js'

const HEADING = '### Mintlify docs agent'

/** Another workflow run delivered the same request first and follows its job. */
export function ownedText({ run, url }: Owned): string {
  const where = url ? ` ([its tracking comment](${url}))` : ''
  return `⏭️ Not started: workflow run ${run ?? '(unknown)'} already handles this request${where}.`
}

export interface SummaryFacts {
  result: JobResult
  /** The heading and what was sent, as the run's kind says them. */
  report: RunReport
  commentUrl?: string
}

/** The step summary: a table with the job id, status, duration, PR link and what was sent. */
export function renderSummary({ result, report, commentUrl }: SummaryFacts): string {
  const link = pullRequestOf(result)
  const untrusted = untrustedLinkOf(result)
  const pr = link
    ? `[${link.owner}/${link.repo}#${link.number}](${link.url})`
    : untrusted
      ? codeSpan(untrusted)
      : '—'
  const rows = [
    ['Job id', result.jobId ? codeSpan(result.jobId) : '—'],
    ['Status', `\`${statusOutput(result)}\``],
    ['Duration', formatDuration(result.elapsedMs)],
    ['Pull request', pr],
    report.sent
  ]
  if (commentUrl) rows.push(['Comment', `[tracking comment](${commentUrl})`])
  return [
    report.heading ?? HEADING,
    '',
    resultText(result),
    '',
    '| Detail | Value |',
    '| --- | --- |',
    ...rows.map(([name, value]) => `| ${name} | ${value} |`),
    ''
  ].join('\n')
}

/** Why a digest with no pull request to include starts no job and writes no comment. */
export const NOTHING_NEW = 'no merged pull request to include since the last digest'

/**
 * A note under the heading, for a run that started no job: one owned by another run
 * ({@link ownedText}), a digest with nothing to include, a request a guard stopped, a dry run.
 */
export function renderNoteSummary(note: string, heading = HEADING): string {
  return [heading, '', note, ''].join('\n')
}
