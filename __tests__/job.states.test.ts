/**
 * docs/states.md against the code: the state table is parsed, and for each row the marker it names
 * is written into a comment and read back; the re-run protocol must give the fate each later run is
 * said to find, the sweep must treat the comment as the row says, and every move the row lists must
 * write a marker of the state it names. So the page and the code cannot drift apart.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../fakes/action-env.js'
import { readDigestHistory, type DigestHistory } from '../src/agent/digest/history.js'
import { formatPosition } from '../src/agent/digest/window.js'
import type { IssueComment, RepoComment } from '../src/github/comments.js'
import { WORKFLOW_BOT } from '../src/github/identity.js'
import { readComment } from '../src/job/comment-layout.js'
import { digestFieldsOf, withDigest } from '../src/job/digest-marker.js'
import {
  readFinalMarker,
  renderMarker,
  type Marker,
  type TrackingMarker
} from '../src/job/markers.js'
import { endedResult, type JobResult } from '../src/job/result.js'
import {
  markerAfter,
  markerWhileSending,
  markerWithJob,
  resumeFrom,
  type RequestFate
} from '../src/job/rerun-protocol.js'
import { followingRunOver } from '../src/job/run-over.js'
import { lifeOfMarker } from '../src/job/life.js'
import { findCandidates, findDeadClaims } from '../src/sweep/candidates.js'
import { deployComments, previewSpec, runDeploy, statusReads } from './helpers/deploy.js'
import { runSweep, useWorld } from './helpers/world.js'

const KEY = 'comment-9001'
/** The run that wrote the marker (`<run>`), and another run the same comment was delivered to. */
const WRITER = '4242'
const OTHER = '5151'
const JOB = 'job_1'
const NOW = Date.parse('2024-03-10T12:00:00Z')

/** A row of any of the page's tables: its state and the moves out of it. */
interface StateRow {
  state: string
  moves: { event: string; to: string }[]
}

interface Row extends StateRow {
  /** The marker's fields after `tracking request=<key>`; undefined: no tracking comment. */
  fields?: Record<string, string>
  reRun: string
  otherRun: string
  sweep: string
}

const codeSpans = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map(m => m[1])

const PAGE = readFileSync(join(PROJECT_ROOT, 'docs', 'states.md'), 'utf8')

/**
 * The rows of the table under `## heading` (the page's first table when none), each a cell by its
 * column's name, once the header is found to be `columns`.
 */
function rowsOf(heading: string | undefined, columns: string[]): Record<string, string>[] {
  const sections = PAGE.split(/^(?=## )/m)
  const section = heading ? sections.find(s => s.startsWith(`## ${heading}\n`)) : sections[0]
  if (section === undefined) throw new Error(`docs/states.md has no section "${heading}"`)
  const [header, , ...body] = section
    .split('\n')
    .filter(line => line.startsWith('| '))
    .map(line =>
      line
        .slice(1, -1)
        .split(' | ')
        .map(cell => cell.trim())
    )
  expect(header).toEqual(columns)
  return body.map(cells => Object.fromEntries(columns.map((name, i) => [name, cells[i]])))
}

/** Each state listed once, every move to a listed state, and every move one the test can make. */
function expectClosed(rows: StateRow[], moves: Record<string, unknown>): void {
  const states = rows.map(row => row.state)
  expect(new Set(states).size).toBe(states.length)
  for (const { event, to } of rows.flatMap(row => row.moves)) {
    expect(states).toContain(to)
    expect(Object.keys(moves)).toContain(event)
  }
}

/** A marker cell's fields (`key=value ...`); undefined for `—`. */
function fieldsOf(cell: string): Record<string, string> | undefined {
  const text = codeSpans(cell)[0]
  return text ? Object.fromEntries(text.split(' ').map(pair => pair.split('='))) : undefined
}

function movesOf(cell: string): { event: string; to: string }[] {
  return cell === '—' ? [] : cell.split('; ').map(parseMove)
}

const TRACKING_COLUMNS = ['state', 'marker', 'a re-run', 'another run delivering it', 'the sweep']

const ROWS: Row[] = rowsOf(undefined, [...TRACKING_COLUMNS, 'moves on']).map(cells => ({
  state: cells.state,
  fields: fieldsOf(cells.marker),
  reRun: codeSpans(cells['a re-run'])[0],
  otherRun: codeSpans(cells['another run delivering it'])[0],
  sweep: cells['the sweep'],
  moves: movesOf(cells['moves on'])
}))

function parseMove(text: string): { event: string; to: string } {
  const match = /^`([^`]+)` → (.+)$/.exec(text)
  if (!match) throw new Error(`a move is written as \`event\` → state: ${text}`)
  return { event: match[1], to: match[2] }
}

