/**
 * How far back each reader reads a conversation from its newest end (pure): the request's event time
 * by kind, the thread state's stop, the digest's stop and its claim check.
 */
import { describe, expect, it } from '@jest/globals'
import { digestClaimsSince, digestReadEnough } from '../src/agent/digest/read-stop.js'
import type { AgentRequest } from '../src/agent/request.js'
import { threadBound, threadReadEnough } from '../src/agent/thread-read.js'
import type { IssueComment } from '../src/github/comments.js'
import { WORKFLOW_BOT } from '../src/github/identity.js'

const MARGIN = 5 * 60_000
const NOW = Date.parse('2024-03-08T12:00:00Z')
const settings = { followUp: true, jobId: undefined }

function request(origin: AgentRequest['origin'], more: Partial<AgentRequest> = {}): AgentRequest {
  const thread = { owner: 'acme', repo: 'docs', issueNumber: 7, isPullRequest: false }
  return {
    origin,
    instruction: 'x',
    instructionSource: 'event',
    thread,
    requestKey: 'key-1',
    ...more
  } as AgentRequest
}

const context = (payload: Record<string, unknown>, runAttempt = 1) => ({ payload, runAttempt })

let nextId = 1
function comment(at: string, marker?: string, login = 'github-actions[bot]'): IssueComment {
  const body = marker ? `Text.\n\n<!-- mintlify-docs-agent:${marker} -->` : 'A word.'
  const id = nextId++
  const htmlUrl = `https://github.com/acme/docs/issues/7#issuecomment-${id}`
  return { id, body, htmlUrl, userLogin: login, userType: 'Bot', createdAt: Date.parse(at) }
}

describe('threadBound: when the request’s event happened', () => {
  const at = (iso: string): number => Date.parse(iso) - MARGIN

  it('a comment: when it was posted; a follow-up reads on to the thread’s job', () => {
    const payload = { comment: { created_at: '2024-03-08T11:00:00Z' } }
    expect(threadBound(request('comment'), { context: context(payload), settings }, NOW)).toEqual({
      since: at('2024-03-08T11:00:00Z'),
      latestJob: true
    })
    const noFollowUp = { settings: { ...settings, followUp: false }, context: context(payload) }
    expect(threadBound(request('review-comment'), noFollowUp, NOW).latestJob).toBe(false)
  })

  it('an opened issue, a label, a merge, a push, a release: their own times', () => {
    const cases: [AgentRequest, Record<string, unknown>, number][] = [
      [
        request('issue'),
        { issue: { created_at: '2024-03-01T00:00:00Z' } },
        at('2024-03-01T00:00:00Z')
      ],
      [
        request('label'),
        { pull_request: { updated_at: '2024-03-02T00:00:00Z' } },
        at('2024-03-02T00:00:00Z')
      ],
      [
        request('code-change', { change: { kind: 'pull', pull: {} } } as Partial<AgentRequest>),
        { pull_request: { merged_at: '2024-03-03T00:00:00Z' } },
        at('2024-03-03T00:00:00Z')
      ],
      [
        request('code-change', { change: { kind: 'push', push: {} } } as Partial<AgentRequest>),
        { repository: { pushed_at: Date.parse('2024-03-04T00:00:00Z') / 1000 } },
        at('2024-03-04T00:00:00Z')
      ],
      [
        request('code-change', {
          change: { kind: 'release', release: { publishedAt: Date.parse('2024-03-05T00:00:00Z') } }
        } as Partial<AgentRequest>),
        {},
        at('2024-03-05T00:00:00Z')
      ]
    ]
    for (const [req, payload, since] of cases) {
      expect(threadBound(req, { context: context(payload), settings }, NOW).since).toBe(since)
    }
  })

  it('a workflow’s prompt: the run’s start on attempt 1; no time bounds a re-run', () => {
    const manual = request('manual')
    expect(threadBound(manual, { context: context({}), settings }, NOW)).toEqual({
      since: NOW - MARGIN,
      latestJob: false
    })
    expect(threadBound(manual, { context: context({}, 2), settings }, NOW).since).toBeUndefined()
  })

  it('a payload without its time bounds nothing', () => {
    expect(threadBound(request('comment'), { context: context({}), settings }, NOW).since).toBe(
      undefined
    )
  })
})

