/**
 * One job a thread on the committed bundle, as the runner starts it: two workflow runs at once on
 * one issue (a comment's and a label's, in different concurrency groups) start one job.
 */
import { describe, expect, it } from '@jest/globals'
import { labelIssueSpec } from './helpers/labels.js'
import { startHeldCommentRun } from './helpers/two-runs.js'
import { runAgentBundle, useWorld } from './helpers/world.js'

const world = useWorld()

describe('the bundle, two runs on one thread at once', () => {
  it('the label run waits for the comment run’s claim and continues its job', async () => {
    // The comment run's create meets a rate limit: its claim stays pending for 3 s.
    const commentRun = await startHeldCommentRun(world())
    const labelRun = await runAgentBundle(world(), labelIssueSpec(world()))
    const comment = await commentRun.finished
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