/** The value a placeholder of the table stands for. */
function valueOf(text: string): string {
  return { '<run>': WRITER, '<id>': JOB }[text] ?? text
}

/** The marker a row names, as a later run reads it back from the comment. */
function markerOf(row: Row): TrackingMarker | undefined {
  if (row.fields === undefined) return undefined
  const marker: TrackingMarker = { kind: 'tracking', request: KEY }
  for (const [key, value] of Object.entries(row.fields)) {
    Object.assign(marker, { [key]: valueOf(value) })
  }
  return throughComment(marker)
}

function throughComment(marker: TrackingMarker): TrackingMarker | undefined {
  const read = readFinalMarker(`**Mintlify docs agent**\n\ntext\n\n${renderMarker(marker)}`)
  expect(read?.kind).toBe('tracking')
  return read?.kind === 'tracking' ? read : undefined
}

/** The row whose marker this one is: its listed fields match, and it has no state or phase unlisted. */
function stateOf(marker: TrackingMarker | undefined): string {
  const matches = ROWS.filter(row => {
    if (row.fields === undefined || marker === undefined) return row.fields === marker
    const fields = row.fields
    const listed = Object.entries(fields).every(
      ([key, value]) => marker[key as keyof TrackingMarker] === valueOf(value)
    )
    const unlisted = (['state', 'phase'] as const).every(
      key => key in fields || marker[key] === undefined
    )
    return listed && unlisted
  })
  expect(matches).toHaveLength(1)
  return matches[0].state
}

const laterRun = (marker: TrackingMarker | undefined, by: 're-run' | 'other'): RequestFate =>
  resumeFrom({
    life: marker && lifeOfMarker(marker),
    threadUnreadable: false,
    runAttempt: by === 're-run' ? 2 : 1,
    runId: by === 're-run' ? WRITER : OTHER,
    jobIdGiven: false
  })

const REQUEST = { key: KEY, run: WRITER, deadline: NOW + 60_000 }
const FOLLOWED = { jobId: JOB, mode: 'created' as const, elapsedMs: 1_000 }

/** Each move the table names, as the code writes it: the marker after it, from the row's marker. */
const MOVES: Record<string, (from: TrackingMarker | undefined) => TrackingMarker> = {
  send: () => markerWhileSending(REQUEST),
  'job known': () => markerWithJob(REQUEST, JOB),
  'not sent': () => after({ status: 'problem', elapsedMs: 0, problem: { kind: 'rate-limited' } }),
  'outcome unknown': () =>
    after({
      status: 'problem',
      elapsedMs: 0,
      problem: { kind: 'unknown-outcome', cause: 'HTTP 502' }
    }),
  ended: () =>
    after({
      status: 'completed',
      ...FOLLOWED,
      job: { id: JOB, status: 'completed', prLink: null }
    }),
  'let go': () => after({ status: 'timed-out', ...FOLLOWED, maxWaitMs: 60_000 }),
  // As the sweep finishes a comment: the job's end, under the request and run the marker names.
  swept: from => {
    const job = { id: JOB, status: 'failed' as const, prLink: null }
    const facts = { ...FOLLOWED, serverUrl: 'https://github.com' }
    return markerAfter({ key: from?.request ?? '', run: from?.run }, endedResult(job, facts))
  },
  're-attach': from => markerWithJob(REQUEST, from?.job ?? ''),
  // As the sweep shows a request's dead claim: the `unknown` a re-run would write.
  'dead claim shown': from =>
    markerAfter(
      { key: from?.request ?? '', run: from?.run },
      { status: 'problem', elapsedMs: 0, problem: { kind: 'unknown', threadUnreadable: false } }
    )
}

