/**
 * The sweep's step summary: a table of the comments it finished or left (tracking comments by their
 * job, deploy comments by their deployment's status id), each with its links.
 */
import { inert, tableCell } from '../shared/markdown.js'
import type { SweepOutcome } from './sweep.js'

export function renderSweepSummary(outcome: SweepOutcome, repo: string): string {
  const lines = [
    '### Mintlify docs agent: sweep',
    '',
    `${outcome.finished} tracking comment${outcome.finished === 1 ? '' : 's'} finished, ` +
      `${outcome.pending} still pending; ${outcome.checked} job${outcome.checked === 1 ? '' : 's'} or deployment${outcome.checked === 1 ? '' : 's'} read.`,
    ''
  ]
  if (outcome.rows.length === 0)
    return [...lines, 'No tracking comment is waiting for its job.', ''].join('\n')
  lines.push(
    '| Thread | Job | Outcome | Comment | Pull request |',
    '| --- | --- | --- | --- | --- |'
  )
  for (const row of outcome.rows) {
    const pr = row.prUrl ? `[pull request](${row.prUrl})` : '—'
    lines.push(
      `| ${inert(`${repo}#${row.thread}`)} | ${row.subject} | ${tableCell(row.outcome)} | [comment](${row.commentUrl}) | ${pr} |`
    )
  }
  return [...lines, ''].join('\n')
}
