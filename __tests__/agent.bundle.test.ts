/**
 * The committed bundle, started as the runner starts it (node24 dist/index.js with INPUT_*,
 * GITHUB_EVENT_PATH, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY): a completed run with a PR, a failure, a
 * bad input, and SIGINT while polling.
 */
import { describe, expect, it } from '@jest/globals'
import { addEarlierComment, commentScenario, runAgentBundle, useWorld } from './helpers/world.js'
import { completedWithPr } from './helpers/outputs.js'
import { commandLines, markerOf, shown } from './helpers/text.js'
import { addMergedPull, CODE_CHANGE_DEFAULTS, mergedPullSpec } from './helpers/code-change.js'

const world = useWorld()

describe('the bundle, as the runner starts it', () => {
  it('completes a job with a PR: exit 0, outputs, summary and the edited comment', async () => {
    world().svc.scriptJobs({ activePolls: 1, prLink: 'https://github.com/acme/docs/pull/12' })
    const run = await runAgentBundle(world(), commentScenario(world()))
    expect(run.stderr).toBe('')
    expect(run.exitCode).toBe(0)
    const [comment] = world().botComments()
    expect(run.outputs).toEqual(completedWithPr(12, comment.id))
    expect(run.summary).toContain(
      '| Pull request | [acme/docs#12](https://github.com/acme/docs/pull/12) |'
    )
    expect(run.stdout.split('\n')[0]).toBe(`::add-mask::${world().svc.apiKey}`)
    expect(commandLines(run.stdout, 'notice')).toEqual([
      '::notice::The Mintlify agent opened https://github.com/acme/docs/pull/12'
    ])
    expect(comment.body).toContain(
      '✅ The agent opened a pull request: [acme/docs#12](https://github.com/acme/docs/pull/12)'
    )
    expect(world().creates()).toHaveLength(1)
  })

  it('answers a merged pull request: the change in the prompt, the report on the PR, the back-link', async () => {
    world().gh.addIssue('acme', 'docs', { number: 60, pull_request: true })
    world().svc.scriptJobs({ activePolls: 1, prLink: 'https://github.com/acme/docs/pull/60' })
    const pull = addMergedPull(world())
    const run = await runAgentBundle(world(), {
      ...mergedPullSpec(pull),
      inputs: { ...CODE_CHANGE_DEFAULTS, 'back-link': 'true' }
    })
    expect(run.stderr).toBe('')
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({ status: 'completed', 'pr-number': '60' })
    expect(world().promptsSent()[0]).toContain('Changed files (2):\n- src/export.ts (+3 -1)')
    const [report] = world().gh.comments('acme', 'docs', 12)
    expect(shown(report.body)).toContain('#12 was merged into main by maintainer')
    const [backLink] = world().gh.comments('acme', 'docs', 60)
    expect(shown(backLink.body)).toContain(
      'in [acme/docs#12](https://github.com/acme/docs/pull/12)'
    )
  })

  it('fails the step for a failed job: exit 1, status failed', async () => {
    world().svc.scriptJobs({ activePolls: 0, outcome: 'failed' })
    const run = await runAgentBundle(world(), commentScenario(world()))
    expect(run.exitCode).toBe(1)
    expect(run.outputs).toMatchObject({ 'job-id': 'job_1', status: 'failed', 'pr-url': '' })
    expect(commandLines(run.stdout, 'error')).toEqual([
      '::error::The agent job ended with status failed (job job_1).'
    ])
    expect(world().botComments()[0].body).toContain('❌ Agent job `job_1` failed')
  })

  it('continues the thread’s job through the message endpoint and posts the back-link on its PR', async () => {
    world().svc.addJob({
      id: 'job_1',
      activePolls: 0,
      prLink: 'https://github.com/acme/docs/pull/50'
    })
    world().gh.addIssue('acme', 'docs', { number: 50, pull_request: true })
    const scenario = commentScenario(world(), { inputs: { 'back-link': 'true' } })
    addEarlierComment(world(), 'tracking request=comment-8000 job=job_1 state=job', {
      text: 'Done.'
    })
    const run = await runAgentBundle(world(), scenario)
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({ 'job-id': 'job_1', status: 'completed', 'pr-number': '50' })
    expect(world().creates()).toHaveLength(0)
    const job = world().svc.job('job_1')
    expect(job?.messages).toHaveLength(1)
    expect(job?.messages[0].startsWith('Add a quickstart\n\n--- Context from GitHub')).toBe(true)
    expect(world().botComments()).toHaveLength(2)
    const onPr = world().botComments(50)
    expect(onPr.map(c => markerOf(c.body))).toEqual([{ kind: 'back-link', job: 'job_1' }])
  })

  it('fails on a bad input before any request', async () => {
    const run = await runAgentBundle(
      world(),
      commentScenario(world(), { inputs: { 'max-wait-minutes': 'soon' } })
    )
    expect(run.exitCode).toBe(1)
    expect(commandLines(run.stdout, 'error')).toEqual([
      `::error::Input 'max-wait-minutes' must be a number of minutes greater than 0, for example 30 or 0.5; got "soon".`
    ])
    expect(world().svc.requests).toHaveLength(0)
    expect(world().gh.calls).toHaveLength(0)
  })

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'on %s while polling, edits the comment to cancelled and exits non-zero within a few seconds',
    async signal => {
      world().svc.scriptJobs({ activePolls: 10_000 })
      let signalledAt = 0
      const run = await runAgentBundle(
        world(),
        commentScenario(world(), { inputs: { 'max-wait-minutes': '5' } }),
        {
          onStdout: (text, child) => {
            if (!signalledAt && text.includes('::debug::Job job_1: active')) {
              signalledAt = Date.now()
              child.kill(signal)
            }
          },
          timeoutMs: 20_000
        }
      )
      const took = Date.now() - signalledAt
      expect(signalledAt).toBeGreaterThan(0)
      expect(world().gets().length).toBeGreaterThanOrEqual(1)
      expect(took).toBeLessThan(5_000)
      expect(run.exitCode).not.toBe(0)
      expect(run.outputs).toMatchObject({ 'job-id': 'job_1', status: 'cancelled' })
      const [comment] = world().botComments()
      expect(shown(comment.body)).toContain(
        '🛑 The workflow run was cancelled. Agent job `job_1` may still finish: the API cannot stop it. Re-attach with `job-id: job_1`.'
      )
      expect(markerOf(comment.body)).toMatchObject({ job: 'job_1', state: 'job' })
      const polls = world().gets().length
      await new Promise(resolve => setTimeout(resolve, 1_200))
      expect(world().gets()).toHaveLength(polls)
    }
  )
})
