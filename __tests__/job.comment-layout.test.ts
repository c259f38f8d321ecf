/**
 * The tracking comment is written and read through one structure (headline, body, marker): every
 * phase reads back as it was written, and finishing a comment replaces its headline and marker by
 * name, keeping the request's quote and run link, whatever the headline's length.
 */
import { describe, expect, it } from '@jest/globals'
import { readComment, writeComment } from '../src/job/comment-layout.js'
import type { Marker } from '../src/job/markers.js'
import type { JobResult } from '../src/job/result.js'
import {
  finishTrackingComment,
  renderTrackingComment,
  type TrackingPhase
} from '../src/job/tracking-text.js'
import { renderBackLink } from '../src/job/back-link.js'
import { renderReply } from '../src/agent/replies.js'
import type { AgentJob } from '../src/mintlify/types.js'

const MARKER: Marker = { kind: 'tracking', request: 'comment-9001', job: 'job_1', state: 'job' }
const FRAME = {
  marker: MARKER,
  instruction: 'Add a quickstart\n\nwith two paragraphs',
  requester: 'maintainer',
  runUrl: 'https://github.com/acme/docs/actions/runs/4242'
}
const BODY = [
  'maintainer asked:',
  '',
  '> Add a quickstart',
  '> ',
  '> with two paragraphs',
  '',
  '<sub>[workflow run](https://github.com/acme/docs/actions/runs/4242)</sub>'
].join('\n')

const followed = { jobId: 'job_1', mode: 'created' as const, elapsedMs: 65_000 }
const job = (status: string, prLink: string | null = null): AgentJob => ({
  id: 'job_1',
  status,
  prLink
})
const RESULTS: [string, JobResult][] = [
  [
    'completed with a PR',
    {
      status: 'completed',
      ...followed,
      job: job('completed', 'https://github.com/acme/docs/pull/3'),
      pr: { owner: 'acme', repo: 'docs', number: 3, url: 'https://github.com/acme/docs/pull/3' }
    }
  ],
  ['completed without a PR', { status: 'completed', ...followed, job: job('completed') }],
  ['failed', { status: 'failed', ...followed, job: job('failed') }],
  ['archived', { status: 'archived', ...followed, job: job('archived') }],
  ['timed out', { status: 'timed-out', ...followed, maxWaitMs: 1_800_000 }],
  ['detached', { status: 'detached', ...followed, job: job('active') }],
  ['active', { status: 'active', ...followed, job: job('active') }],
  ['cancelled', { status: 'cancelled', ...followed }],
  [
    'refused',
    {
      status: 'problem',
      elapsedMs: 0,
      problem: { kind: 'refused', httpStatus: 400, message: 'bad prompt', details: [] }
    }
  ]
]

describe('one layout for every comment', () => {
  it('writes the title, the headline, the body and the marker, in that order', () => {
    expect(writeComment({ headline: 'Hello.', body: 'Below.', marker: MARKER })).toBe(
      '**Mintlify docs agent**\n\nHello.\n\nBelow.\n<!-- mintlify-docs-agent:tracking request=comment-9001 job=job_1 state=job -->'
    )
  })

  it('reads nothing from text in another layout or without a final marker', () => {
    expect(readComment('Thanks!')).toBeUndefined()
    expect(readComment('**Mintlify docs agent**\n\nno marker here')).toBeUndefined()
  })

  it.each<[string, TrackingPhase]>([
    ['working', { phase: 'working' }],
    ['following', { phase: 'following', jobId: 'job_1', followUp: false }],
    ['following a follow-up', { phase: 'following', jobId: 'job_1', followUp: true }],
    ...RESULTS.map(([name, result]): [string, TrackingPhase] => [
      `done: ${name}`,
      { phase: 'done', result }
    ])
  ])('the %s phase reads back as it was written', (_name, phase) => {
    const text = renderTrackingComment(FRAME, phase)
    const parts = readComment(text)
    expect(parts?.body).toBe(BODY)
    expect(parts?.marker).toEqual(MARKER)
    expect(parts && writeComment(parts)).toBe(text)
  })

  it('a comment without an instruction or run link has an empty body', () => {
    const text = renderTrackingComment(
      { marker: MARKER, instruction: '' },
      { phase: 'following', jobId: 'job_1', followUp: false }
    )
    expect(readComment(text)).toEqual({
      headline: '⏳ Agent job `job_1` is running; this comment is updated when it ends.',
      body: '',
      marker: MARKER
    })
  })

  it.each(RESULTS)(
    'finishing a following comment as %s keeps its quote and run link and replaces headline and marker',
    (_name, result) => {
      const following = renderTrackingComment(FRAME, {
        phase: 'following',
        jobId: 'job_1',
        followUp: false
      })
      const ended: Marker = { ...MARKER, phase: 'ended' }
      const finished = finishTrackingComment(following, result, ended)
      expect(finished).toBe(
        renderTrackingComment({ ...FRAME, marker: ended }, { phase: 'done', result })
      )
    }
  )

  it('replies and back-links read back through the same layout', () => {
    const reply = renderReply('Sorry, not allowed.', { kind: 'reply', request: 'comment-9001' })
    expect(readComment(reply)).toEqual({
      headline: 'Sorry, not allowed.',
      body: '',
      marker: { kind: 'reply', request: 'comment-9001' }
    })
    const backLink = renderBackLink({
      pr: { owner: 'acme', repo: 'docs', number: 3, url: 'https://github.com/acme/docs/pull/3' },
      jobId: 'job_1',
      triggerPhrase: '/mintlify'
    })
    expect(readComment(backLink)?.marker).toEqual({ kind: 'back-link', job: 'job_1' })
    expect(readComment(backLink)?.headline.split('\n')).toHaveLength(2)
  })
})
