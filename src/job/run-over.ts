/**
 * Whether the run that wrote a tracking comment is over, so another may finish or replace it: the
 * run's status when readable; else its recorded deadline plus a margin; else the comment's age.
 */
import type { Octokit } from '../github/octokit.js'
import type { RepoRef } from '../github/refs.js'
import { getRunStatus } from '../github/runs.js'
import type { Runtime } from '../shared/runtime.js'

/**
 * The one margin past a recorded deadline, everywhere one is compared (the claim wait, the digest,
 * the sweep): the clocks of two runners, and the run's last edit.
 */
const DEADLINE_MARGIN_MS = 60_000
/** GitHub ends a hosted job after 6 hours: no run follows a job longer. */
const LONGEST_RUN_MS = 6 * 60 * 60_000

/** What a comment tells about the run that wrote it. */
export interface WrittenByRun {
  comment: { createdAt?: number }
  deadlineMs?: number
}

/** The deadline a tracking or deploy marker records (epoch seconds), in epoch ms. */
export function deadlineMsOf(marker: { deadline?: string }): number | undefined {
  const deadline = Number(marker.deadline)
  return Number.isFinite(deadline) && deadline > 0 ? deadline * 1000 : undefined
}

/** Past its deadline and the margin: the run can no longer be sending, following or writing. */
function pastDeadline(deadlineMs: number | undefined, now: number): boolean {
  return deadlineMs !== undefined && now > deadlineMs + DEADLINE_MARGIN_MS
}

/** Whether a run is over by the clock alone (unknown age: not over). */
export function runOverBy(
  written: { deadlineMs?: number; writtenAt?: number },
  now: number
): boolean {
  if (written.deadlineMs !== undefined) return pastDeadline(written.deadlineMs, now)
  return written.writtenAt !== undefined && now > written.writtenAt + LONGEST_RUN_MS
}

/** Whether the run that follows a "following" comment's job is over: its status, else the clock. */
export function followingRunOver(
  written: WrittenByRun,
  runStatus: string | undefined,
  now: number
): boolean {
  if (runStatus !== undefined) return runStatus === 'completed'
  return runOverBy({ deadlineMs: written.deadlineMs, writtenAt: written.comment.createdAt }, now)
}

/** followingRunOver, with the status of the run the marker names read from GitHub. */
export async function isFollowingRunOver(
  { octokit, repo }: { octokit: Octokit; repo: RepoRef },
  written: WrittenByRun & { marker: { run?: string } },
  rt: Runtime
): Promise<boolean> {
  const run = written.marker.run
  const status = run ? await getRunStatus(octokit, { repo, runId: run }, rt) : undefined
  return followingRunOver(written, status, rt.clock.now())
}
