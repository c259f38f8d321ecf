/**
 * The info line a long wait gives, so the log shows the run is alive: at most one a minute of
 * following (anchored to whole minutes), with the last status, the time so far and the next check.
 */
import { formatDuration } from '../shared/duration.js'
import type { Runtime } from '../shared/runtime.js'

const MINUTE_MS = 60_000

export interface ProgressSubject<T> {
  /** `Job job_1`, `Deployment status_1`. */
  name(answer: T): string
  statusOf(answer: T): string
}

/** Pure: `Job job_1: still active after 4 min, next check in 30 s.` */
export function progressLine(
  { name, status }: { name: string; status: string },
  elapsedMs: number,
  nextMs: number
): string {
  const minutes = Math.floor(elapsedMs / MINUTE_MS)
  const said = status.replace(/_/g, ' ')
  return `${name}: still ${said} after ${formatDuration(minutes * MINUTE_MS)}, next check in ${formatDuration(nextMs)}.`
}

/** Returns what the poll loop calls before each wait: it logs a line when a new minute has begun. */
export function progressReporter<T>(
  subject: ProgressSubject<T>,
  rt: Runtime
): (last: T | undefined, nextMs: number) => void {
  const startedAt = rt.clock.now()
  let nextLineAt = startedAt + MINUTE_MS
  return (last, nextMs) => {
    const now = rt.clock.now()
    if (last === undefined || now < nextLineAt) return
    const elapsedMs = now - startedAt
    nextLineAt = startedAt + (Math.floor(elapsedMs / MINUTE_MS) + 1) * MINUTE_MS
    const facts = { name: subject.name(last), status: subject.statusOf(last) }
    rt.log.info(progressLine(facts, elapsedMs, nextMs))
  }
}
