/**
 * Which candidates a digest includes: oldest first, through the guard, until `digest-max-pulls` are
 * included. Skipped ones do not count; those not looked at wait for the next digest. Pure: the guard
 * is passed in.
 */
import type { Candidate, DigestWindow, Position } from './window.js'

export interface SkippedPull {
  pull: Candidate
  reason: string
}

export interface Selection<T extends Candidate = Candidate> {
  included: T[]
  skipped: SkippedPull[]
  /** Not looked at (`digest-max-pulls` was reached): left for the next digest. */
  waiting: number
  /** Undefined when nothing is included. */
  window?: DigestWindow
}

export type Verdict<T extends Candidate> =
  { kind: 'skip'; reason: string } | { kind: 'include'; pull: T }

export type Guard<T extends Candidate> = (pull: Candidate) => Promise<Verdict<T>>

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
    if (verdict.kind === 'skip') skipped.push({ pull, reason: verdict.reason })
    else included.push(verdict.pull)
  }
  const waiting = candidates.length - examined
  const last = included.at(-1)
  return { included, skipped, waiting, window: last && { since, until: last.position } }
}
