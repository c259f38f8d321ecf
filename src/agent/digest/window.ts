/**
 * A digest's window over the merged pull requests, after `since` (exclusive) up to `until`, the last
 * one included. A position is merge time and number: GitHub gives merge times to the second, so the
 * number orders pull requests merged in one second. The request key names the window and the digest
 * comment it follows, so a digest that offers a failed one's pull requests again is a new request. Pure.
 */
import type { MergedPull } from '../../github/merged-pulls.js'

export interface Position {
  /** Epoch ms of the merge (whole seconds, as GitHub gives them). */
  at: number
  number: number
}

export interface DigestWindow {
  /** Exclusive. */
  since: Position
  /** The last included pull request. */
  until: Position
}

export interface Candidate extends MergedPull {
  position: Position
}

/** `<epoch seconds>.<number>`: short, and written into a marker as it is. */
export function formatPosition({ at, number }: Position): string {
  return `${Math.floor(at / 1000)}.${number}`
}

export function parsePosition(text: string | undefined): Position | undefined {
  const match = /^(\d{1,12})\.(\d{1,10})$/.exec(text ?? '')
  if (!match) return undefined
  return { at: Number(match[1]) * 1000, number: Number(match[2]) }
}

function comparePositions(a: Position, b: Position): number {
  return a.at - b.at || a.number - b.number
}

/** The position before every pull request merged at `at` or later (a first digest's `since`). */
export function startOf(at: number): Position {
  return { at: Math.floor(at / 1000) * 1000, number: 0 }
}

function positionOf(pull: { mergedAt: string; number: number }): Position {
  return { at: Math.floor(Date.parse(pull.mergedAt) / 1000) * 1000, number: pull.number }
}

/** The pull requests after `since` (and up to `until`, a re-run's window), oldest first. */
export function candidatesAfter(
  pulls: readonly MergedPull[],
  { since, until }: { since: Position; until?: Position }
): Candidate[] {
  return pulls
    .map(pull => ({ ...pull, position: positionOf(pull) }))
    .filter(pull => comparePositions(pull.position, since) > 0)
    .filter(pull => until === undefined || comparePositions(pull.position, until) <= 0)
    .sort((a, b) => comparePositions(a.position, b.position))
}

const DIGEST_KEY_PREFIX = 'digest-'

export function digestKey(window: DigestWindow, afterCommentId: number | undefined): string {
  const after = afterCommentId === undefined ? 'first' : `after-${afterCommentId}`
  return `${DIGEST_KEY_PREFIX}${formatPosition(window.since)}-${formatPosition(window.until)}-${after}`
}

export function isDigestKey(key: string | undefined): boolean {
  return key?.startsWith(DIGEST_KEY_PREFIX) ?? false
}
