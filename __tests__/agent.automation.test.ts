/**
 * `automation`: a merged pull request triggers a Mintlify automation (once), its run's agent job is
 * followed to its end and reported on the PR, headed by the automation instead of a prompt; a run
 * the job read does not show ends `triggered`; the trigger's refusals, rate limit and unanswered
 * sends; re-runs and second deliveries; the guards of docs follow code.
 */
import { describe, expect, it } from '@jest/globals'
import { serviceError } from '../fakes/service-emulator.js'
import { files, runMergedPull, writes } from './helpers/code-change.js'
import { AUTOMATION, runAutomationAttempt, useAutomationWorld } from './helpers/automation.js'

const { world, triggers, failNextTrigger, expectTriggeredOnceAfter } = useAutomationWorld()

function runAutomation(inputs: Record<string, string> = {}) {
  return runMergedPull(world(), {}, { automation: AUTOMATION, ...inputs })
}

/** The same merged pull request's run again: a re-run (attempt 2) or a second delivery (attempt 1). */
function runAgain(attempt: number) {
  return runAutomationAttempt(world(), {}, attempt)
}

/** The action's comments on the merged PR #12. */
function prComments(): string[] {
  return world()
    .botComments(12)
    .map(c => c.body)
}

describe('a merged pull request triggers the automation, followed and reported', () => {
  it('triggers once, follows the run’s job to its PR, and reports it on the PR', async () => {
    const result = await runAutomation()
    expect(result.exitCode).toBe(0)
    expect(triggers()).toHaveLength(1)
    expect(triggers()[0].path).toBe(`/v1/workflow/${world().svc.projectId}/${AUTOMATION}/trigger`)
    expect(world().creates()).toHaveLength(0)
    expect(result.outputs).toMatchObject({
      status: 'completed',
      'job-id': 'job_1',
      'automation-run': 'run_1',
      'pr-url': 'https://github.com/acme/docs/pull/1'
    })
    const [comment] = prComments()
    expect(comment).toContain('✅ The agent opened a pull request: [acme/docs#1]')
    expect(comment).toContain('**Mintlify automation `update-docs`**')
    expect(comment).toContain(
      'was merged into main by maintainer; triggered: **Mintlify automation `update-docs`**'
    )
    expect(comment).toContain('automation=update-docs instance=run_1')
    expect(comment).not.toContain('> Update the documentation')
    expect(result.summary).toContain('### Mintlify automation `update-docs`')
    expect(result.summary).toContain('| Automation run | `run_1` |')
    expect(result.summary).not.toContain('| Prompt |')
  })

  it('a run the job read does not show ends `triggered`: queued at Mintlify, exit 0', async () => {
    world().svc.hideAutomationJobs = true
    const result = await runAutomation()
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({ status: 'triggered', 'automation-run': 'run_1' })
    const [comment] = prComments()
    expect(comment).toContain(
      '📨 Mintlify automation `update-docs` was triggered: its run `run_1` is queued at Mintlify.'
    )
    expect(comment).toContain('[Automations page](https://app.mintlify.com/products/automations)')
    expect(comment).toContain('phase=ended')
    expect(result.summary).toContain('is queued at Mintlify')
    // Polled past the grace a job just created is given, then stopped: no failure.
    expect(world().gets().length).toBeGreaterThan(1)
    expect(triggers()).toHaveLength(1)
  })
})

