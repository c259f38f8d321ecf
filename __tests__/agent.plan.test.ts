/** planJob: what to do about the job, from what is known before any call to the service. */
import { describe, expect, it } from '@jest/globals'
import { planJob, type JobDecision, type PlanFacts } from '../src/agent/plan.js'

const FRESH = { kind: 'fresh' } as const
const base: PlanFacts = { resume: FRESH, followUp: true, origin: 'comment' }

describe('planJob', () => {
  it.each<[string, Partial<PlanFacts>, JobDecision]>([
    ['a fresh request creates a job', {}, { kind: 'create' }],
    [
      'a request the protocol re-attaches to follows that job',
      { resume: { kind: 'attach', jobId: 'job_1' } },
      { kind: 'attach', jobId: 'job_1', mode: 're-attached' }
    ],
    [
      'a re-attach wins over job-id',
      { resume: { kind: 'attach', jobId: 'job_1' }, jobId: 'job_9' },
      { kind: 'attach', jobId: 'job_1', mode: 're-attached' }
    ],
    [
      'a refused request starts nothing',
      { resume: { kind: 'refuse', threadUnreadable: false } },
      { kind: 'previous-unknown', threadUnreadable: false }
    ],
    [
      'a refusal for an unreadable thread says so',
      { resume: { kind: 'refuse', threadUnreadable: true } },
      { kind: 'previous-unknown', threadUnreadable: true }
    ],
    [
      'another run that owns the request: nothing here',
      { resume: { kind: 'owned', run: '4242' } },
      { kind: 'owned-elsewhere', run: '4242' }
    ],
    ['job-id attaches', { jobId: 'job_9' }, { kind: 'attach', jobId: 'job_9', mode: 'attached' }],
    [
      'job-id wins over a follow-up',
      { jobId: 'job_9', latestJobId: 'job_1' },
      { kind: 'attach', jobId: 'job_9', mode: 'attached' }
    ],
    [
      'a comment in a thread with a job follows up',
      { latestJobId: 'job_1' },
      { kind: 'follow-up', jobId: 'job_1' }
    ],
    [
      'a review comment in a thread with a job follows up',
      { origin: 'review-comment', latestJobId: 'job_1' },
      { kind: 'follow-up', jobId: 'job_1' }
    ],
    [
      'follow-up: false creates a new job',
      { followUp: false, latestJobId: 'job_1' },
      { kind: 'create' }
    ],
    [
      'an opened issue never follows up',
      { origin: 'issue', latestJobId: 'job_1' },
      { kind: 'create' }
    ],
    [
      'a workflow prompt never follows up',
      { origin: 'manual', latestJobId: 'job_1' },
      { kind: 'create' }
    ]
  ])('%s', (_name, facts, expected) => {
    expect(planJob({ ...base, ...facts })).toEqual(expected)
  })
})
