/**
 * The label trigger on the committed bundle, as the runner starts it: a labelled open pull request
 * gets its docs while in review, the merge continues that job, a completed job takes its label off,
 * and another label calls nothing.
 */
import { describe, expect, it } from '@jest/globals'
import { LABEL_TIME, labeledIssueEvent } from '../fakes/webhooks.js'
import { addMergedPull, MERGE_SHA, mergedPullSpec } from './helpers/code-change.js'
import { LABEL_INPUTS, labelIssueSpec, labelPullSpec } from './helpers/labels.js'
import { shown } from './helpers/text.js'
import { addEarlierComment, runAgentBundle, useWorld } from './helpers/world.js'

const world = useWorld()
const DOCS_PR = 'https://github.com/acme/docs-site/pull/3'

describe('the bundle with label-trigger', () => {
  it('a labelled PR: its docs while in review, the tracking comment on the PR', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: DOCS_PR })
    const run = await runAgentBundle(world(), labelPullSpec(world()))
    expect(run.stderr).toBe('')
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({ 'job-id': 'job_1', status: 'completed', 'pr-url': DOCS_PR })
    expect(world().promptsSent()[0]).toContain('State: open, not merged yet')
    const [comment] = world().botComments(12)
    expect(shown(comment.body)).toContain('maintainer added the label "docs" to #12')
  })

  it('the merge of a labelled PR: a follow-up to the label’s job naming the merge commit', async () => {
    world().svc.addJob({ id: 'job_1', activePolls: 0, prLink: DOCS_PR })
    const pull = addMergedPull(world())
    addEarlierComment(world(), `tracking request=label-12-4242-${LABEL_TIME} job=job_1 state=job`, {
      number: 12
    })
    const merge = await runAgentBundle(world(), { ...mergedPullSpec(pull), inputs: LABEL_INPUTS })
    expect(merge.exitCode).toBe(0)
    expect(merge.outputs).toMatchObject({ 'job-id': 'job_1', status: 'completed' })
    expect(world().creates()).toHaveLength(0)
    const [message] = world().messages()
    expect((message.body as { prompt: string }).prompt).toContain(`Merge commit: ${MERGE_SHA}`)
    expect(world().botComments(12)).toHaveLength(2)
  })

  it('a labelled issue: its title and body, the labeler’s permission checked', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const run = await runAgentBundle(world(), labelIssueSpec(world()))
    expect(run.exitCode).toBe(0)
    expect(world().promptsSent()[0]).toMatch(/^Document the export endpoint\n\nReaders ask/)
    expect(world().callList()).toContain('GET /repos/acme/docs/collaborators/maintainer/permission')
  })

  it('the label list is the queue: a completed job takes its label off the issue', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: DOCS_PR })
    const run = await runAgentBundle(world(), labelIssueSpec(world(), { labels: ['question'] }))
    expect(run.exitCode).toBe(0)
    expect(run.outputs.status).toBe('completed')
    expect(world().callList(call => call.startsWith('DELETE '))).toEqual([
      'DELETE /repos/acme/docs/issues/11/labels/docs'
    ])
    expect(world().gh.labelsOf('acme', 'docs', 11)).toEqual(['question'])
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