function after(result: JobResult): TrackingMarker {
  return markerAfter(REQUEST, result)
}

/** What the sweep does with a comment ending in this marker, in the table's words. */
function sweepOf(marker: TrackingMarker | undefined): string {
  if (marker === undefined) return 'no'
  const comment: RepoComment = {
    id: 1,
    body: `**Mintlify docs agent**\n\ntext\n\n${renderMarker(marker)}`,
    htmlUrl: 'https://github.com/acme/docs/issues/7#issuecomment-1',
    userLogin: WORKFLOW_BOT.login,
    userType: 'Bot',
    issueNumber: 7,
    createdAt: NOW
  }
  const [candidate] = findCandidates([comment], WORKFLOW_BOT)
  if (candidate === undefined) {
    // A request's claim with no job, once its run is over by the clock (a day on): shown `unknown`.
    const dead = (at: number) => findDeadClaims([comment], WORKFLOW_BOT, at).length > 0
    return !dead(NOW) && dead(NOW + 24 * 60 * 60_000) ? 'unknown once dead' : 'no'
  }
  if (candidate.phase === 'left') return 'finishes it'
  const waits = !followingRunOver(candidate, 'in_progress', NOW)
  const after = followingRunOver(candidate, 'completed', NOW)
  return waits && after ? 'once the run is over' : 'unclear'
}

describe('docs/states.md: the state table', () => {
  it('lists each state once, every move goes to a state it lists, and every move is known', () => {
    expectClosed(ROWS, MOVES)
  })

  it('has a row for no comment, each tracking state, and each phase of a job', () => {
    const fields = ROWS.map(row => row.fields)
    expect(fields).toContainEqual(undefined)
    for (const state of ['pending', 'job', 'unknown']) {
      expect(fields.some(f => f?.state === state)).toBe(true)
    }
    for (const phase of ['following', 'left', 'ended']) {
      expect(fields.some(f => f?.phase === phase)).toBe(true)
    }
  })
})

describe.each(ROWS)('docs/states.md: $state', row => {
  const marker = markerOf(row)

  it('its marker is read back as this state', () => {
    if (row.fields !== undefined) expect(marker).toBeDefined()
    expect(stateOf(marker)).toBe(row.state)
  })

  it('a re-run and another run delivering the request find the fates the row says', () => {
    expect(laterRun(marker, 're-run').kind).toBe(row.reRun)
    expect(laterRun(marker, 'other').kind).toBe(row.otherRun)
  })

  it('the sweep treats the comment as the row says', () => {
    expect(sweepOf(marker)).toBe(row.sweep)
  })

  it('each move writes a marker of the state the row names', () => {
    for (const { event, to } of row.moves) {
      // A run only sends a fresh request, and only re-attaches to a job it knows.
      if (event === 'send') expect(laterRun(marker, 're-run').kind).toBe('fresh')
      if (event === 're-attach') expect(laterRun(marker, 're-run').kind).toBe('attach')
      expect(stateOf(throughComment(MOVES[event](marker)))).toBe(to)
    }
  })
})

/**
 * The digest's watermark: each row's marker, with a digest's fields, in the newest digest comment on
 * the tracking issue, after an earlier digest that ended with no docs PR; what the next digest reads
 * from them must be what the row says, and each move must write a marker of the state it names.
 */
interface DigestRow extends StateRow {
  fields?: Record<string, string>
  startsAt: string
  addsTo: string
}

const DIGEST_COLUMNS = ['state', 'marker', 'the next digest starts at', 'adds to its docs PR']

const DIGEST_ROWS: DigestRow[] = rowsOf("The digest's watermark", [
  ...DIGEST_COLUMNS,
  'moves on'
]).map(cells => ({
  state: cells.state,
  fields: fieldsOf(cells.marker),
  startsAt: codeSpans(cells['the next digest starts at'])[0],
  addsTo: cells['adds to its docs PR'],
  moves: movesOf(cells['moves on'])
}))

