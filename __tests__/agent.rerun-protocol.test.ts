/**
 * The re-run protocol as one table, both ways: every state a tracking comment's marker can be in and
 * what a later attempt of the same request does on reading it; and every way a run can end, the
 * marker it writes, and what the next attempt then does. Markers go through the comment text (render,
 * then read back) as a re-run would meet them.
 */
import { describe, expect, it } from '@jest/globals'
import { readFinalMarker, renderMarker, type TrackingMarker } from '../src/job/markers.js'
import { lifeOfMarker } from '../src/job/life.js'
import type { JobResult } from '../src/job/result.js'
import type { AgentJob } from '../src/mintlify/types.js'
import {
  markerAfter,
  markerWhileSending,
  markerWithJob,
  resumeFrom,
  standingClaim,
  type RequestFate
} from '../src/job/rerun-protocol.js'

const KEY = 'comment-9001'
const REQUEST = { key: KEY, run: '4242' }
const ATTACH: RequestFate = { kind: 'attach', jobId: 'job_1', mode: 're-attached' }
const UNKNOWN: RequestFate = { kind: 'unknown', threadUnreadable: false }
const FRESH: RequestFate = { kind: 'fresh' }

/** The marker as the next attempt reads it back from the comment body. */
function throughComment(marker: TrackingMarker): TrackingMarker | undefined {
  const read = readFinalMarker(`**Mintlify docs agent**\n\ntext\n\n${renderMarker(marker)}`)
  expect(read?.kind).toBe('tracking')
  return read?.kind === 'tracking' ? read : undefined
}

/** A re-run (attempt 2) of the same workflow run. */
function nextAttempt(marker: TrackingMarker | undefined): RequestFate {
  return resumeFrom({
    life: marker && lifeOfMarker(marker),
    threadUnreadable: false,
    runAttempt: 2,
    runId: '4242',
    jobIdGiven: false
  })
}

describe('re-run protocol: what a marker says → what a later attempt does', () => {
  const tracking = (fields: Partial<TrackingMarker>): TrackingMarker => ({
    kind: 'tracking',
    request: KEY,
    ...fields
  })
  it.each<[string, TrackingMarker | undefined, RequestFate]>([
    ['no tracking comment of this request: a fresh request', undefined, FRESH],
    [
      'pending without a job (a create sent, no answer yet): unknown',
      tracking({ state: 'pending' }),
      UNKNOWN
    ],
    [
      'pending with a job (a follow-up sent, no answer yet): unknown',
      tracking({ state: 'pending', job: 'job_1' }),
      UNKNOWN
    ],
    ['job with its id: re-attach to it', tracking({ state: 'job', job: 'job_1' }), ATTACH],
    ['job without an id: unknown', tracking({ state: 'job' }), UNKNOWN],
    ['unknown (the outcome could not be told): unknown', tracking({ state: 'unknown' }), UNKNOWN],
    ['unknown with a job id: unknown', tracking({ state: 'unknown', job: 'job_1' }), UNKNOWN],
    ['no state (ended before reaching a job): a fresh request', tracking({}), FRESH],
    [
      'no state with a job id (a refused follow-up): a fresh request',
      tracking({ job: 'job_1' }),
      FRESH
    ]
  ])('%s', (_name, marker, expected) => {
    expect(nextAttempt(marker === undefined ? undefined : throughComment(marker))).toEqual(expected)
  })

  it('a re-run that cannot read the thread finds the fate unknown, whatever it might have held', () => {
    expect(resumeFrom({ threadUnreadable: true, runAttempt: 2, jobIdGiven: false })).toEqual({
      kind: 'unknown',
      threadUnreadable: true
    })
  })

  it('a first attempt that cannot read the thread is a fresh request (nothing can be there yet)', () => {
    expect(resumeFrom({ threadUnreadable: true, runAttempt: 1, jobIdGiven: false })).toEqual(FRESH)
  })

  it('a re-run with job-id that cannot read the thread follows the named job (fresh here, attached by the plan)', () => {
    expect(resumeFrom({ threadUnreadable: true, runAttempt: 2, jobIdGiven: true })).toEqual(FRESH)
  })
})

describe('re-run protocol: the same request delivered to two runs at once', () => {
  const pendingOf = (run?: string): TrackingMarker => ({
    kind: 'tracking',
    request: KEY,
    state: 'pending',
    run
  })
  const secondDelivery = (marker: TrackingMarker): RequestFate =>
    resumeFrom({
      life: lifeOfMarker(marker),
      threadUnreadable: false,
      runAttempt: 1,
      runId: '5151',
      jobIdGiven: false
    })

  it('another run’s pending claim: that run owns the request, this one leaves it be', () => {
    expect(secondDelivery(pendingOf('4242'))).toEqual({ kind: 'owned', run: '4242' })
  })

  it('a pending claim of this very run (a re-run) or of an older version (no run): unknown', () => {
    expect(nextAttempt(pendingOf('4242'))).toEqual(UNKNOWN)
    expect(secondDelivery(pendingOf(undefined))).toEqual(UNKNOWN)
  })

  it('another run’s job: re-attach to it, as a re-run would', () => {
    const marker: TrackingMarker = {
      kind: 'tracking',
      request: KEY,
      state: 'job',
      job: 'job_1',
      run: '4242'
    }
    expect(secondDelivery(marker)).toEqual(ATTACH)
  })

  it('of two claims written at once, the earlier comment stands, whatever order they are read in', () => {
    const claims = [
      { id: 12, life: lifeOfMarker(pendingOf('5151')) },
      { id: 11, life: lifeOfMarker(pendingOf('4242')) },
      { id: 10, life: lifeOfMarker({ kind: 'tracking', request: 'comment-1', state: 'job' }) }
    ]
    expect(standingClaim(claims, KEY)?.id).toBe(11)
    expect(standingClaim([...claims].reverse(), KEY)?.id).toBe(11)
    expect(standingClaim(claims, 'comment-2')).toBeUndefined()
  })
})

