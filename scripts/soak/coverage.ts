/**
 * Invariants 1 and 6, read from the digests' tracking comments at the end: every merged PR that no
 * guard skips is in exactly one digest whose job did not fail (kind by kind: the job digests, and
 * the digests of automations, each with its own watermark), or in the last open window (after the
 * newest PR any such digest holds), and a PR of a digest in state `unknown` in no other digest; a digest whose job opened a PR left exactly one note on each PR
 * it included; the trigger label of a `completed` request is gone.
 */
import { digestPulls } from '../../src/job/digest-marker.js'
import type { TrackingMarker } from '../../src/job/markers.js'
import type { Soak } from './harness.js'
import type { Merge } from './scenario.js'
import { DIGEST_ISSUE, LABEL, threadOf } from './specs.js'
import { isAutomationDigest } from './automation-digests.js'
import { jobEnd, ownMarked, trackingComments, type StoredComment, type Violation } from './state.js'

interface Digest {
  comment: StoredComment
  marker: TrackingMarker
  pulls: number[]
  /** Its job ended completed (or is still running), not failed or archived. */
  good: boolean
}

export interface CoverageReport {
  violations: Violation[]
  /** PRs whose only digest is one whose create may have started a job that was never reported. */
  unknown: string[]
  waiting: number
  /** What was looked at: code PRs, those in exactly one digest, digest comments (of each kind). */
  looked: {
    pulls: number
    once: number
    digests: number
    automationOnce: number
    automationDigests: number
  }
}

type Kind = (marker: TrackingMarker) => boolean

function digestsOf(soak: Soak, end: number, kind: Kind = () => true): Digest[] {
  return trackingComments(soak.github)
    .filter(({ comment, marker }) => comment.issueNumber === DIGEST_ISSUE && marker.since)
    .filter(({ marker }) => kind(marker))
    .map(({ comment, marker }) => {
      const ended = marker.job ? jobEnd(soak.emulator, marker.job, end) : undefined
      const good = ended !== undefined && ['completed', 'running'].includes(ended.outcome)
      return { comment, marker, pulls: digestPulls(marker), good }
    })
}

const runOf = (soak: Soak, marker: TrackingMarker) => soak.byRunId.get(marker.run ?? '')

export function checkCoverage(soak: Soak, merges: Merge[], end: number): CoverageReport {
  const jobs = coverageOf(soak, merges, end, marker => !isAutomationDigest(marker))
  const triggers = coverageOf(soak, merges, end, isAutomationDigest)
  return {
    violations: [...jobs.violations, ...triggers.violations],
    unknown: [...jobs.unknown, ...triggers.unknown],
    waiting: jobs.waiting + triggers.waiting,
    looked: {
      ...jobs.looked,
      automationOnce: triggers.looked.once,
      automationDigests: triggers.looked.digests
    }
  }
}

function coverageOf(
  soak: Soak,
  merges: Merge[],
  end: number,
  kind: Kind
): Omit<CoverageReport, 'looked'> & { looked: { pulls: number; once: number; digests: number } } {
  const digests = digestsOf(soak, end, kind)
  const inGood = new Map<number, Digest[]>()
  const inUnknown = new Map<number, Digest>()
  for (const digest of digests) {
    for (const pull of digest.pulls) {
      if (digest.good) inGood.set(pull, [...(inGood.get(pull) ?? []), digest])
      else if (digest.marker.state === 'unknown') inUnknown.set(pull, digest)
    }
  }
  const code = merges.filter(m => m.kind === 'code')
  const newest = Math.max(0, ...code.filter(m => inGood.has(m.number)).map(m => m.at))
  const violations: Violation[] = []
  const unknown: string[] = []
  let waiting = 0
  const once = code.filter(m => inGood.get(m.number)?.length === 1).length
  const looked = { pulls: code.length, once, digests: digests.length }
  for (const merge of code) {
    const holders = inGood.get(merge.number) ?? []
    if (holders.length > 1) {
      const names = holders.map(d => `comment ${d.comment.id} (job ${d.marker.job})`).join(', ')
      violations.push({
        invariant: 1,
        text: `#${merge.number} is in ${holders.length} digests: ${names}`,
        run: runOf(soak, holders[1].marker)
      })
    } else if (inUnknown.has(merge.number) && holders.length > 0) {
      // An `unknown` create is never given back: its PRs may be in a job nobody heard of.
      const first = inUnknown.get(merge.number)
      violations.push({
        invariant: 1,
        text: `#${merge.number} is in digest comment ${holders[0].comment.id} although the digest in comment ${first?.comment.id} may have started a job with it (an unknown create given back)`,
        run: runOf(soak, holders[0].marker)
      })
    } else if (holders.length === 0 && inUnknown.has(merge.number)) {
      unknown.push(`#${merge.number} (digest comment ${inUnknown.get(merge.number)?.comment.id})`)
    } else if (holders.length === 0 && merge.at > newest) {
      waiting += 1
    } else if (holders.length === 0) {
      violations.push({
        invariant: 1,
        text: `#${merge.number} (merged ${new Date(merge.at).toISOString()}) is in no digest whose job did not fail`
      })
    }
  }
  return { violations, unknown, waiting, looked }
}

