/**
 * The busy repository's year, drawn from the seed before anything runs: 1,000 merges a month (a third
 * of them in bursts), 10 people's requests a week (comments and labels; some on a PR seconds after its
 * merge; 3 a month in a pair on one issue at once), a daily digest, an hourly sweep (unless the team
 * never set it up), the weekly report with its gaps job, and the reviewers' daily look at the open
 * docs PRs.
 */
import type { Random } from './random.js'

export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR
export const START = Date.parse('2027-01-01T00:00:00Z')
const MERGES_A_MONTH = 1_000
const REQUESTS_A_WEEK = 10
/** Requests that come in pairs on one issue at once (a comment, then the label): one job a thread. */
const PAIRS_A_MONTH = 3
/** Where the pairs' issues are numbered from (apart from merges and the other requests' threads). */
const PAIR_THREADS = 300_000

/** Why a merged PR is skipped by a guard, or `code` when no guard skips it. */
type MergeKind = 'code' | 'docs-only' | 'bot' | 'skip-label'

export interface Merge {
  number: number
  at: number
  kind: MergeKind
}

type RequestKind = 'issue comment' | 'comment on a merge' | 'issue label' | 'pull label'

export interface PersonRequest {
  kind: RequestKind
  at: number
  /** The issue or PR; an issue comment may return to an issue of an earlier request. */
  number: number
  /** One of a pair on one issue at once: the second starts while the first creates its job. */
  overlap?: 'first' | 'second'
}

type Scheduled = 'digest' | 'sweep' | 'report' | 'review'

export interface Scenario {
  months: number
  /** Whether the team set up the hourly sweep (the examples do); without it, nothing detaches. */
  sweep: boolean
  end: number
  merges: Merge[]
  requests: PersonRequest[]
  scheduled: { at: number; what: Scheduled }[]
}

/** The start of month `m` (0-based) from START, in calendar months. */
export function monthStart(m: number): number {
  const start = new Date(START)
  return Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + m, 1)
}

/** The month (0-based) a time falls in. */
export function monthOf(at: number, months: number): number {
  let m = 0
  while (m + 1 < months && at >= monthStart(m + 1)) m++
  return m
}

export function drawScenario(random: Random, months: number, sweep = true): Scenario {
  const end = monthStart(months)
  const merges = drawMerges(random.fork(), months)
  return {
    months,
    sweep,
    end,
    merges,
    requests: [
      ...drawRequests(random.fork(), merges, end),
      ...drawPairs(random.fork(), months)
    ].sort((a, b) => a.at - b.at),
    scheduled: schedule(end).filter(run => sweep || run.what !== 'sweep')
  }
}

/** A time in working hours (08:00–19:00 UTC) of the day `day` starts. */
function workingTime(random: Random, day: number): number {
  return day + 8 * HOUR + random.int(0, 11 * HOUR - 1)
}

function drawMerges(random: Random, months: number): Merge[] {
  const times: number[] = []
  for (let m = 0; m < months; m++) {
    const from = monthStart(m)
    const days = Math.round((monthStart(m + 1) - from) / DAY)
    const bursty = Math.round(MERGES_A_MONTH / 3)
    for (let i = 0; i < MERGES_A_MONTH - bursty; i++) {
      times.push(workingTime(random, from + random.int(0, days - 1) * DAY))
    }
    for (let left = bursty; left > 0;) {
      const size = Math.min(left, random.int(10, 25))
      const at = workingTime(random, from + random.int(0, days - 1) * DAY)
      for (let i = 0; i < size; i++) times.push(at + random.int(0, 20 * MINUTE))
      left -= size
    }
  }
  times.sort((a, b) => a - b)
  const kinds = { code: 85, 'docs-only': 8, bot: 4, 'skip-label': 3 } as const
  return times.map((at, i) => ({ number: 100 + i, at, kind: random.weighted(kinds) }))
}

function drawRequests(random: Random, merges: Merge[], end: number): PersonRequest[] {
  const requests: PersonRequest[] = []
  const kinds = { 'issue comment': 3, 'comment on a merge': 2, 'issue label': 3, 'pull label': 2 }
  /** Every request drawn, also those past the end: what an earlier thread is picked from. */
  const drawn: PersonRequest[] = []
  let nextThread = 100_000
  for (let week = START; week < end; week += 7 * DAY) {
    for (let i = 0; i < REQUESTS_A_WEEK; i++) {
      // Every draw is made whether or not the request falls before the end: a shorter soak is the
      // longer one's beginning, run for run.
      const kind = random.weighted(kinds)
      const day = week + random.int(0, 6) * DAY
      const at = workingTime(random, day)
      const [which, seconds, again] = [random.next(), random.int(3, 30), random.chance(0.25)]
      const request = drawnRequest(
        { kind, at, day, week },
        { which, seconds, again },
        merges,
        drawn
      )
      const number = request?.number === -1 ? nextThread++ : request?.number
      if (request === undefined || number === undefined) continue
      drawn.push({ ...request, number })
      if (day < end && request.at < end) requests.push({ ...request, number })
    }
  }
  return requests.sort((a, b) => a.at - b.at)
}

/** One drawn request: a comment seconds after a merge of its week, or on a new or earlier thread. */
function drawnRequest(
  drawn: { kind: RequestKind; at: number; day: number; week: number },
  rolls: { which: number; seconds: number; again: boolean },
  merges: Merge[],
  earlier: PersonRequest[]
): PersonRequest | undefined {
  const { kind, at, day, week } = drawn
  if (kind === 'comment on a merge') {
    const candidates = merges.filter(m => m.at >= week && m.at < day + DAY)
    const merge = candidates[Math.floor(rolls.which * candidates.length)]
    return merge && { kind, at: merge.at + rolls.seconds * 1000, number: merge.number }
  }
  const comments = earlier.filter(r => r.kind === 'issue comment')
  if (kind === 'issue comment' && rolls.again && comments.length > 0) {
    return { kind, at, number: comments[Math.floor(rolls.which * comments.length)].number }
  }
  // A new thread: numbered by the caller.
  return { kind, at, number: -1 }
}

/** A few pairs a month: a `/mintlify` comment on a new issue, and the `docs` label seconds later. */
function drawPairs(random: Random, months: number): PersonRequest[] {
  const pairs: PersonRequest[] = []
  for (let m = 0; m < months; m++) {
    const days = Math.round((monthStart(m + 1) - monthStart(m)) / DAY)
    for (let i = 0; i < PAIRS_A_MONTH; i++) {
      const at = workingTime(random, monthStart(m) + random.int(0, days - 1) * DAY)
      const number = PAIR_THREADS + pairs.length
      pairs.push({ kind: 'issue comment', at, number, overlap: 'first' })
      pairs.push({
        kind: 'issue label',
        at: at + random.int(3, 20) * 1000,
        number,
        overlap: 'second'
      })
    }
  }
  return pairs
}

/** The workflows' schedules: digest at 00:01, sweep at half past every hour, report Mondays 06:00. */
function schedule(end: number): Scenario['scheduled'] {
  const runs: Scenario['scheduled'] = []
  for (let day = START; day < end; day += DAY) {
    runs.push({ at: day + MINUTE, what: 'digest' })
    if (new Date(day).getUTCDay() === 1) runs.push({ at: day + 6 * HOUR, what: 'report' })
    runs.push({ at: day + 17 * HOUR, what: 'review' })
    for (let h = 0; h < 24; h++) runs.push({ at: day + h * HOUR + 30 * MINUTE, what: 'sweep' })
  }
  return runs.sort((a, b) => a.at - b.at)
}