describe('re-run protocol: the markers written while a request is sent', () => {
  it('before the create: pending, and a re-run then finds it unknown', () => {
    const marker = markerWhileSending(REQUEST)
    expect(marker).toEqual({
      kind: 'tracking',
      request: KEY,
      job: undefined,
      state: 'pending',
      run: '4242'
    })
    expect(nextAttempt(throughComment(marker))).toEqual(UNKNOWN)
  })

  it('before a follow-up: pending with the job, and a re-run then finds it unknown', () => {
    const marker = markerWhileSending(REQUEST, 'job_1')
    expect(throughComment(marker)).toEqual({
      kind: 'tracking',
      request: KEY,
      job: 'job_1',
      state: 'pending',
      run: '4242'
    })
    expect(nextAttempt(throughComment(marker))).toEqual(UNKNOWN)
  })

  it('as soon as the job is known: job with its id, and a re-run re-attaches', () => {
    expect(nextAttempt(throughComment(markerWithJob(REQUEST, 'job_1')))).toEqual(ATTACH)
  })
})

describe('re-run protocol: how a run ended → its final marker → what a later attempt does', () => {
  const job = { jobId: 'job_1', mode: 'created' as const, elapsedMs: 1_000 }
  const read = (status: string): AgentJob => ({ id: 'job_1', status, prLink: null })
  it.each<[string, JobResult, TrackingMarker['state'], RequestFate]>([
    ['completed', { status: 'completed', ...job, job: read('completed') }, 'job', ATTACH],
    ['failed (the job failed)', { status: 'failed', ...job, job: read('failed') }, 'job', ATTACH],
    ['archived', { status: 'archived', ...job, job: read('archived') }, 'job', ATTACH],
    ['timed out', { status: 'timed-out', ...job, maxWaitMs: 60_000 }, 'job', ATTACH],
    [
      'started without waiting (active)',
      { status: 'active', ...job, job: read('active') },
      'job',
      ATTACH
    ],
    ['cancelled while following a job', { status: 'cancelled', ...job }, 'job', ATTACH],
    [
      'lost (the job could not be read)',
      { status: 'problem', ...job, problem: { kind: 'lost', cause: 'HTTP 401' } },
      'job',
      ATTACH
    ],
    [
      'a follow-up whose outcome is unknown',
      {
        status: 'problem',
        ...job,
        mode: 'follow-up',
        problem: { kind: 'unknown-outcome', cause: 'timeout' }
      },
      'job',
      ATTACH
    ],
    ['cancelled before any job', { status: 'cancelled', elapsedMs: 0 }, undefined, FRESH],
    [
      'cancelled while the create was on its way',
      {
        status: 'problem',
        cancelled: true,
        elapsedMs: 0,
        problem: { kind: 'unknown-outcome', cause: 'cancelled' }
      },
      'unknown',
      UNKNOWN
    ],
    [
      'a create whose outcome is unknown',
      { status: 'problem', elapsedMs: 0, problem: { kind: 'unknown-outcome', cause: 'HTTP 502' } },
      'unknown',
      UNKNOWN
    ],
    [
      'an earlier attempt that may have started a job',
      { status: 'problem', elapsedMs: 0, problem: { kind: 'unknown' } },
      'unknown',
      UNKNOWN
    ],
    [
      'a create refused by the service',
      {
        status: 'problem',
        elapsedMs: 0,
        problem: { kind: 'refused', httpStatus: 400, details: [] }
      },
      undefined,
      FRESH
    ],
    [
      'a rate-limited create',
      { status: 'problem', elapsedMs: 0, problem: { kind: 'rate-limited' } },
      undefined,
      FRESH
    ],
    [
      'a rate-limited follow-up',
      { status: 'problem', ...job, mode: 'follow-up', problem: { kind: 'rate-limited' } },
      undefined,
      FRESH
    ],
    [
      'a follow-up the service refused',
      {
        status: 'problem',
        ...job,
        mode: 'follow-up',
        problem: { kind: 'follow-up-refused', httpStatus: 404 }
      },
      undefined,
      FRESH
    ]
  ])('%s', (_name, result, state, expected) => {
    const marker = throughComment(markerAfter(REQUEST, result))
    expect(marker?.request).toBe(KEY)
    expect(marker?.state).toBe(state)
    expect(nextAttempt(marker)).toEqual(expected)
  })
})

describe('a labelled request’s label goes through every marker the protocol writes', () => {
  const LABELLED = { ...REQUEST, label: 'docs: needs review' }
  const job = { jobId: 'job_1', mode: 'created' as const, elapsedMs: 1_000 }
  const completed: JobResult = {
    status: 'completed',
    ...job,
    job: { id: 'job_1', status: 'completed', prLink: null }
  }
  const unknown: JobResult = { status: 'problem', problem: { kind: 'unknown' }, elapsedMs: 0 }

  it.each<[string, TrackingMarker]>([
    ['pending', markerWhileSending(LABELLED)],
    ['job (following)', markerWithJob(LABELLED, 'job_1')],
    ['ended', markerAfter(LABELLED, completed)],
    ['left (timed out)', markerAfter(LABELLED, { status: 'timed-out', ...job, maxWaitMs: 1 })],
    ['unknown', markerAfter(LABELLED, unknown)]
  ])('%s', (_name, marker) => {
    expect(throughComment(marker)?.label).toBe('docs: needs review')
  })

  it('a request without one writes none', () => {
    expect(renderMarker(markerAfter(REQUEST, completed))).not.toContain('label=')
  })
})
