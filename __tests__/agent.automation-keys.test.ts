/**
 * `automation`: one request, one run, on every workflow event. The request key is the event's with
 * the automation id (a merged PR's, shared by the push of its merge commit; a release's), or the
 * workflow-prompt form hashing the project id and the automation id (schedule, dispatch,
 * `workflow_run`); a re-run (attempt 2) and a second delivery trigger nothing new. The events whose
 * request is a person's or a label's are input errors naming `automation`, before any request.
 */
import { createHash } from 'node:crypto'
import { describe, expect, it } from '@jest/globals'
import { issuesEvent, releaseEvent, webhookExample } from '../fakes/webhooks.js'
import {
  addMergedPull,
  CODE_CHANGE_DEFAULTS,
  MERGE_SHA,
  mergedPullSpec,
  runPush
} from './helpers/code-change.js'
import { labelIssueSpec, labelPullSpec } from './helpers/labels.js'
import { markerOf } from './helpers/text.js'
import {
  addThread,
  runAgent,
  runComment,
  useWorld,
  type AgentRunSpec,
  type World
} from './helpers/world.js'

const AUTOMATION = 'update-docs'
const world = useWorld(w => w.svc.platform.addAutomation(AUTOMATION))

function triggers(w: World = world()): number {
  return w.svc.requestsTo('POST', /\/trigger$/).length
}

/** The request key of the action's (only) tracking comment on thread `number`. */
function requestKeyOn(number: number): string | undefined {
  const comments = world().botComments(number)
  expect(comments).toHaveLength(1)
  return markerOf(comments[0].body)?.request
}

/** The same spec as a re-run (attempt 2) and as a second delivery (a new run, attempt 1). */
async function againTwice(spec: AgentRunSpec): Promise<void> {
  const rerun = await runAgent(world(), { ...spec, env: { ...spec.env, GITHUB_RUN_ATTEMPT: '2' } })
  expect(rerun.outputs).toMatchObject({ status: 'completed', 'automation-run': 'run_1' })
  const delivered = await runAgent(world(), { ...spec, env: { ...spec.env, GITHUB_RUN_ID: '99' } })
  expect(delivered.outputs).toMatchObject({ status: 'completed', 'automation-run': 'run_1' })
}

describe('code-change events: the event’s key with the automation id', () => {
  it('a merged PR and the push of its merge commit share one key: one run', async () => {
    const pull = addMergedPull(world())
    const spec = {
      ...mergedPullSpec(pull),
      inputs: { ...CODE_CHANGE_DEFAULTS, automation: AUTOMATION }
    }
    expect((await runAgent(world(), spec)).outputs.status).toBe('completed')
    expect(requestKeyOn(12)).toBe(`pr-12-${MERGE_SHA}-automation-${AUTOMATION}`)
    const push = await runPush(world(), { after: MERGE_SHA }, { automation: AUTOMATION })
    expect(push.outputs).toMatchObject({ status: 'completed', 'automation-run': 'run_1' })
    await againTwice(spec)
    expect(triggers()).toBe(1)
    expect(world().botComments(12)).toHaveLength(1)
  })

  it('a release: its key; a re-run and a second delivery trigger nothing new', async () => {
    addThread(world(), { number: 3 })
    const spec = {
      eventName: 'release',
      event: releaseEvent({ id: 5001 }),
      inputs: { ...CODE_CHANGE_DEFAULTS, automation: AUTOMATION, 'issue-number': '3' }
    }
    await runAgent(world(), spec)
    expect(requestKeyOn(3)).toBe(`release-5001-automation-${AUTOMATION}`)
    await againTwice(spec)
    expect(triggers()).toBe(1)
  })

  it('two automations on one merged PR are two requests: each triggered once', async () => {
    world().svc.platform.addAutomation('draft-changelog')
    const pull = addMergedPull(world())
    const inputs = { ...CODE_CHANGE_DEFAULTS, automation: AUTOMATION }
    await runAgent(world(), { ...mergedPullSpec(pull), inputs })
    const other = { ...inputs, automation: 'draft-changelog' }
    await runAgent(world(), { ...mergedPullSpec(pull), inputs: other })
    expect(world().svc.platform.automationRuns.map(r => r.schemaId)).toEqual([
      AUTOMATION,
      'draft-changelog'
    ])
  })
})

describe('workflow events: the workflow-prompt form hashes the project id and the automation id', () => {
  const digest = (): string =>
    createHash('sha256')
      .update(`${world().svc.projectId}\n${AUTOMATION}`)
      .digest('hex')
      .slice(0, 12)

  it.each([
    ['schedule', () => ({ schedule: '0 6 * * 1' })],
    ['workflow_run', () => webhookExample('workflow_run', 'completed')]
  ])('%s: run/job/step/digest; a re-run triggers nothing new', async (eventName, event) => {
    addThread(world(), { number: 3 })
    const spec = {
      eventName,
      event: event(),
      inputs: { automation: AUTOMATION, 'issue-number': '3' }
    }
    const first = await runAgent(world(), spec)
    expect(first.outputs).toMatchObject({ status: 'completed', 'automation-run': 'run_1' })
    expect(requestKeyOn(3)).toBe(`run-4242:docs:agent:${digest()}`)
    await runAgent(world(), { ...spec, env: { GITHUB_RUN_ATTEMPT: '2' } })
    expect(triggers()).toBe(1)
  })
})

describe('without a thread nothing records the trigger: a re-run triggers again, as a create would', () => {
  it.each([
    ['a dispatch without issue-number', { eventName: 'workflow_dispatch', inputs: {} }],
    [
      'a merged PR with comment: false',
      { eventName: 'pull_request', inputs: { ...CODE_CHANGE_DEFAULTS, comment: 'false' } }
    ]
  ])('%s', async (_name, { eventName, inputs }) => {
    const pull = addMergedPull(world())
    const event = eventName === 'pull_request' ? mergedPullSpec(pull).event : {}
    const spec = { eventName, event, inputs: { ...inputs, automation: AUTOMATION } }
    const first = await runAgent(world(), spec)
    expect(first.outputs).toMatchObject({ status: 'completed', 'comment-id': '' })
    await runAgent(world(), { ...spec, env: { GITHUB_RUN_ATTEMPT: '2' } })
    expect(triggers()).toBe(2)
    expect(world().sentBodies()).toEqual([])
  })
})

describe('a person’s or a label’s event is an input error naming `automation`, before any request', () => {
  it.each([
    ['a comment', (): AgentRunSpec | undefined => undefined, 'issue_comment'],
    [
      'an opened issue',
      (): AgentRunSpec => ({
        eventName: 'issues',
        event: issuesEvent({ title: 'Docs', body: 'Please' })
      }),
      'issues'
    ],
    ['a labelled issue', (): AgentRunSpec => labelIssueSpec(world()), 'label'],
    ['a labelled pull request', (): AgentRunSpec => labelPullSpec(world()), 'label']
  ])('%s', async (_name, spec, words) => {
    const inputs = { ...CODE_CHANGE_DEFAULTS, 'label-trigger': 'docs', automation: AUTOMATION }
    const given = spec()
    const result = given
      ? await runAgent(world(), { ...given, inputs: { ...given.inputs, ...inputs } })
      : await runComment(world(), { inputs })
    expect(result.exitCode).toBe(1)
    expect(result.stdout).toContain(`Input 'automation' must be empty on ${words} events`)
    expect(world().svc.requests).toHaveLength(0)
    expect(world().gh.calls).toEqual([])
  })
})