const PR_URL = 'https://github.com/acme/docs/pull/12'
/** The row's digest (comment 2) and the one before it (comment 1), whose `until` is its `since`. */
const EARLIER = { id: 1, since: '1709164800.5', until: '1709251200.10' }
const DIGEST = { id: 2, since: EARLIER.until, until: '1709337600.12', pulls: '11,12' }
const DIGEST_KEY = `digest-${DIGEST.since}-${DIGEST.until}-after-${EARLIER.id}`
const DIGEST_FIELDS = { since: DIGEST.since, until: DIGEST.until, pulls: DIGEST.pulls }
const DIGEST_REQUEST = { key: DIGEST_KEY, run: WRITER, deadline: NOW + 60_000 }

function digestComment(id: number, marker: Marker): IssueComment {
  return {
    id,
    body: `**Mintlify docs agent**\n\ntext\n\n${renderMarker(marker)}`,
    htmlUrl: `https://github.com/acme/docs/issues/3#issuecomment-${id}`,
    userLogin: WORKFLOW_BOT.login,
    userType: 'Bot'
  }
}

/** The row's marker as the code writes it: a digest's fields, and the run on every marker. */
function digestMarkerOf(row: DigestRow): TrackingMarker | undefined {
  if (row.fields === undefined) return undefined
  const marker: TrackingMarker = {
    kind: 'tracking',
    request: DIGEST_KEY,
    run: WRITER,
    ...DIGEST_FIELDS
  }
  for (const [key, value] of Object.entries(row.fields)) {
    Object.assign(marker, { [key]: { '<pr>': PR_URL }[value] ?? valueOf(value) })
  }
  return throughComment(marker)
}

/** Where the next digest starts after a tracking issue ending in this marker, in the table's words. */
function nextDigest(marker: Marker | undefined, runId = OTHER): DigestHistory {
  const earlier: Marker = {
    kind: 'tracking',
    request: `digest-${EARLIER.since}-${EARLIER.until}-first`,
    run: '1111',
    job: 'job_0',
    state: 'job',
    phase: 'ended',
    status: 'completed',
    since: EARLIER.since,
    until: EARLIER.until,
    pulls: '5,10'
  }
  const comments = marker
    ? [digestComment(EARLIER.id, earlier), digestComment(DIGEST.id, marker)]
    : []
  return readDigestHistory(comments, { identity: WORKFLOW_BOT, runId })
}

function startsAt(history: DigestHistory): string {
  const at = history.watermark && formatPosition(history.watermark)
  if (history.after === undefined) return at === undefined ? 'digest-since' : 'unclear'
  if (history.after.commentId === EARLIER.id) return at === EARLIER.until ? 'skipped' : 'unclear'
  return { [DIGEST.since]: 'since', [DIGEST.until]: 'until' }[at ?? ''] ?? 'unclear'
}

/** The row whose marker this one is: its fields match, and none of the state's fields is unlisted. */
function digestStateOf(marker: TrackingMarker | undefined): string {
  const matches = DIGEST_ROWS.filter(row => {
    if (row.fields === undefined || marker === undefined) return row.fields === marker
    const expected = digestMarkerOf(row) as TrackingMarker
    const keys = ['state', 'phase', 'job', 'status', 'pr', 'run'] as const
    return keys.every(key => marker[key] === expected[key])
  })
  expect(matches.map(row => row.state)).toHaveLength(1)
  return matches[0].state
}

const FOLLOWED_DIGEST = { jobId: JOB, mode: 'created' as const, elapsedMs: 1_000 }
const ended = (status: 'completed' | 'failed' | 'archived', prLink: string | null): JobResult =>
  endedResult({ id: JOB, status, prLink }, { ...FOLLOWED_DIGEST, serverUrl: 'https://github.com' })

/** As the run writes a digest's final marker: the protocol's, with the digest's fields and end. */
const digestAfter = (result: JobResult): TrackingMarker =>
  withDigest(markerAfter(DIGEST_REQUEST, result), DIGEST_FIELDS, result)

