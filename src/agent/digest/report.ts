/** What a digest covered, for its tracking comment and the step summary. Pure. */
import { codeSpan, inert, truncate } from '../../shared/markdown.js'
import { humanDate } from '../../shared/human-dates.js'
import { plural } from '../../shared/plural.js'
import type { SkippedPull } from './select.js'
import type { Candidate, DigestWindow, Position } from './window.js'

export interface DigestReport<T extends Candidate = Candidate> {
  repository: string
  branch: string
  /** Exclusive. */
  since: Position
  /** The last included pull request; undefined when nothing is included. */
  until?: Position
  included: readonly T[]
  skipped: readonly SkippedPull[]
  waiting: number
  /** The docs PR this digest adds to (a follow-up to the previous digest's job). */
  grows?: string
  /** The digest before, when its create may have started a job that was never reported. */
  unreported?: Unreported
}

/** The window of the digest before, and its tracking comment. */
export type Unreported = DigestWindow & { url: string }

/** Past this many, the lists in a comment are cut (a comment has a size limit). */
const LISTED = 200

/** A window's edge as a person reads it: `Nov 19, 2026 14:04 UTC` (the date alone at midnight). */
function when(position: Position): string {
  return humanDate(new Date(position.at).toISOString(), true)
}

function pullItem(pull: Candidate): string {
  const title = inert(truncate(pull.title, 200))
  return `- [#${pull.number}](${pull.htmlUrl}) ${title}, by ${inert(pull.author)}, merged ${humanDate(pull.mergedAt)}`
}

/** `A digest of 3 pull requests merged into main`: what set the request off. */
export function digestCause(report: DigestReport): string {
  const grows = report.grows ? ', added to the open docs pull request' : ''
  return `A digest of ${plural(report.included.length, 'pull request')} merged into ${report.branch}${grows}`
}

/** The digest before this one, whose create got no answer: its pull requests stay taken. */
export function unreportedText({ since, until, url }: Unreported): string {
  return (
    `The digest of ${when(since)} to ${when(until)} (#${until.number}) may have started a job ` +
    `that was never reported (${url}).`
  )
}

export function renderDigestDetails(report: DigestReport): string {
  const lines: string[] = []
  const until = report.until ? ` up to ${when(report.until)} (#${report.until.number})` : ''
  lines.push(`Merged into ${codeSpan(report.branch)} after ${when(report.since)}${until}.`)
  if (report.unreported) {
    lines.push('', `⚠️ ${unreportedText(report.unreported)}`)
  }
  if (report.grows) lines.push('', `This digest adds to ${report.grows}.`)
  if (report.included.length > 0) {
    lines.push('', `Included (${report.included.length}):`)
    lines.push(...report.included.slice(0, LISTED).map(pullItem))
  }
  if (report.skipped.length > 0) {
    lines.push('', `Skipped (${report.skipped.length}):`)
    for (const { pull, reason } of report.skipped.slice(0, LISTED)) {
      // The guards name the PR for the log; in this list its link already does.
      const why = reason
        .replace(`pull request #${pull.number}: `, '')
        .replace(`pull request #${pull.number} `, '')
      lines.push(`- [#${pull.number}](${pull.htmlUrl}): ${inert(why)}`)
    }
  }
  if (report.waiting > 0) {
    lines.push(
      '',
      `${plural(report.waiting, 'more pull request')} merged later wait for the next digest.`
    )
  }
  return lines.join('\n')
}
