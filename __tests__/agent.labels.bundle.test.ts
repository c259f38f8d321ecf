/**
 * The label trigger on the committed bundle, as the runner starts it: a labelled open pull request
 * gets its docs while in review, the merge continues that job, and another label calls nothing.
 */
import { describe, expect, it } from '@jest/globals'
import { labeledIssueEvent } from '../fakes/webhooks.js'
import { addMergedPull, MERGE_SHA, mergedPullSpec } from './helpers/code-change.js'
import { LABEL_INPUTS, labelIssueSpec, labelPullSpec } from './helpers/labels.js'
import { shown } from './helpers/text.js'
import { runAgentBundle, useWorld } from './helpers/world.js'

const world = useWorld()
const DOCS_PR = 'https://github.com/acme/docs-site/pull/3'

describe('the bundle with label-trigger', () => {
  it('a labelled PR, then its merge: one job, then a follow-up naming the merge commit', async () => {
    world().svc.scriptJobs({ activePolls: 1, prLink: DOCS_PR }, { activePolls: 0, prLink: DOCS_PR })
    const label = await runAgentBundle(world(), labelPullSpec(world()))
    expect(label.stderr).toBe('')
    expect(label.exitCode).toBe(0)
    expect(label.outputs).toMatchObject({
      'job-id': 'job_1',
      status: 'completed',
      'pr-url': DOCS_PR
    })
    expect(world().promptsSent()[0]).toContain('State: open, not merged yet')

    const pull = addMergedPull(world())
    const merge = await runAgentBundle(world(), { ...mergedPullSpec(pull), inputs: LABEL_INPUTS })
    expect(merge.exitCode).toBe(0)
    expect(merge.outputs).toMatchObject({ 'job-id': 'job_1', status: 'completed' })
    expect(world().creates()).toHaveLength(1)
    const [message] = world().messages()
    expect((message.body as { prompt: string }).prompt).toContain(`Merge commit: ${MERGE_SHA}`)
    const comments = world().botComments(12)
    expect(comments).toHaveLength(2)
    expect(shown(comments[0].body)).toContain('maintainer added the label "docs" to #12')
  })

  it('a labelled issue: its title and body, the labeler’s permission checked', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const run = await runAgentBundle(world(), labelIssueSpec(world()))
    expect(run.exitCode).toBe(0)
    expect(world().promptsSent()[0]).toMatch(/^Document the export endpoint\n\nReaders ask/)
    expect(world().callList()).toContain('GET /repos/acme/docs/collaborators/maintainer/permission')
  })

  it('another label: skipped, no call', async () => {
    const run = await runAgentBundle(world(), {
      eventName: 'issues',
      event: labeledIssueEvent({ label: 'bug' }),
      inputs: LABEL_INPUTS
    })
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toEqual({ status: 'skipped' })
    expect(run.stdout).toContain('Nothing to do: the label "bug" is not the label-trigger "docs".')
    expect(world().gh.calls).toEqual([])
    expect(world().svc.requests).toHaveLength(0)
  })
})
