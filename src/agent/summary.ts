/** The agent's step summary: how the run ended, and a table of the job's details. Pure. */
import { formatDuration } from '../shared/duration.js'
import { codeSpan, tableCell } from '../shared/markdown.js'
import { promptGist } from './prompt-gist.js'
import { pullRequestOf, statusOutput, untrustedLinkOf, type JobResult } from '../job/result.js'
import { resultText } from '../job/result-text.js'
import type { Owned } from '../job/rerun-protocol.js'

/** Another workflow run delivered the same request first and follows its job. */
export function ownedText({ run, url }: Owned): string {
  const where = url ? ` ([its tracking comment](${url}))` : ''
  return `⏭️ Not started: workflow run ${run ?? '(unknown)'} already handles this request${where}.`
}

export interface SummaryFacts {
  result: JobResult
  instruction: string
  commentUrl?: string
}

/** The step summary: a table with the job id, status, duration, PR link and the prompt. */
export function renderSummary({ result, instruction, commentUrl }: SummaryFacts): string {
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
    ['Prompt', instruction ? tableCell(promptGist(instruction, 200)) : '—']
  ]
  if (commentUrl) rows.push(['Comment', `[tracking comment](${commentUrl})`])
  return [
    '### Mintlify docs agent',
    '',
    resultText(result),
    '',
    '| Detail | Value |',
    '| --- | --- |',
    ...rows.map(([name, value]) => `| ${name} | ${value} |`),
    ''
  ].join('\n')
}

/** The summary of a run that left the request to the run that owns it. */
export function renderOwnedSummary(owned: Owned): string {
  return ['### Mintlify docs agent', '', ownedText(owned), ''].join('\n')
}

/** The summary of a digest with no pull request to include: no job, no comment. */
export function renderNothingSummary(): string {
  return [
    '### Mintlify docs agent',
    '',
    '⏭️ Nothing to digest: no merged pull request to include since the last digest.',
    ''
  ].join('\n')
}

/** The summary of a request a guard stopped before anything was written (a labelled PR). */
export function renderSkippedSummary(reason: string): string {
  return ['### Mintlify docs agent', '', `⏭️ Not started: ${reason}.`, ''].join('\n')
}
