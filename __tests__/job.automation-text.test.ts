/**
 * What an automation's result says (pure): its own texts where they differ from a job's (queued,
 * refused, rate limited, unreachable, unknown), the job's texts otherwise, and never an input the
 * automation's step cannot take (`job-id` goes in place of `automation`).
 */
import { describe, expect, it } from '@jest/globals'
import { failureLine, resultText } from '../src/job/result-text.js'
import type { JobResult, Problem } from '../src/job/result.js'

const automation = { id: 'update-docs', instanceId: 'run_7' }

function problem(problem: Problem): JobResult {
  return { status: 'problem', problem, elapsedMs: 0, trigger: automation }
}

/** The text of a trigger whose run's job (`job_1`) was created `elapsedMs` ago. */
function triggeredText(elapsedMs: number, run: { id: string; instanceId?: string }): string {
  return resultText({
    status: 'triggered',
    jobId: 'job_1',
    mode: 'created',
    elapsedMs,
    trigger: run
  })
}

describe('an automation’s result texts', () => {
  it('queued: names the automation, its run and its job, and where its history is', () => {
    const text = triggeredText(30_000, automation)
    expect(text).toContain('📨 Mintlify automation `update-docs` was triggered: its run `run_7`')
    expect(text).toContain('job `job_1`')
    expect(text).toContain('(https://app.mintlify.com/products/automations)')
  })

  it('a run not known yet is not named', () => {
    const text = triggeredText(0, { id: 'update-docs' })
    expect(text).toContain('was triggered: its run is queued at Mintlify')
  })

  it.each([
    [{ kind: 'refused', httpStatus: 403, details: [] } as Problem, 'lack the scope'],
    [{ kind: 'rate-limited', retryAfterMs: 90_000 } as Problem, 'it asks to wait 1 min 30 s'],
    [
      { kind: 'unreachable', reason: 'could not reach api.mintlify.com (ENOTFOUND)' } as Problem,
      'Nothing was sent: Mintlify automation `update-docs` was not triggered.'
    ],
    [{ kind: 'unknown', threadUnreadable: true } as Problem, 'this attempt triggers nothing']
  ])('%j', (given, words) => {
    expect(resultText(problem(given))).toContain(words)
  })

  it('timed out or cancelled: re-attach with job-id in place of automation', () => {
    const followed = {
      jobId: 'job_1',
      mode: 'created' as const,
      elapsedMs: 60_000,
      trigger: automation
    }
    const timedOut = resultText({ ...followed, status: 'timed-out', maxWaitMs: 60_000 })
    expect(timedOut).toContain('run the workflow with `job-id: job_1` in place of `automation`.')
    const cancelled = resultText({ ...followed, status: 'cancelled' })
    expect(cancelled).toContain('Re-attach with `job-id: job_1` in place of `automation`.')
    expect(failureLine({ ...followed, status: 'timed-out', maxWaitMs: 60_000 })).toContain(
      're-attach with job-id in place of automation'
    )
  })

  it('a job’s own texts without an automation name no automation', () => {
    const followed = { jobId: 'job_1', mode: 'created' as const, elapsedMs: 60_000 }
    const timedOut = resultText({ ...followed, status: 'timed-out', maxWaitMs: 60_000 })
    expect(timedOut).toContain('run the workflow with `job-id: job_1`.')
  })

  it('the failure line of a refusal or unknown outcome names the automation', () => {
    const refused = problem({ kind: 'refused', httpStatus: 404, details: [] })
    expect(failureLine(refused)).toBe(
      'Mintlify automation update-docs is not in this project (HTTP 404); check automation and project-id.'
    )
    const unknown = problem({ kind: 'unknown-outcome', cause: 'the service answered HTTP 502' })
    expect(failureLine(unknown)).toBe(
      'Could not tell whether Mintlify automation update-docs was triggered (the service answered HTTP 502); it was not sent again.'
    )
  })
})
