/** The agent's step summary: how the run ended, and a table of the job's details. Pure. */
import { formatDuration } from '../shared/duration.js'
import { codeSpan, tableCell, truncate } from '../shared/markdown.js'
import type { AgentResult } from '../job/result.js'
import { resultText } from '../job/result-text.js'

/** Another workflow run delivered the same request first and follows its job. */
export function ownedElsewhereText({ run, url }: { run?: string; url?: string }): string {
  const where = url ? ` ([its tracking comment](${url}))` : ''
  return `⏭️ Not started: workflow run ${run ?? '(unknown)'} already handles this request${where}.`
}

export interface SummaryFacts {
  result: AgentResult
  instruction: string
  commentUrl?: string
}

/** The step summary: a table with the job id, status, duration, PR link and the prompt. */
export function renderSummary({ result, instruction, commentUrl }: SummaryFacts): string {
  const pr = result.pr
    ? `[${result.pr.owner}/${result.pr.repo}#${result.pr.number}](${result.pr.url})`
    : result.untrustedPrLink
      ? codeSpan(result.untrustedPrLink)
      : '—'
  const rows = [
    ['Job id', result.jobId ? codeSpan(result.jobId) : '—'],
    ['Status', `\`${result.status}\``],
    ['Duration', formatDuration(result.elapsedMs)],
    ['Pull request', pr],
    ['Prompt', instruction ? tableCell(truncate(instruction.trim(), 200)) : '—']
  ]
  if (commentUrl) rows.push(['Comment', `[tracking comment](${commentUrl})`])
  return [
    '### Mintlify docs agent',
    '',
    result.ownedBy ? ownedElsewhereText(result.ownedBy) : resultText(result),
    '',
    '| Detail | Value |',
    '| --- | --- |',
    ...rows.map(([name, value]) => `| ${name} | ${value} |`),
    ''
  ].join('\n')
}