/**
 * How long a job's end may wait for what it sets off: one sweep interval; without the sweep, a
 * digest's notes wait for the next digest, and a label comes off only when the request's own run saw
 * its job's end (its comment shows it).
 */
export interface Finishing {
  grace: number
  labelsOfShownEndsOnly: boolean
}

/** Invariant 6: the notes of digests whose job opened a PR, and the labels of completed requests. */
export function checkNotesAndLabels(
  soak: Soak,
  end: number,
  { grace, labelsOfShownEndsOnly }: Finishing
): Violation[] {
  const notes = new Map<string, number>()
  for (const { comment, marker } of ownMarked(soak.github)) {
    if (marker.kind !== 'note') continue
    const key = `${marker.request}#${comment.issueNumber}`
    notes.set(key, (notes.get(key) ?? 0) + 1)
  }
  const violations: Violation[] = []
  for (const digest of digestsOf(soak, end)) {
    const ended = digest.marker.job && jobEnd(soak.emulator, digest.marker.job, end - grace)
    if (!digest.marker.pr || !ended || ended.outcome !== 'completed') continue
    for (const pull of digest.pulls) {
      const count = notes.get(`${digest.marker.request}#${pull}`) ?? 0
      if (count !== 1) {
        violations.push({
          invariant: 6,
          text: `#${pull} has ${count} notes of the digest in comment ${digest.comment.id} (job ${digest.marker.job}, PR ${digest.marker.pr})`,
          run: runOf(soak, digest.marker)
        })
      }
    }
  }
  return [...violations, ...checkLabels(soak, end, { grace, labelsOfShownEndsOnly })]
}

/** The newest label request of each thread: once its job completed, the label is gone. */
function checkLabels(
  soak: Soak,
  end: number,
  { grace, labelsOfShownEndsOnly }: Finishing
): Violation[] {
  const newest = new Map<number, { comment: StoredComment; marker: TrackingMarker }>()
  for (const tracked of trackingComments(soak.github)) {
    if (!tracked.marker.request?.startsWith('label-')) continue
    const before = newest.get(tracked.comment.issueNumber)
    if (!before || before.comment.id < tracked.comment.id)
      newest.set(tracked.comment.issueNumber, tracked)
  }
  const violations: Violation[] = []
  for (const [number, { comment, marker }] of newest) {
    const ended = marker.job && jobEnd(soak.emulator, marker.job, end - grace)
    if (!ended || ended.outcome !== 'completed') continue
    if (labelsOfShownEndsOnly && marker.phase !== 'ended') continue
    if ((threadOf(soak.github, number)?.labels ?? []).includes(LABEL)) {
      violations.push({
        invariant: 6,
        text: `#${number} still has the label '${LABEL}' after job ${marker.job} completed (comment ${comment.id})`,
        run: runOf(soak, marker)
      })
    }
  }
  return violations
}