/** A problem of the request this marker claims: a follow-up's names the job it was sent to. */
const problem = (
  from: TrackingMarker | undefined,
  kind: 'rate-limited' | 'unknown-outcome'
): JobResult => ({
  status: 'problem',
  elapsedMs: 0,
  jobId: from?.job,
  mode: from?.job ? 'follow-up' : undefined,
  problem: kind === 'rate-limited' ? { kind } : { kind, cause: 'HTTP 502' }
})

const DIGEST_MOVES: Record<string, (from: TrackingMarker | undefined) => TrackingMarker> = {
  send: () => withDigest(markerWhileSending(DIGEST_REQUEST), DIGEST_FIELDS),
  'send a follow-up': () => withDigest(markerWhileSending(DIGEST_REQUEST, JOB), DIGEST_FIELDS),
  'job known': () => withDigest(markerWithJob(DIGEST_REQUEST, JOB), DIGEST_FIELDS),
  'not sent': from => digestAfter(problem(from, 'rate-limited')),
  'outcome unknown': from => digestAfter(problem(from, 'unknown-outcome')),
  'ended with a PR': () => digestAfter(ended('completed', PR_URL)),
  'ended without a PR': () => digestAfter(ended('completed', null)),
  failed: () => digestAfter(ended('failed', null)),
  archived: () => digestAfter(ended('archived', null)),
  'let go': () => digestAfter({ status: 'timed-out', ...FOLLOWED_DIGEST, maxWaitMs: 60_000 }),
  lost: () =>
    digestAfter({
      status: 'problem',
      ...FOLLOWED_DIGEST,
      problem: { kind: 'lost', cause: 'HTTP 404' }
    }),
  // As the sweep finishes a digest's comment: the job's end, under the fields the marker names.
  swept: from => {
    const result = ended('completed', PR_URL)
    const request = { key: from?.request ?? '', run: from?.run }
    const fields = from ? digestFieldsOf(from) : undefined
    return withDigest(markerAfter(request, result), fields, result)
  },
  're-attach': from => withDigest(markerWithJob(DIGEST_REQUEST, from?.job ?? ''), DIGEST_FIELDS)
}

describe("docs/states.md: the digest's watermark", () => {
  it('lists each state once, every move goes to a state it lists, and every move is known', () => {
    expectClosed(DIGEST_ROWS, DIGEST_MOVES)
  })

  it.each(DIGEST_ROWS)('$state: the next digest reads it as the row says', row => {
    const marker = digestMarkerOf(row)
    if (row.fields !== undefined) expect(marker).toBeDefined()
    expect(digestStateOf(marker)).toBe(row.state)
    const history = nextDigest(marker)
    expect(startsAt(history)).toBe(row.startsAt)
    expect(history.docsPull ? 'while open' : 'no').toBe(row.addsTo)
  })

  it.each(DIGEST_ROWS.filter(row => row.fields !== undefined))(
    '$state: a re-run of the run that wrote it keeps its window and request',
    row => {
      const rerun = nextDigest(digestMarkerOf(row), WRITER).rerun
      expect(rerun?.commentId).toBe(DIGEST.id)
      expect(rerun?.life.request).toBe(DIGEST_KEY)
    }
  )

  it.each(DIGEST_ROWS)('$state: each move writes a marker of the state the row names', row => {
    for (const { event, to } of row.moves) {
      const written = throughComment(DIGEST_MOVES[event](digestMarkerOf(row)))
      expect([event, digestStateOf(written)]).toEqual([event, to])
      // Every marker of a digest keeps its window.
      expect(written && digestFieldsOf(written)).toMatchObject(DIGEST_FIELDS)
    }
  })
})

/**
 * The deploy comment, walked over the emulator and the GitHub fake: each state is made by a real run
 * (a move that leads to it), then each of its moves is another run on the next push, or the sweep
 * later; the comment must say what the target row says, and stay the one comment, edited in place.
 */
interface DeployRow extends StateRow {
  says: string
  next: string
  sweep: string
}

const DEPLOY_COLUMNS = [
  'state',
  '`status`',
  'the comment says',
  'a re-run or the next push',
  'the sweep'
]

