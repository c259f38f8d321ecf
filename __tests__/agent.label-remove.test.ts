/**
 * The label list is the queue (`label-remove`, on by default): the `label-trigger` label comes off
 * the issue or pull request when its job ends completed, with a docs PR or without one, and stays on
 * any other end, so the list shows what still needs a person. A detached job's label is taken off by
 * the sweep, which reads it from the tracking comment's marker. A removal GitHub refuses is a
 * warning; a label someone already removed is fine. The GitHub fake and the service emulator.
 */
import { describe, expect, it } from '@jest/globals'
import { labeledIssueEvent } from '../fakes/webhooks.js'
import { LABEL_INPUTS, labelIssueSpec, runLabelIssue, runLabelPull } from './helpers/labels.js'
import { commandLines, markerOf } from './helpers/text.js'
import { addEarlierComment, baseInputs, runAgent, runSweep, useWorld } from './helpers/world.js'

const world = useWorld()
const DOCS_PR = 'https://github.com/acme/docs-site/pull/3'
const LATER = (): number => Date.now() + 60 * 60_000
const REMOVE_ON_11 = 'DELETE /repos/acme/docs/issues/11/labels/docs'

const labelsOf = (number: number): string[] => world().gh.labelsOf('acme', 'docs', number)
const removals = (): string[] => world().callList(call => call.startsWith('DELETE '))
const markerOn = (number: number): Record<string, string> | undefined =>
  markerOf(world().botComments(number)[0].body)

/** GitHub's answer to a token without the permission a write needs. */
const NOT_ACCESSIBLE = {
  status: 403,
  body: JSON.stringify({ message: 'Resource not accessible by integration', status: '403' })
}

describe('a job that ends completed takes its label off', () => {
  it('with a docs PR: the label is gone from the issue, the others stay', async () => {
    world().svc.scriptJobs({ activePolls: 1, prLink: DOCS_PR })
    const result = await runLabelIssue(world(), { labels: ['question'] })
    expect(result.exitCode).toBe(0)
    expect(result.outputs.status).toBe('completed')
    expect(labelsOf(11)).toEqual(['question'])
    expect(removals()).toEqual([REMOVE_ON_11])
    expect(result.stdout).toContain('Removed the label "docs" on #11: its job ended completed.')
    expect(markerOn(11)).toMatchObject({ label: 'docs', phase: 'ended' })
  })

  it('without a docs PR, on a pull request, the name as the label has it (URL-encoded)', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const result = await runLabelPull(world(), {
      label: 'Docs: API',
      inputs: { 'label-trigger': 'docs: api' }
    })
    expect(result.outputs.status).toBe('completed')
    expect(result.outputs['pr-url']).toBe('')
    expect(labelsOf(12)).toEqual([])
    expect(removals()).toEqual(['DELETE /repos/acme/docs/issues/12/labels/Docs%3A%20API'])
  })

  it('a labelling that continues the thread’s job: the label goes when the follow-up ends completed', async () => {
    world().svc.addJob({ id: 'job_7', activePolls: 0, prLink: null })
    const labelling = labelIssueSpec(world())
    addEarlierComment(world(), 'tracking request=issue-11 job=job_7 state=job phase=ended', {
      number: 11
    })
    const result = await runAgent(world(), labelling)
    expect(world().messages()).toHaveLength(1)
    expect(result.outputs).toMatchObject({ 'job-id': 'job_7', status: 'completed' })
    expect(removals()).toEqual([REMOVE_ON_11])
    expect(labelsOf(11)).toEqual([])
  })
})

describe('any other end leaves the label on', () => {
  it('failed: the label stays, and the log says why', async () => {
    world().svc.scriptJobs({ activePolls: 0, outcome: 'failed' })
    const result = await runLabelIssue(world(), { inputs: { 'fail-on-error': 'false' } })
    expect(result.outputs.status).toBe('failed')
    expect(labelsOf(11)).toEqual(['docs'])
    expect(removals()).toEqual([])
    expect(result.stdout).toContain(
      'The label "docs" on #11 stays (status failed): only a completed job takes it off.'
    )
  })

  it.each([
    ['timed-out', { 'max-wait-minutes': '1', 'fail-on-error': 'false' }],
    ['detached', { detach: 'true', 'max-wait-minutes': '0.1' }]
  ])(
    '%s: the label stays; the sweep, finishing the job completed, takes it off',
    async (status, inputs) => {
      world().svc.scriptJobs({ activeForMs: 20 * 60_000, prLink: DOCS_PR })
      const agent = await runLabelIssue(world(), { inputs })
      expect(agent.exitCode).toBe(0)
      expect(agent.outputs.status).toBe(status)
      expect(labelsOf(11)).toEqual(['docs'])
      expect(markerOn(11)).toMatchObject({ label: 'docs', phase: 'left' })

      const sweep = await runSweep(world(), {}, { at: LATER() })
      expect(sweep.outputs).toMatchObject({ finished: '1' })
      expect(labelsOf(11)).toEqual([])
      expect(removals()).toEqual([REMOVE_ON_11])
      expect(markerOn(11)).toMatchObject({ label: 'docs', phase: 'ended' })
    }
  )

  it('the sweep leaves it on a detached job that ends failed', async () => {
    world().svc.scriptJobs({ activeForMs: 20 * 60_000, outcome: 'failed' })
    await runLabelIssue(world(), { inputs: { detach: 'true', wait: 'false' } })
    const sweep = await runSweep(world(), {}, { at: LATER() })
    expect(sweep.outputs).toMatchObject({ finished: '1' })
    expect(labelsOf(11)).toEqual(['docs'])
    expect(removals()).toEqual([])
  })
})

