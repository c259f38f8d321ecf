/**
 * `automation` on the committed bundle, as the runner starts it: a merged pull request triggers the
 * automation once and reports its run's PR; a re-run whose job the agent API does not show ends
 * `triggered`; the 400 and 404 of the trigger; a docs-only merge triggers nothing.
 */
import { describe, expect, it } from '@jest/globals'
import {
  addMergedPull,
  CODE_CHANGE_DEFAULTS,
  files,
  MERGE_SHA,
  mergedPullSpec,
  type PullChange
} from './helpers/code-change.js'
import { shown } from './helpers/text.js'
import { addEarlierComment, runAgentBundle, useWorld } from './helpers/world.js'

const world = useWorld(w => w.svc.platform.addAutomation('update-docs'))
const DOCS_PR = 'https://github.com/acme/docs-site/pull/3'

function mergedWithAutomation(
  automation = 'update-docs',
  change: PullChange = {},
  env: Record<string, string> = {}
) {
  const pull = addMergedPull(world(), change)
  return runAgentBundle(world(), {
    ...mergedPullSpec(pull, change),
    inputs: { ...CODE_CHANGE_DEFAULTS, automation },
    env
  })
}

const triggers = () => world().svc.requestsTo('POST', /\/trigger$/)

describe('the bundle with automation', () => {
  it('a merged PR: the automation triggered once, its run followed to the docs PR', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: DOCS_PR })
    const run = await mergedWithAutomation()
    expect(run.stderr).toBe('')
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({
      status: 'completed',
      'job-id': 'job_1',
      'automation-run': 'run_1',
      'pr-url': DOCS_PR
    })
    expect(triggers()).toHaveLength(1)
    expect(world().creates()).toHaveLength(0)
    const [comment] = world().botComments(12)
    expect(shown(comment.body)).toContain('triggered: **Mintlify automation `update-docs`**')
  })

  it('a re-run whose job the agent API does not show: `triggered`, nothing sent again', async () => {
    addEarlierComment(
      world(),
      `tracking request=pr-12-${MERGE_SHA}-automation-update-docs job=job_5 state=job run=4242 automation=update-docs instance=run_7`,
      { number: 12 }
    )
    const run = await mergedWithAutomation('update-docs', {}, { GITHUB_RUN_ATTEMPT: '2' })
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({ status: 'triggered', 'automation-run': 'run_7' })
    expect(triggers()).toHaveLength(0)
    expect(run.summary).toContain('its run `run_7` is queued at Mintlify')
  })

  it('400 and 404: the step fails with what to fix', async () => {
    world().svc.platform.addAutomation('on-merge', { trigger: 'code-change' })
    const notCustom = await mergedWithAutomation('on-merge')
    expect(notCustom.exitCode).toBe(1)
    expect(notCustom.stdout).toContain('only automations with a Custom schedule trigger')
    const missing = await mergedWithAutomation('gone', { number: 13 })
    expect(missing.exitCode).toBe(1)
    expect(missing.stdout).toContain('Mintlify automation gone is not in this project (HTTP 404)')
  })

  it('a docs-only merge triggers nothing: skipped, no service call', async () => {
    const run = await mergedWithAutomation('update-docs', { files: files(['docs/a.mdx']) })
    expect(run.exitCode).toBe(0)
    expect(run.outputs.status).toBe('skipped')
    expect(world().svc.requests).toHaveLength(0)
  })
})
