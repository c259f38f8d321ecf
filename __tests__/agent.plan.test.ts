/** planJob: what to do about the job, from what is known before any call to the service. */
import { describe, expect, it } from '@jest/globals'
import { planJob, type JobDecision, type PlanFacts } from '../src/agent/plan.js'

const FRESH = { kind: 'fresh' } as const
const base: PlanFacts = { fate: FRESH, followUp: true, origin: 'comment' }

describe('planJob', () => {
  it.each<[string, Partial<PlanFacts>, JobDecision]>([
    ['a fresh request creates a job', {}, { kind: 'create' }],
    [
      'a request the protocol re-attaches to follows that job',
      { fate: { kind: 'attach', jobId: 'job_1', mode: 're-attached' } },
      { kind: 'attach', jobId: 'job_1', mode: 're-attached' }
    ],
    [
      'a re-attach wins over job-id',
      { fate: { kind: 'attach', jobId: 'job_1', mode: 're-attached' }, jobId: 'job_9' },
      { kind: 'attach', jobId: 'job_1', mode: 're-attached' }
    ],
    [
      'a request whose job is unknown starts nothing',
      { fate: { kind: 'unknown', threadUnreadable: false } },
      { kind: 'unknown', threadUnreadable: false }
    ],
    [
      'an unknown fate for an unreadable thread says so',
      { fate: { kind: 'unknown', threadUnreadable: true } },
      { kind: 'unknown', threadUnreadable: true }
    ],
    [
      'another run that owns the request: nothing here',
      { fate: { kind: 'owned', run: '4242' } },
      { kind: 'owned', run: '4242' }
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
    ],
    [
      'a labelled issue in a thread with a job follows up',
      { origin: 'label', latestJobId: 'job_1' },
      { kind: 'follow-up', jobId: 'job_1' }
    ],
    [
      'a pull request’s code change (a label, or the merge) in a thread with a job follows up',
      { origin: 'code-change', onPullRequest: true, latestJobId: 'job_1' },
      { kind: 'follow-up', jobId: 'job_1' }
    ],
    [
      'a merge with follow-up: false creates a new job',
      { origin: 'code-change', onPullRequest: true, followUp: false, latestJobId: 'job_1' },
      { kind: 'create' }
    ],
    [
      'a code change reported on an issue (a push, a release) never follows up',
      { origin: 'code-change', onPullRequest: false, latestJobId: 'job_1' },
      { kind: 'create' }
    ]
  ])('%s', (_name, facts, expected) => {
    expect(planJob({ ...base, ...facts })).toEqual(expected)
  })
})
