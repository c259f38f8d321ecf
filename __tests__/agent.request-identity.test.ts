/**
 * What one request is, for prompts the workflow gives: one per run, job, step and input. Two steps
 * of one run, two legs of a matrix, or two prompts to one issue are two jobs with two tracking
 * comments; a re-run of the same step re-attaches to its own job; a marker written by version 1.0
 * (`run-<id>`, one key for the whole run) is still found on a re-run.
 */
import { describe, expect, it } from '@jest/globals'
import {
  legacyWorkflowRequestKey,
  workflowRequestKey,
  type WorkflowRequestFacts
} from '../src/agent/request-key.js'
import type { AgentRunSpec } from './helpers/world.js'
import { addEarlierComment, runAgent, runAgentBundle, useWorld } from './helpers/world.js'
import { markerOf, shown } from './helpers/text.js'
import { issuesEvent } from '../fakes/webhooks.js'

const world = useWorld()

const ISSUE = 12
const CHANGELOG = 'Check the changelog against the last releases'
const GAPS = 'Write the pages readers searched for and did not find'

/** One agent step of a scheduled run that reports to issue #12. */
function step(prompt: string, env: Record<string, string> = {}): AgentRunSpec {
  return {
    eventName: 'schedule',
    event: { schedule: '0 6 * * 1' },
    inputs: { prompt, 'issue-number': String(ISSUE) },
    env: { GITHUB_JOB: 'weekly', ...env }
  }
}

function trackingComments(): { job?: string; request?: string; body: string }[] {
  return world()
    .botComments(ISSUE)
    .map(c => ({ ...markerOf(c.body), body: c.body }))
}

describe('the request key of a workflow prompt (pure)', () => {
  const facts: WorkflowRequestFacts = {
    runId: '4242',
    job: 'weekly',
    step: 'changelog',
    projectId: 'proj_test',
    prompt: CHANGELOG
  }

  it('joins the run, the job, the step and a digest of the project and the prompt', () => {
    expect(workflowRequestKey(facts)).toMatch(/^run-4242:weekly:changelog:[0-9a-f]{12}$/)
  })

  it('differs when the step, the job, the prompt or the project differs', () => {
    const key = workflowRequestKey(facts)
    expect(workflowRequestKey({ ...facts, step: 'gaps' })).not.toBe(key)
    expect(workflowRequestKey({ ...facts, job: 'nightly' })).not.toBe(key)
    expect(workflowRequestKey({ ...facts, prompt: GAPS })).not.toBe(key)
    expect(workflowRequestKey({ ...facts, projectId: 'proj_other' })).not.toBe(key)
    expect(workflowRequestKey({ ...facts, runId: '4243' })).not.toBe(key)
  })

  it('is the same for the same run, job, step and inputs (what a re-run finds)', () => {
    expect(workflowRequestKey({ ...facts })).toBe(workflowRequestKey(facts))
  })

  it('keeps the key of version 1.0 for the run as a whole', () => {
    expect(legacyWorkflowRequestKey('4242')).toBe('run-4242')
    expect(legacyWorkflowRequestKey('')).toBe('run-local')
  })
})