describe('label-remove: false', () => {
  it('the label stays, the marker names none, and the sweep has none to remove', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: DOCS_PR }, { activeForMs: 20 * 60_000 })
    await runLabelIssue(world(), { inputs: { 'label-remove': 'false' } })
    expect(labelsOf(11)).toEqual(['docs'])
    expect(markerOn(11)).not.toHaveProperty('label')

    await runLabelPull(world(), {
      inputs: { 'label-remove': 'false', detach: 'true', wait: 'false' }
    })
    expect(markerOn(12)).not.toHaveProperty('label')
    await runSweep(world(), {}, { at: LATER() })
    expect(labelsOf(12)).toEqual(['docs'])
    expect(removals()).toEqual([])
  })
})

describe('when the removal does not go through', () => {
  it('refused (403): a warning naming the permission, the step succeeds', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: DOCS_PR })
    world().gh.inject({ method: 'DELETE', path: /\/labels\//, fault: NOT_ACCESSIBLE })
    const result = await runLabelIssue(world())
    expect(result.exitCode).toBe(0)
    expect(result.outputs.status).toBe('completed')
    expect(commandLines(result.stdout, 'warning')).toEqual([
      '::warning::Could not remove the label "docs" on #11: the github-token needs `issues: write` (HTTP 403).'
    ])
    expect(labelsOf(11)).toEqual(['docs'])
  })

  it('refused to the sweep on a pull request: the warning names `pull-requests: write`', async () => {
    world().svc.scriptJobs({ activeForMs: 20 * 60_000, prLink: null })
    await runLabelPull(world(), { inputs: { detach: 'true', wait: 'false' } })
    world().gh.inject({ method: 'DELETE', path: /\/labels\//, fault: NOT_ACCESSIBLE })
    const sweep = await runSweep(world(), {}, { at: LATER() })
    expect(sweep.exitCode).toBe(0)
    expect(sweep.outputs).toMatchObject({ finished: '1' })
    expect(commandLines(sweep.stdout, 'warning', 'Could not remove the label')).toEqual([
      '::warning::Could not remove the label "docs" on #12: the github-token needs `pull-requests: write` (HTTP 403).'
    ])
  })

  it('already removed (404): fine, no warning', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: DOCS_PR })
    // Someone took the label off while the job ran.
    world().gh.addIssue('acme', 'docs', { number: 11, labels: [] })
    const result = await runLabelIssue(world())
    expect(result.exitCode).toBe(0)
    expect(removals()).toEqual([REMOVE_ON_11])
    expect(commandLines(result.stdout, 'warning')).toEqual([])
    expect(result.stdout).toContain('The label "docs" on #11 was already removed.')
  })

  it('a server error is retried as the other GitHub writes are', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: DOCS_PR })
    world().gh.inject({ method: 'DELETE', path: /\/labels\//, fault: { status: 502 } })
    const result = await runLabelIssue(world())
    expect(removals()).toEqual([REMOVE_ON_11, REMOVE_ON_11])
    expect(labelsOf(11)).toEqual([])
    expect(commandLines(result.stdout, 'warning')).toEqual([])
  })
})

describe('the input', () => {
  it('a value that is not a boolean is an input error naming it, before any request', async () => {
    labelIssueSpec(world())
    const result = await runAgent(world(), {
      eventName: 'issues',
      event: labeledIssueEvent(),
      rawInputs: baseInputs(world(), { ...LABEL_INPUTS, 'label-remove': 'sometimes' })
    })
    expect(result.exitCode).toBe(1)
    expect(commandLines(result.stdout, 'error', 'label-remove')).toHaveLength(1)
    expect(world().gh.calls).toEqual([])
    expect(world().svc.requests).toHaveLength(0)
  })
})
