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
import type { RepoComment } from '../src/github/comments.js'
import { WORKFLOW_BOT } from '../src/github/identity.js'
import { readFinalMarker, renderMarker, type TrackingMarker } from '../src/job/markers.js'
import { endedResult, type JobResult } from '../src/job/result.js'
import {
  markerAfter,
  markerWhileSending,
  markerWithJob,
  resumeFrom,
  type RequestFate
} from '../src/job/rerun-protocol.js'
import { findCandidates, followingRunOver } from '../src/sweep/candidates.js'

const KEY = 'comment-9001'
/** The run that wrote the marker (`<run>`), and another run the same comment was delivered to. */
const WRITER = '4242'
const OTHER = '5151'
const JOB = 'job_1'
const NOW = Date.parse('2024-03-10T12:00:00Z')

interface Row {
  state: string
  /** The marker's fields after `tracking request=<key>`; undefined: no tracking comment. */
  fields?: Record<string, string>
  reRun: string
  otherRun: string
  sweep: string
  moves: { event: string; to: string }[]
}

const codeSpans = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map(m => m[1])

function parseTable(markdown: string): Row[] {
  const lines = markdown.split('\n').filter(line => line.startsWith('| '))
  const [header, , ...body] = lines
  const cells = (line: string): string[] =>
    line
      .slice(1, -1)
      .split('|')
      .map(cell => cell.trim())
  expect(cells(header)).toEqual([
    'state',
    'marker',
    'a re-run',
    'another run delivering it',
    'the sweep',
    'moves on'
  ])
  return body.map(line => {
    const [state, marker, reRun, otherRun, sweep, moves] = cells(line)
    const fieldText = codeSpans(marker)[0]
    const fields = fieldText
      ? Object.fromEntries(fieldText.split(' ').map(pair => pair.split('=')))
      : undefined
    return {
      state,
      fields,
      reRun: codeSpans(reRun)[0],
      otherRun: codeSpans(otherRun)[0],
      sweep,
      moves: moves === '—' ? [] : moves.split('; ').map(parseMove)
    }
  })
}

function parseMove(text: string): { event: string; to: string } {
  const match = /^`([^`]+)` → (.+)$/.exec(text)
  if (!match) throw new Error(`a move is written as \`event\` → state: ${text}`)
  return { event: match[1], to: match[2] }
}

const ROWS = parseTable(readFileSync(join(PROJECT_ROOT, 'docs', 'states.md'), 'utf8'))

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
    marker,
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
  're-attach': from => markerWithJob(REQUEST, from?.job ?? '')
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
  if (candidate === undefined) return 'no'
  if (candidate.phase === 'left') return 'finishes it'
  const waits = !followingRunOver(candidate, 'in_progress', NOW)
  const after = followingRunOver(candidate, 'completed', NOW)
  return waits && after ? 'once the run is over' : 'unclear'
}

describe('docs/states.md: the state table', () => {
  it('lists each state once, every move goes to a state it lists, and every move is known', () => {
    const states = ROWS.map(row => row.state)
    expect(new Set(states).size).toBe(states.length)
    for (const { event, to } of ROWS.flatMap(row => row.moves)) {
      expect(states).toContain(to)
      expect(Object.keys(MOVES)).toContain(event)
    }
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
