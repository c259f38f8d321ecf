/**
 * What a digest's tracking comment records besides the re-run protocol's fields: its window and pull
 * requests (kept through every rewrite), and once its job has ended, how it ended and its docs PR.
 */
import type { TrackingMarker } from './markers.js'
import { pullRequestOf, type JobResult, type JobStatus } from './result.js'

export type DigestFields = Pick<TrackingMarker, 'since' | 'until' | 'pulls' | 'notes'>

export function digestFieldsOf(marker: TrackingMarker): DigestFields | undefined {
  const { since, until, pulls, notes } = marker
  if (since === undefined || until === undefined) return undefined
  return { since, until, pulls, notes }
}

/** The ends a job was seen to reach: anything else (lost, cancelled, timed out) may still run. */
const JOB_ENDS: ReadonlySet<JobStatus> = new Set<JobStatus>(['completed', 'failed', 'archived'])

/** `marker` with the digest's fields, and its job's end when `result` shows it. */
export function withDigest(
  marker: TrackingMarker,
  digest?: DigestFields,
  result?: JobResult
): TrackingMarker {
  if (!digest) return marker
  const pr = result && pullRequestOf(result)
  // The job's own end, never the outputs' `failed` of a run that got no answer about its job.
  const status = result && JOB_ENDS.has(result.status) ? result.status : undefined
  return { ...marker, ...digest, status, pr: pr?.url }
}

/** The included pull requests' numbers a marker names. */
export function digestPulls(digest: DigestFields): number[] {
  return (digest.pulls ?? '')
    .split(',')
    .filter(n => /^\d+$/.test(n))
    .map(Number)
}