describe('threadReadEnough', () => {
  const since = Date.parse('2024-03-08T00:00:00Z')
  const keys = { key: 'comment-9' }

  it('reads on until it reaches comments older than the event', () => {
    const enough = threadReadEnough({ since, latestJob: false }, keys, WORKFLOW_BOT)
    expect(enough([comment('2024-03-08T01:00:00Z')])).toBe(false)
    expect(enough([comment('2024-03-07T00:00:00Z'), comment('2024-03-08T01:00:00Z')])).toBe(true)
    expect(
      threadReadEnough({ latestJob: false }, keys, WORKFLOW_BOT)([comment('2020-01-01T00:00:00Z')])
    ).toBe(false)
  })

  it('with no time to go by, reads on until it has found its own tracking comment', () => {
    const enough = threadReadEnough({ latestJob: false }, keys, WORKFLOW_BOT)
    const own = comment('2020-01-01T00:00:00Z', 'tracking request=comment-9 job=j_2 state=job')
    const other = comment('2020-01-01T00:00:00Z', 'tracking request=comment-1 job=j_1 state=job')
    expect(enough([other, comment('2020-01-02T00:00:00Z')])).toBe(false)
    expect(enough([own, other])).toBe(true)
    // Anyone can type a marker: only ours count.
    const typed = comment('2020-01-01T00:00:00Z', 'tracking request=comment-9 state=job', 'mallory')
    expect(enough([typed])).toBe(false)
  })

  it('a follow-up reads on until it has found the thread’s job, or its own comment names one', () => {
    const enough = threadReadEnough({ since, latestJob: true }, keys, WORKFLOW_BOT)
    const old = comment('2024-03-07T00:00:00Z')
    expect(enough([old])).toBe(false)
    // Anyone can type a marker: only ours count.
    const typed = comment(
      '2024-03-07T01:00:00Z',
      'tracking request=comment-1 job=j_1 state=job',
      'mallory'
    )
    expect(enough([old, typed])).toBe(false)
    const job = comment('2024-03-07T01:00:00Z', 'tracking request=comment-1 job=j_1 state=job')
    expect(enough([old, job])).toBe(true)
    const own = comment('2024-03-08T02:00:00Z', 'tracking request=comment-9 job=j_2 state=job')
    expect(enough([old, own])).toBe(true)
  })
})

describe('digestReadEnough', () => {
  const record = (state: string, run: string, at = '2024-03-07T00:00:00Z') =>
    comment(
      at,
      `tracking request=digest-1.0-2.0-first ${state} run=${run} since=1.0 until=2.0 pulls=7`
    )
  const settled = record('job=j_1 state=job status=completed', '1111')
  const claim = record('state=pending', '2222')

  it('stops at the newest record that is not a claim in flight', () => {
    const enough = digestReadEnough({ identity: WORKFLOW_BOT, runId: '4242', rerun: false })
    expect(enough([comment('2024-03-07T00:00:00Z')])).toBe(false)
    expect(enough([claim])).toBe(false)
    expect(enough([settled, claim])).toBe(true)
    expect(enough([record('state=failed', '3333')])).toBe(true)
  })

  it('a re-run reads on to its own record as well', () => {
    const enough = digestReadEnough({ identity: WORKFLOW_BOT, runId: '4242', rerun: true })
    const own = record('job=j_2 state=job', '4242')
    expect(enough([settled])).toBe(false)
    expect(enough([own])).toBe(false)
    expect(enough([settled, own])).toBe(true)
  })

  it('claims of this digest date from the record it follows; a re-run’s from what it read', () => {
    const first = comment('2024-03-01T00:00:00Z')
    const after = { commentId: settled.id } as never
    const comments = [first, settled, claim]
    expect(digestClaimsSince({ after }, comments)).toBe(Date.parse('2024-03-07T00:00:00Z') - 1000)
    expect(digestClaimsSince({ after, rerun: after }, comments)).toBe(
      Date.parse('2024-03-01T00:00:00Z') - 1000
    )
  })
})