describe('two agent steps in one run are two requests', () => {
  it('each step creates its own job and writes its own tracking comment on the same issue', async () => {
    world().gh.addIssue('acme', 'docs', { number: ISSUE, title: 'Weekly docs check' })
    world().svc.scriptJobs({ activePolls: 0 }, { activePolls: 0 })
    const first = await runAgent(world(), step(CHANGELOG, { GITHUB_ACTION: 'changelog' }))
    const second = await runAgent(world(), step(GAPS, { GITHUB_ACTION: 'gaps' }))

    expect(world().promptsSent()).toEqual([CHANGELOG, GAPS])
    expect(first.outputs).toMatchObject({ 'job-id': 'job_1', status: 'completed' })
    expect(second.outputs).toMatchObject({ 'job-id': 'job_2', status: 'completed' })
    expect(second.outputs['comment-id']).not.toBe(first.outputs['comment-id'])
    const comments = trackingComments()
    expect(comments.map(c => c.job)).toEqual(['job_1', 'job_2'])
    expect(new Set(comments.map(c => c.request)).size).toBe(2)
  })

  it('two steps with the same prompt but different step ids are two requests too', async () => {
    world().gh.addIssue('acme', 'docs', { number: ISSUE })
    world().svc.scriptJobs({ activePolls: 0 }, { activePolls: 0 })
    await runAgent(world(), step(CHANGELOG, { GITHUB_ACTION: 'first' }))
    await runAgent(world(), step(CHANGELOG, { GITHUB_ACTION: 'second' }))
    expect(world().creates()).toHaveLength(2)
    expect(trackingComments()).toHaveLength(2)
  })

  it('a re-run of the run re-attaches each step to its own job: no new job, no new comment', async () => {
    world().gh.addIssue('acme', 'docs', { number: ISSUE })
    world().svc.scriptJobs({ activePolls: 2 }, { activePolls: 2 })
    const wait = { 'max-wait-minutes': '0.02', 'fail-on-error': 'false' }
    const changelog = step(CHANGELOG, { GITHUB_ACTION: 'changelog' })
    const gaps = step(GAPS, { GITHUB_ACTION: 'gaps' })
    const withInputs = (spec: AgentRunSpec, extra: Record<string, string>): AgentRunSpec => ({
      ...spec,
      inputs: { ...spec.inputs, ...extra },
      env: { ...spec.env, ...extra }
    })
    const firstA = await runAgent(world(), withInputs(changelog, wait), { realTime: true })
    const firstB = await runAgent(world(), withInputs(gaps, wait), { realTime: true })
    expect([firstA.outputs.status, firstB.outputs.status]).toEqual(['timed-out', 'timed-out'])

    const again = { GITHUB_RUN_ATTEMPT: '2' }
    const secondA = await runAgent(world(), withInputs(changelog, again))
    const secondB = await runAgent(world(), withInputs(gaps, again))
    expect(secondA.outputs).toMatchObject({
      'job-id': 'job_1',
      status: 'completed',
      'comment-id': firstA.outputs['comment-id']
    })
    expect(secondB.outputs).toMatchObject({
      'job-id': 'job_2',
      status: 'completed',
      'comment-id': firstB.outputs['comment-id']
    })
    expect(world().creates()).toHaveLength(2)
    expect(trackingComments().map(c => c.job)).toEqual(['job_1', 'job_2'])
  })

  it('a new run of the same workflow is a new request (the run id differs)', async () => {
    world().gh.addIssue('acme', 'docs', { number: ISSUE })
    world().svc.scriptJobs({ activePolls: 0 }, { activePolls: 0 })
    await runAgent(world(), step(CHANGELOG, { GITHUB_ACTION: 'changelog' }))
    await runAgent(world(), step(CHANGELOG, { GITHUB_ACTION: 'changelog', GITHUB_RUN_ID: '4243' }))
    expect(world().creates()).toHaveLength(2)
  })
})

describe('the committed bundle keeps the same identity', () => {
  it('two steps of one run: two jobs; a re-run of the second re-attaches; a 1.0 marker is found on a re-run', async () => {
    world().gh.addIssue('acme', 'docs', { number: ISSUE })
    world().svc.scriptJobs({ activePolls: 0 }, { activePolls: 0 })
    const first = await runAgentBundle(world(), step(CHANGELOG, { GITHUB_ACTION: 'changelog' }))
    const second = await runAgentBundle(world(), step(GAPS, { GITHUB_ACTION: 'gaps' }))
    expect([first.outputs['job-id'], second.outputs['job-id']]).toEqual(['job_1', 'job_2'])
    const again = await runAgentBundle(
      world(),
      step(GAPS, { GITHUB_ACTION: 'gaps', GITHUB_RUN_ATTEMPT: '2' })
    )
    expect(again.outputs).toMatchObject({
      'job-id': 'job_2',
      'comment-id': second.outputs['comment-id']
    })
    expect(world().creates()).toHaveLength(2)

    // Another run whose first attempt ran 1.0 (one `run-<id>` key for the whole run).
    world().svc.addJob({ id: 'job_7', activePolls: 0 })
    addEarlierComment(world(), 'tracking request=run-5151 job=job_7 state=job run=5151', {
      number: ISSUE
    })
    const rerun = await runAgentBundle(
      world(),
      step(CHANGELOG, {
        GITHUB_ACTION: 'changelog',
        GITHUB_RUN_ID: '5151',
        GITHUB_RUN_ATTEMPT: '2'
      })
    )
    expect(rerun.outputs).toMatchObject({ 'job-id': 'job_7', status: 'completed' })
    expect(world().creates()).toHaveLength(2)
  })
})