const DEPLOY_ROWS: DeployRow[] = rowsOf('The deploy comment', [...DEPLOY_COLUMNS, 'moves on']).map(
  cells => ({
    state: cells.state,
    says: codeSpans(cells['the comment says'])[0] ?? '',
    next: cells['a re-run or the next push'],
    sweep: cells['the sweep'],
    moves: movesOf(cells['moves on'])
  })
)

const world = useWorld()

/** A run on the pull request's next push (the move scripts how it ends). */
async function push(
  inputs: Record<string, string> = {},
  options: { realTime?: boolean; signal?: AbortSignal } = {}
): Promise<void> {
  const spec = previewSpec(world(), { action: 'synchronize' })
  await runDeploy(world(), { ...spec, inputs }, options)
}

/** Builds of a minute or an hour: over by the time the sweep comes (three hours on). */
const SWEEP_LATER_MS = 3 * 60 * 60_000

const DEPLOY_MOVES: Record<string, () => Promise<void>> = {
  queued: () => {
    world().svc.platform.script({ buildMs: 60_000 })
    return push({ wait: 'false' })
  },
  success: () => push(),
  failure: () => {
    world().svc.platform.script({ outcome: 'failure' })
    return push()
  },
  'timed out': () => {
    world().svc.platform.script({ buildMs: 60 * 60_000 })
    return push({ 'max-wait-minutes': '1' })
  },
  refused: async () => {
    world().svc.platform.previewsAvailable = false
    await push()
    world().svc.platform.previewsAvailable = true
  },
  lost: () => {
    world().svc.inject({ method: 'GET', path: /\/update-status\//, fault: { status: 403 } })
    return push()
  },
  cancelled: async () => {
    world().svc.platform.script({ buildMs: 60 * 60_000 })
    const controller = new AbortController()
    const reads = statusReads(world()).length
    const timer = setInterval(() => {
      if (statusReads(world()).length > reads) controller.abort()
    }, 5)
    await push({}, { realTime: true, signal: controller.signal })
    clearInterval(timer)
  },
  swept: async () => {
    const sweep = await runSweep(world(), {}, { at: Date.now() + SWEEP_LATER_MS })
    expect(sweep.outputs.finished).toBe('1')
  }
}

/** The one deploy comment of the pull request, and its headline. */
function deployComment(): { id: number; headline: string } {
  const comments = deployComments(world())
  expect(comments).toHaveLength(1)
  const headline = readComment(comments[0].body, '**Mintlify deployment**')?.headline ?? ''
  return { id: comments[0].id, headline }
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const rowOf = (state: string): DeployRow =>
  DEPLOY_ROWS.find(row => row.state === state) as DeployRow

describe('docs/states.md: the deploy comment', () => {
  it('lists each state once, every move goes to a state it lists, and every move is known', () => {
    expectClosed(DEPLOY_ROWS, DEPLOY_MOVES)
    expect(DEPLOY_ROWS.map(row => row.next)).toEqual(
      DEPLOY_ROWS.map(row => (row.state === 'none' ? 'writes it' : 'edits it'))
    )
  })

  it('the sweep finishes exactly the states that have a `swept` move', () => {
    for (const row of DEPLOY_ROWS) {
      const swept = row.moves.some(move => move.event === 'swept')
      expect([row.state, row.sweep]).toEqual([
        row.state,
        swept ? 'finishes it once the run is over' : 'no'
      ])
    }
  })

  const pairs = DEPLOY_ROWS.flatMap(row => row.moves.map(move => ({ row, ...move })))
  it.each(pairs)(
    '$row.state, then $event: $to, in the same comment',
    async ({ row, event, to }) => {
      // Into the row's state first (by a move the table says leads there), then the move.
      const into = pairs.find(pair => pair.to === row.state)
      let before: number | undefined
      if (into) {
        await DEPLOY_MOVES[into.event]()
        const made = deployComment()
        expect(made.headline).toMatch(new RegExp(`^${escape(row.says)}`))
        before = made.id
      } else expect(deployComments(world())).toHaveLength(0)
      await DEPLOY_MOVES[event]()
      const after = deployComment()
      expect(after.headline).toMatch(new RegExp(`^${escape(rowOf(to).says)}`))
      if (before !== undefined) expect(after.id).toBe(before)
    }
  )
})