describe('what the trigger can answer', () => {
  it('400: the service’s words, and that only a Custom schedule automation can be triggered', async () => {
    world().svc.platform.addAutomation(AUTOMATION, { trigger: 'code-change' })
    const result = await runAutomation()
    expect(result.exitCode).toBe(1)
    expect(result.outputs.status).toBe('failed')
    const [comment] = prComments()
    expect(comment).toContain(
      '❌ Mintlify automation `update-docs` could not be triggered (HTTP 400): Automation is not configured with a custom schedule.'
    )
    expect(comment).toContain(
      'Only automations with a **Custom schedule** trigger can be triggered'
    )
    expect(result.stdout).toContain('only automations with a Custom schedule')
  })

  it('404: the automation is not in this project', async () => {
    const result = await runMergedPull(world(), {}, { automation: 'other' })
    expect(result.outputs.status).toBe('failed')
    expect(prComments()[0]).toContain('The automation is not in this project: check `automation`')
  })

  it('401: a key problem, as for jobs', async () => {
    failNextTrigger(serviceError(401, 'Unauthorized'))
    const result = await runAutomation()
    expect(result.outputs.status).toBe('failed')
    expect(prComments()[0]).toContain('The API key is invalid or expired')
  })

  it('429 waits its Retry-After, then triggers once', async () => {
    failNextTrigger({
      ...serviceError(429, 'Too many requests'),
      headers: { 'retry-after': '20' }
    })
    const result = await runAutomation()
    expect(result.outputs.status).toBe('completed')
    expectTriggeredOnceAfter(20_000)
  })

  it('429 whose wait passes max-wait-minutes: no wait, the shared limit named', async () => {
    failNextTrigger({
      ...serviceError(429, 'Too many requests'),
      headers: { 'retry-after': '600' }
    })
    const result = await runAutomation({ 'max-wait-minutes': '2' })
    expect(result.outputs.status).toBe('failed')
    expect(triggers()).toHaveLength(1)
    expect(prComments()[0]).toContain('5 automation and deployment triggers a minute')
  })

  it.each([
    ['a 502', { status: 502, process: true }],
    ['a reset after the service took it', { kind: 'reset-after-body' as const }]
  ])('%s: never sent again, and a re-run triggers nothing', async (_name, fault) => {
    failNextTrigger(fault)
    const result = await runAutomation()
    expect(result.outputs.status).toBe('failed')
    expect(triggers()).toHaveLength(1)
    expect(prComments()[0]).toContain(
      '⚠️ Could not tell whether Mintlify automation `update-docs` was triggered'
    )
    const rerun = await runAgain(2)
    expect(rerun.outputs.status).toBe('failed')
    expect(triggers()).toHaveLength(1)
    expect(prComments()).toHaveLength(1)
    expect(prComments()[0]).toContain('may have triggered Mintlify automation `update-docs`')
  })
})

describe('one request, one run', () => {
  it('a re-run re-attaches to the run’s job, and a second delivery triggers nothing new', async () => {
    world().svc.scriptJobs({ activePolls: 50 })
    const first = await runAutomation({ 'max-wait-minutes': '0.1' })
    expect(first.outputs.status).toBe('timed-out')
    const rerun = await runAgain(2)
    expect(rerun.outputs).toMatchObject({ status: 'completed', 'automation-run': 'run_1' })
    const again = await runAgain(1)
    expect(again.outputs.status).toBe('completed')
    expect(triggers()).toHaveLength(1)
    expect(prComments()).toHaveLength(1)
  })
})

describe('the guards of docs follow code come first: no call', () => {
  it('a docs-only merge and a bot’s merge trigger nothing (status skipped)', async () => {
    const docsOnly = await runMergedPull(
      world(),
      { files: files(['docs/guide.mdx', 'README.md']) },
      { automation: AUTOMATION }
    )
    expect(docsOnly.outputs.status).toBe('skipped')
    const bot = await runMergedPull(
      world(),
      { number: 13, author: 'renovate[bot]', authorType: 'Bot' },
      { automation: AUTOMATION }
    )
    expect(bot.outputs.status).toBe('skipped')
    expect(bot.stdout).toContain('a bot that is not listed in allowed-bots')
    expect(world().svc.requests).toHaveLength(0)
    expect(writes(world())).toEqual([])
  })

  it('the docs PR an automation’s run opened, once merged, triggers nothing (the loop guard)', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: 'https://github.com/acme/docs/pull/31' })
    expect((await runAutomation()).outputs.status).toBe('completed')
    const merged = await runMergedPull(world(), { number: 31 }, { automation: AUTOMATION })
    expect(merged.outputs.status).toBe('skipped')
    expect(merged.stdout).toContain('(the tracking comment in #12 reports it)')
    expect(triggers()).toHaveLength(1)
  })
})