describe('the legs of a matrix are separate requests (the committed bundle, started together)', () => {
  /** One leg of `matrix.sdk: [python, go]`: the same job and step, its own prompt. */
  const leg = (sdk: string, attempt = '1'): AgentRunSpec =>
    step(`Document the ${sdk} SDK's new client options`, {
      GITHUB_ACTION: 'agent',
      GITHUB_RUN_ATTEMPT: attempt
    })

  it('both legs reach the service, each with its own job and comment; a re-run re-attaches each', async () => {
    world().gh.addIssue('acme', 'docs', { number: ISSUE })
    world().svc.scriptJobs({ activePolls: 1 }, { activePolls: 1 })
    const legs = await Promise.all([
      runAgentBundle(world(), leg('python')),
      runAgentBundle(world(), leg('go'))
    ])
    expect(legs.map(r => r.exitCode)).toEqual([0, 0])
    expect(legs.map(r => r.outputs.status)).toEqual(['completed', 'completed'])
    expect(new Set(legs.map(r => r.outputs['job-id']))).toEqual(new Set(['job_1', 'job_2']))
    expect(world().promptsSent().sort()).toEqual([
      "Document the go SDK's new client options",
      "Document the python SDK's new client options"
    ])
    const comments = trackingComments()
    expect(comments).toHaveLength(2)
    expect(new Set(comments.map(c => c.job))).toEqual(new Set(['job_1', 'job_2']))

    const reruns = await Promise.all([
      runAgentBundle(world(), leg('python', '2')),
      runAgentBundle(world(), leg('go', '2'))
    ])
    expect(reruns.map(r => r.outputs['job-id'])).toEqual(legs.map(r => r.outputs['job-id']))
    expect(reruns.map(r => r.outputs['comment-id'])).toEqual(legs.map(r => r.outputs['comment-id']))
    expect(world().creates()).toHaveLength(2)
    expect(trackingComments()).toHaveLength(2)
  })
})

describe('markers written by version 1.0 (`run-<id>`)', () => {
  const legacy = (state: string): string => `tracking request=run-4242 ${state} run=4242`

  it('a re-run finds the 1.0 tracking comment and re-attaches to its job, then keeps it under the new key', async () => {
    world().gh.addIssue('acme', 'docs', { number: ISSUE })
    world().svc.addJob({ id: 'job_7', activePolls: 0 })
    const earlier = addEarlierComment(world(), legacy('job=job_7 state=job'), { number: ISSUE })
    const result = await runAgent(
      world(),
      step(CHANGELOG, { GITHUB_ACTION: 'changelog', GITHUB_RUN_ATTEMPT: '2' })
    )
    expect(result.outputs).toMatchObject({
      'job-id': 'job_7',
      status: 'completed',
      'comment-id': String(earlier)
    })
    expect(world().creates()).toHaveLength(0)
    const [comment] = trackingComments()
    expect(comment.request).toMatch(/^run-4242:weekly:changelog:[0-9a-f]{12}$/)
  })

  it('a re-run whose 1.0 attempt may have sent a job without recording it starts none', async () => {
    world().gh.addIssue('acme', 'docs', { number: ISSUE })
    addEarlierComment(world(), legacy('state=pending'), { number: ISSUE })
    const result = await runAgent(
      world(),
      step(CHANGELOG, { GITHUB_ACTION: 'changelog', GITHUB_RUN_ATTEMPT: '2' })
    )
    expect(result.outputs.status).toBe('failed')
    expect(world().creates()).toHaveLength(0)
  })

  it('the key of this version wins over a 1.0 marker of the same run', async () => {
    world().gh.addIssue('acme', 'docs', { number: ISSUE })
    world().svc.scriptJobs({ activePolls: 2 })
    const spec = step(CHANGELOG, { GITHUB_ACTION: 'changelog' })
    const wait = { 'max-wait-minutes': '0.02', 'fail-on-error': 'false' }
    const first = await runAgent(
      world(),
      { ...spec, inputs: { ...spec.inputs, ...wait } },
      { realTime: true }
    )
    world().svc.addJob({ id: 'job_legacy', activePolls: 0 })
    addEarlierComment(world(), legacy('job=job_legacy state=job'), { number: ISSUE })
    const rerun = await runAgent(world(), {
      ...spec,
      env: { ...spec.env, GITHUB_RUN_ATTEMPT: '2' }
    })
    expect(rerun.outputs['job-id']).toBe(first.outputs['job-id'])
  })
})

describe('a request another run owns is never a silent success', () => {
  it('names the owning run in the log, the summary and the status output', async () => {
    world().gh.addIssue('acme', 'docs', { number: 11, title: 'Document webhooks' })
    world().gh.setPermission('acme', 'docs', 'maintainer', 'write')
    // The same issue delivered to another workflow run that is sending its job right now.
    addEarlierComment(world(), 'tracking request=issue-11 state=pending run=5151', {
      number: 11,
      text: '⏳ Working on it: starting an agent job.'
    })
    const result = await runAgent(world(), {
      eventName: 'issues',
      event: issuesEvent({ title: 'Document webhooks', body: 'Cover retries.' })
    })
    expect(world().creates()).toHaveLength(0)
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({ status: 'skipped', 'job-id': '' })
    expect(result.stdout).toContain('Not started: workflow run 5151 already handles this request')
    expect(shown(result.summary)).toContain('workflow run 5151 already handles this request')
  })
})
