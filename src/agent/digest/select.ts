/**
 * Which merged pull requests a digest includes: those after the watermark, oldest first by (merge
 * time, number), each through the guards, until `digest-max-pulls` are included. Skipped ones do not
 * count; the included last one is the window's `until`, and those not looked at wait for the next
 * digest. A PR skipped after the last included one is listed as skipped here, and looked at again by
 * the next digest (it is after `until`): a bot's merge is never reported as waiting. Pure: the guard
 * is passed in (it may read a pull request's files).
 */
import type { MergedPull } from '../../github/merged-pulls.js'
import type { DigestWindow } from './key.js'
import { comparePositions, positionOf, type Position } from './position.js'

export interface Candidate extends MergedPull {
  position: Position
}

export interface SkippedPull {
  pull: Candidate
  reason: string
}

export interface Selection<T extends Candidate = Candidate> {
  included: T[]
  /** Guarded out. */
  skipped: SkippedPull[]
  /** Not looked at (`digest-max-pulls` was reached): left for the next digest. */
  waiting: number
  /** Undefined when nothing is included. */
  window?: DigestWindow
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

/** Why a candidate is skipped, or the candidate as included (with what the guard read). */
export type Guard<T extends Candidate> = (
  pull: Candidate
) => Promise<{ skip: string } | { include: T }>

export async function selectPulls<T extends Candidate>(
  candidates: readonly Candidate[],
  { since, max, guard }: { since: Position; max: number; guard: Guard<T> }
): Promise<Selection<T>> {
  const included: T[] = []
  const skipped: SkippedPull[] = []
  let examined = 0
  for (const pull of candidates) {
    if (included.length >= max) break
    examined++
    const verdict = await guard(pull)
    if ('skip' in verdict) skipped.push({ pull, reason: verdict.skip })
    else included.push(verdict.include)
  }
  const waiting = candidates.length - examined
  const last = included.at(-1)
  if (!last) return { included, skipped, waiting }
  return { included, skipped, waiting, window: { since, until: last.position } }
}
