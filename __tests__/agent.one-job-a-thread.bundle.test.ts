/**
 * One job a thread on the committed bundle, as the runner starts it: two workflow runs at once on
 * one issue (a comment's and a label's, in different concurrency groups) start one job.
 */
import { describe, expect, it } from '@jest/globals'
import { labelIssueSpec } from './helpers/labels.js'
import { commentScenario, runAgentBundle, useWorld } from './helpers/world.js'

const world = useWorld()

/** Resolves once `ready()` holds (checked every 10 ms). */
function until(ready: () => boolean): Promise<void> {
  return new Promise(resolve => {
    const timer = setInterval(() => {
      if (!ready()) return
      clearInterval(timer)
      resolve()
    }, 10)
  })
}

describe('the bundle, two runs on one thread at once', () => {
  it('the label run waits for the comment run’s claim and continues its job', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    // The comment run's create meets a rate limit: its claim stays pending for 3 s.
    world().svc.inject({
      method: 'POST',
      path: /\/job$/,
      fault: { status: 429, headers: { 'retry-after': '3' }, body: '{"error":"rate limited"}' }
    })
    const commentRun = runAgentBundle(world(), {
      ...commentScenario(world(), { thread: { number: 11 } }),
      env: { GITHUB_RUN_ID: '5555' }
    })
    await until(() => world().creates().length === 1)
    const labelRun = await runAgentBundle(world(), labelIssueSpec(world()))
    const comment = await commentRun
    expect(labelRun.stderr).toBe('')
    expect(labelRun.stdout).toContain(
      'is starting its agent job right now; waiting up to 2 minutes'
    )
    expect([comment.outputs['job-id'], labelRun.outputs['job-id']]).toEqual(['job_1', 'job_1'])
    expect(world().svc.job('job_2')).toBeUndefined()
    expect(
      world()
        .messages()
        .map(m => m.path)
    ).toEqual(['/v2/agent/proj_test/job/job_1/message'])
  }, 60_000)
})
