/**
 * `automation` beyond a merged pull request: the input errors (named `automation`, before any
 * request), workflow events (a dispatch reporting to `issue-number`, a release), the sweep that
 * finishes a run no one waited for, and the thread rules that never continue an automation's job.
 */
import { describe, expect, it } from '@jest/globals'
import { releaseEvent } from '../fakes/webhooks.js'
import { CODE_CHANGE_DEFAULTS, runMergedPull } from './helpers/code-change.js'
import { addThread, runAgent, runComment, runSweep, useWorld } from './helpers/world.js'

const AUTOMATION = 'draft-changelog'
const world = useWorld(w => w.svc.platform.addAutomation(AUTOMATION))

function triggers() {
  return world().svc.requestsTo('POST', /\/trigger$/)
}

describe('input errors name `automation`, before any request', () => {
  it.each([
    ['prompt', { prompt: 'Update the docs' }, 'must be empty when `prompt` is set'],
    ['prompt-file', { 'prompt-file': 'p.md' }, 'must be empty when `prompt-file` is set'],
    ['job-id', { 'job-id': 'job_9' }, 'must be empty when `job-id` is set'],
    ['an id with other characters', {}, 'must be an automation id of letters, digits']
  ])('with %s', async (name, extra, words) => {
    const automation = name.startsWith('an id') ? 'update docs!' : AUTOMATION
    const result = await runAgent(world(), {
      eventName: 'workflow_dispatch',
      inputs: { automation, ...extra }
    })
    expect(result.exitCode).toBe(1)
    expect(result.stdout).toContain(`Input 'automation' ${words}`)
    expect(world().svc.requests).toHaveLength(0)
    expect(world().gh.calls).toEqual([])
  })

  it('on a comment event: not a workflow event', async () => {
    const result = await runComment(world(), { inputs: { automation: AUTOMATION } })
    expect(result.exitCode).toBe(1)
    expect(result.stdout).toContain("Input 'automation' must be empty on issue_comment events")
    expect(world().svc.requests).toHaveLength(0)
    expect(world().gh.calls).toEqual([])
  })
})

describe('workflow events', () => {
  it('a dispatch reports to issue-number; its re-run re-attaches, a new run triggers again', async () => {
    addThread(world(), { number: 3 })
    const dispatch = {
      eventName: 'workflow_dispatch',
      inputs: { automation: AUTOMATION, 'issue-number': '3' }
    }
    const first = await runAgent(world(), dispatch)
    expect(first.outputs).toMatchObject({ status: 'completed', 'automation-run': 'run_1' })
    const [comment] = world().botComments(3)
    expect(comment.body).toContain('**Mintlify automation `draft-changelog`**')
    expect(comment.body).toMatch(/request=run-4242:[^ ]+:[0-9a-f]{12} /)
    await runAgent(world(), { ...dispatch, env: { GITHUB_RUN_ATTEMPT: '2' } })
    expect(triggers()).toHaveLength(1)
    await runAgent(world(), { ...dispatch, env: { GITHUB_RUN_ID: '4343' } })
    expect(triggers()).toHaveLength(2)
  })

  it('a published release triggers it (the release is never skipped by ignore-paths)', async () => {
    addThread(world(), { number: 3 })
    const result = await runAgent(world(), {
      eventName: 'release',
      event: releaseEvent({}),
      inputs: { ...CODE_CHANGE_DEFAULTS, automation: AUTOMATION, 'issue-number': '3' }
    })
    expect(result.outputs.status).toBe('completed')
    expect(world().botComments(3)[0].body).toContain('published release')
    expect(triggers()).toHaveLength(1)
  })
})

describe('the sweep and the thread', () => {
  it('`wait: false`: the sweep finishes a run whose job reads 404 with the same `triggered` text', async () => {
    world().svc.hideAutomationJobs = true
    const run = await runMergedPull(world(), {}, { automation: AUTOMATION, wait: 'false' })
    expect(run.outputs.status).toBe('active')
    const sweep = await runSweep(world(), {}, { at: Date.now() + 10 * 60_000 })
    expect(sweep.exitCode).toBe(0)
    const [comment] = world().botComments(12)
    expect(comment.body).toContain(
      '📨 Mintlify automation `draft-changelog` was triggered: its run `run_1` is queued at Mintlify.'
    )
    expect(comment.body).toContain('phase=ended')
    // A `triggered` comment has ended: the next sweep does not read its job again.
    const reads = world().gets().length
    await runSweep(world(), {}, { at: Date.now() + 20 * 60_000 })
    expect(world().gets()).toHaveLength(reads)
  })

  it('a sweep right after the trigger leaves a job not visible yet: the grace of a just-created job', async () => {
    world().svc.scriptJobs({ notFoundPolls: 1, activePolls: 0 })
    await runMergedPull(world(), {}, { automation: AUTOMATION, wait: 'false' })
    const early = await runSweep(world(), {}, { at: Date.now() + 5_000 })
    expect(early.outputs).toMatchObject({ checked: '1', finished: '0', pending: '1' })
    expect(world().botComments(12)[0].body).not.toContain('was triggered')
    await runSweep(world(), {}, { at: Date.now() + 10 * 60_000 })
    expect(world().botComments(12)[0].body).toContain('✅ The agent opened a pull request')
  })

  it('a later comment on the PR never continues the automation’s job: a job of its own', async () => {
    await runMergedPull(world(), {}, { automation: AUTOMATION })
    const comment = await runComment(world(), {
      body: '/mintlify Also document the flags',
      thread: { number: 12, pull: true }
    })
    expect(comment.outputs.status).toBe('completed')
    expect(world().messages()).toHaveLength(0)
    expect(world().creates()).toHaveLength(1)
  })
})
