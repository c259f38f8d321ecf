/**
 * `automation`, sending once and following: a trigger left unanswered (timeout) is never sent again;
 * the 429 of the limit shared with deployments (with and without Retry-After, within and past
 * max-wait-minutes); `triggered` only past the grace a just-created job gets; detach with an
 * automation; the API key never shown.
 */
import { describe, expect, it } from '@jest/globals'
import { serviceError } from '../fakes/service-emulator.js'
import { addMergedPull, CODE_CHANGE_DEFAULTS, mergedPullSpec } from './helpers/code-change.js'
import { runAutomationAttempt, useAutomationWorld } from './helpers/automation.js'
import { runAgent, runSweep } from './helpers/world.js'

const { world, triggers, failNextTrigger, expectTriggeredOnceAfter } = useAutomationWorld()

/** The merged PR #12's run with `automation`, as attempt `attempt`. */
function runAutomation(inputs: Record<string, string> = {}, attempt = 1) {
  return runAutomationAttempt(world(), inputs, attempt)
}

function prComment(): string {
  const comments = world().botComments(12)
  expect(comments).toHaveLength(1)
  return comments[0].body
}

const LIMITED = serviceError(429, 'Too many requests')

describe('a trigger is sent once', () => {
  it('a timeout after sending: not sent again, the comment says so, a re-run triggers nothing', async () => {
    failNextTrigger({ kind: 'hang', process: true })
    const result = await runAutomation()
    expect(result.outputs.status).toBe('failed')
    expect(triggers()).toHaveLength(1)
    expect(world().svc.platform.automationRuns).toHaveLength(1)
    expect(prComment()).toContain(
      '⚠️ Could not tell whether Mintlify automation `update-docs` was triggered: no answer came within the request timeout after the request was sent. It was not sent again'
    )
    await runAutomation({}, 2)
    expect(triggers()).toHaveLength(1)
  })
})

describe('the 429 of the limit shared with deployments', () => {
  it('without Retry-After: waits the limit’s minute when the deadline allows, then triggers once', async () => {
    failNextTrigger(LIMITED)
    const result = await runAutomation()
    expect(result.outputs.status).toBe('completed')
    expectTriggeredOnceAfter(60_000)
  })

  it('without Retry-After, past max-wait-minutes: not waited, not triggered, a re-run may trigger', async () => {
    failNextTrigger(LIMITED)
    const result = await runAutomation({ 'max-wait-minutes': '0.5' })
    expect(result.outputs.status).toBe('failed')
    expect(triggers()).toHaveLength(1)
    expect(prComment()).toContain('5 automation and deployment triggers a minute per organization')
    expect(prComment()).toContain('Mintlify automation `update-docs` was not triggered')
    const rerun = await runAutomation({}, 2)
    expect(rerun.outputs.status).toBe('completed')
    expect(world().svc.platform.automationRuns).toHaveLength(1)
  })

  it('five deployments this minute: the trigger waits the emulator’s Retry-After, then runs', async () => {
    const { platform, projectId } = world().svc
    for (let i = 0; i < 5; i++) platform.route('POST', `/v1/project/update/${projectId}`, undefined)
    const result = await runAutomation()
    expect(result.outputs.status).toBe('completed')
    const [limited, taken] = triggers()
    expect(taken.at - limited.at).toBeGreaterThanOrEqual(55_000)
  })
})

describe('following the run’s job', () => {
  it('a job the read shows only after a few 404s is followed, never `triggered`', async () => {
    world().svc.scriptJobs({ notFoundPolls: 2, activePolls: 1 })
    const result = await runAutomation()
    expect(result.outputs).toMatchObject({ status: 'completed', 'automation-run': 'run_1' })
  })

  it('timed out: the hint to follow again puts `job-id` in place of `automation`, and works', async () => {
    world().svc.scriptJobs({ activePolls: 50 })
    const result = await runAutomation({ 'max-wait-minutes': '0.1' })
    expect(result.outputs.status).toBe('timed-out')
    const hint = 'run the workflow with `job-id: job_1` in place of `automation`.'
    expect(prComment()).toContain(hint)
    expect(result.summary).toContain(hint)
    expect(result.stdout).toContain('re-attach with job-id in place of automation')
    const pull = addMergedPull(world())
    const inputs = { ...CODE_CHANGE_DEFAULTS, 'job-id': 'job_1' }
    const followed = await runAgent(world(), { ...mergedPullSpec(pull), inputs })
    expect(followed.outputs).toMatchObject({ status: 'completed', 'job-id': 'job_1' })
    expect(triggers()).toHaveLength(1)
  })

  it('detach: the runner is let go, the sweep finishes the comment with the PR, no back-link', async () => {
    const pr = 'https://github.com/acme/docs/pull/31'
    world().svc.scriptJobs({ activeForMs: 5 * 60_000, prLink: pr })
    world().gh.addIssue('acme', 'docs', { number: 31, pull_request: true, user: 'mintlify[bot]' })
    const result = await runAutomation({ detach: 'true', 'max-wait-minutes': '1' })
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({ status: 'detached', 'automation-run': 'run_1' })
    expect(prComment()).toContain('Mintlify automation `update-docs`')
    await runSweep(world(), {}, { at: Date.now() + 10 * 60_000 })
    expect(prComment()).toContain('✅ The agent opened a pull request: [acme/docs#31]')
    expect(prComment()).toContain('phase=ended')
    // An automation's job takes no follow-up: no back-link on its PR invites one.
    expect(world().botComments(31)).toEqual([])
  })

  it('detach with a job the read never shows: `triggered` once past the grace', async () => {
    world().svc.hideAutomationJobs = true
    const result = await runAutomation({ detach: 'true' })
    expect(result.outputs).toMatchObject({ status: 'triggered', 'automation-run': 'run_1' })
  })
})

describe('the service’s text', () => {
  it('a 400’s error text is quoted inert: no live mention, reference, HTML or link', async () => {
    const message =
      'Denied for @octocat, see #123 <img src=x onerror=alert(1)> [click](https://evil.example/x)'
    failNextTrigger(serviceError(400, message))
    const result = await runAutomation()
    for (const text of [prComment(), result.summary]) {
      const quoted = /could not be triggered \(HTTP 400\): (.*?) Only automations/.exec(text)?.[1]
      expect(quoted).toBeDefined()
      expect(quoted).not.toMatch(/(^|[^\w`])@[A-Za-z0-9]/)
      expect(quoted).not.toMatch(/#\d/)
      expect(quoted).not.toMatch(/<[A-Za-z!/]/)
      expect(quoted).not.toMatch(/\]\(|https?:\/\//)
    }
  })
})

describe('the API key is never shown', () => {
  it('a refusal that quotes the key: redacted in the comment, summary, outputs and log', async () => {
    const key = world().svc.apiKey
    failNextTrigger(serviceError(400, `Automation is not active (key ${key})`))
    const result = await runAutomation()
    expect(result.outputs.status).toBe('failed')
    expect(prComment()).toContain('Automation is not active')
    const log = result.stdout.replace(/^::add-mask::.*$/gm, '')
    for (const text of [prComment(), result.summary, log, ...world().sentBodies()]) {
      expect(text).not.toContain(key)
    }
    expect(Object.values(result.outputs).join('\n')).not.toContain(key)
  })
})
