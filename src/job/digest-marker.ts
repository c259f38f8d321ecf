/**
 * What a digest's tracking comment records besides the re-run protocol's fields: its window and
 * included pull requests (kept through every rewrite, by the run and by the sweep), and once its
 * job has ended, how it ended and its docs PR: the next digest reads its watermark and the PR it
 * may add to from them.
 */
import type { Marker } from './markers.js'
import { pullRequestOf, statusOutput, type JobResult } from './result.js'

export type DigestFields = Pick<Marker, 'since' | 'until' | 'pulls' | 'notes'>

export function digestFieldsOf(marker: Marker): DigestFields | undefined {
  const { since, until, pulls, notes } = marker
  if (since === undefined || until === undefined) return undefined
  return { since, until, pulls, notes }
}

/** `marker` with the digest's fields, and the end of its job when `result` is the final one. */
export function withDigest(marker: Marker, digest: DigestFields, result?: JobResult): Marker {
  const pr = result && pullRequestOf(result)
  // The status as the outputs name it: a request that got no answer about its job reads `failed`.
  return { ...marker, ...digest, status: result && statusOutput(result), pr: pr?.url }
}

/** The included pull requests' numbers a marker names. */
export function digestPulls(digest: DigestFields): number[] {
  return (digest.pulls ?? '')
    .split(',')
    .filter(n => /^\d+$/.test(n))
    .map(Number)
}
