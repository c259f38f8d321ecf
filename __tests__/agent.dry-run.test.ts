/**
 * `dry-run: true` over the fakes: every kind of run reads and decides as a real run and leaves no
 * trace: nothing sent to the service but reads (no create, message or trigger), nothing written on
 * GitHub (no comment, reply, reaction or label change). The summary gives the decision in one line,
 * what a real run would have written, and the text it would send in a fence nothing breaks out of;
 * the outputs give `dry-run` (or `skipped`), `prompt` and the job a follow-up would continue.
 */
import { describe, expect, it } from '@jest/globals'
import type { ActionRunResult } from '../fakes/action-env.js'
import { AUTOMATION, useAutomationWorld } from './helpers/automation.js'
import { runMergedPull, writes } from './helpers/code-change.js'
import {
  addMerged,
  addTrackingIssue,
  DIGEST_AT,
  digestComments,
  runDigest
} from './helpers/digest.js'
import { labelIssueSpec } from './helpers/labels.js'
import { addEarlierComment, runAgent, runComment } from './helpers/world.js'

const { world, triggers } = useAutomationWorld()
const DRY = { 'dry-run': 'true' }
const MINUTE = 60_000

/** The run wrote nothing on GitHub and sent the service nothing but reads. */
function expectNoTrace(): void {
  expect(writes(world())).toEqual([])
  expect(world().svc.requests.filter(r => r.method !== 'GET')).toEqual([])
  expect(triggers()).toHaveLength(0)
}

/** A dry run that would send: exit 0, no comment named, the decision and the text in the summary. */
function expectDry(result: ActionRunResult, decision: string): void {
  expect(result.exitCode).toBe(0)
  expect(result.outputs).toMatchObject({
    status: 'dry-run',
    'comment-id': '',
    'comment-url': '',
    'pr-url': '',
    'pr-number': ''
  })
  expect(result.summary).toContain(`🧪 Dry run: ${decision}.`)
  expect(result.summary).toContain('Nothing was sent to Mintlify or written on GitHub.')
  if (result.outputs.prompt) {
    expect(result.summary).toContain(`\`\`\`text\n${result.outputs.prompt}\n\`\`\``)
  }
  expectNoTrace()
}

describe('each kind of run, dry', () => {
  it('a comment: would create a job and react, the prompt as output and in a fence', async () => {
    const result = await runComment(world(), { inputs: DRY })
    expectDry(result, 'would create a job')
    expect(result.outputs['job-id']).toBe('')
    expect(result.outputs.prompt).toMatch(/^Add a quickstart\n/)
    expect(result.summary).toContain('- would react 👀 to the comment that asked')
    expect(world().botComments()).toHaveLength(0)
  })

  it('a comment whose text holds a fence: shown in a longer fence it cannot close', async () => {
    const body = '/mintlify Fix this:\n```\n</details> @team #3\n```'
    const result = await runComment(world(), { body, inputs: DRY })
    expectDry(result, 'would create a job')
    expect(result.summary).toContain('````text\nFix this:\n```\n</details> @team #3\n```\n')
  })

  it('a comment in a thread with a job: names the job a follow-up would go to', async () => {
    addEarlierComment(world(), 'tracking request=comment-8000 job=job_1 state=job', {
      text: '✅ The agent opened a pull request.'
    })
    const result = await runComment(world(), { inputs: DRY })
    expectDry(result, 'would send a follow-up to job `job_1`')
    expect(result.outputs['job-id']).toBe('job_1')
    expect(result.outputs.prompt).toContain('Add a quickstart')
  })

  it('a merged pull request: the change and its diff in the prompt, nothing on the PR', async () => {
    const result = await runMergedPull(world(), {}, DRY)
    expectDry(result, 'would create a job')
    expect(result.outputs.prompt).toContain('src/export.ts')
    expect(world().botComments(12)).toHaveLength(0)
  })

  it('a labelled issue: no label change, and another request’s claim is not waited for', async () => {
    const spec = labelIssueSpec(world(), { inputs: DRY })
    const claim = addEarlierComment(
      world(),
      'tracking request=comment-9001 state=pending run=5555',
      {
        number: 11,
        text: '⏳ Asking the Mintlify agent…'
      }
    )
    const result = await runAgent(world(), spec)
    expectDry(result, 'would create a job')
    expect(result.outputs.prompt).toContain('Document the export endpoint')
    expect(result.summary).toMatch(/- would wait up to 2 minutes for another request's claim \(/)
    expect(world().gh.labelsOf('acme', 'docs', 11)).toEqual(['docs'])
    expect(world().callList(call => call.endsWith(`/comments/${claim}`))).toEqual([])
  })

  it('a re-run whose first attempt has its job: would re-attach to it, nothing to send', async () => {
    addEarlierComment(world(), 'tracking request=comment-9001 job=job_3 state=job run=4242')
    const result = await runComment(world(), { inputs: DRY, attempt: 2 })
    expectDry(result, 'would re-attach to job `job_3`')
    expect(result.outputs).toMatchObject({ 'job-id': 'job_3', prompt: '' })
  })

  it('a workflow prompt that holds a secret input: cut out of the output and the summary', async () => {
    const prompt = `Rotate the key ${world().svc.apiKey} in the docs`
    const result = await runAgent(world(), {
      eventName: 'workflow_dispatch',
      event: {},
      inputs: { prompt, ...DRY }
    })
    expectDry(result, 'would create a job')
    expect(result.outputs.prompt).toBe('Rotate the key *** in the docs')
    expect(result.summary).not.toContain(world().svc.apiKey)
  })

  it('an automation: would trigger it, headed by it, no prompt', async () => {
    const result = await runMergedPull(world(), {}, { automation: AUTOMATION, ...DRY })
    expectDry(result, `would trigger \`${AUTOMATION}\``)
    expect(result.outputs.prompt).toBe('')
    expect(result.summary).toContain(`### Mintlify automation \`${AUTOMATION}\``)
  })

  it('a digest: its window, pull requests and prompt, no tracking comment', async () => {
    addMerged(
      world(),
      { number: 7, at: '2024-03-02T09:00:00Z' },
      { number: 8, at: '2024-03-03T09:00:00Z' }
    )
    const result = await runDigest(world(), { inputs: DRY })
    expectDry(result, 'would create a job')
    expect(result.outputs).toMatchObject({ 'digest-pulls': '2', 'digest-skipped': '0' })
    expect(result.outputs.prompt).toContain('acme/docs#7')
    expect(result.outputs.prompt).toContain('acme/docs#8')
    expect(result.summary).toContain('#8')
    expect(digestComments(world())).toHaveLength(0)
  })
})

describe('where a real run would stop', () => {
  it('a guard: `skipped`, and the summary says why', async () => {
    const result = await runMergedPull(world(), { labels: ['no-docs'] }, DRY)
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({ status: 'skipped', prompt: '', 'job-id': '' })
    expect(result.summary).toContain(
      '🧪 Dry run: would skip: pull request #12 carries the skip-label'
    )
    expectNoTrace()
  })

  it('a bot’s pull request: `skipped`', async () => {
    const bot = { author: 'renovate[bot]', authorType: 'Bot' as const }
    const result = await runMergedPull(world(), bot, DRY)
    expect(result.outputs.status).toBe('skipped')
    expect(result.summary).toContain('would skip: the pull request is by renovate[bot]')
    expectNoTrace()
  })

  it('a commenter without permission: no reply, the summary quotes the reply it would post', async () => {
    const result = await runComment(world(), { permission: 'read', inputs: DRY })
    expect(result.outputs.status).toBe('skipped')
    expect(result.summary).toContain(
      'would skip: maintainer has read permission; write is required'
    )
    expect(result.summary).toContain(
      '- would reply: “Sorry, `maintainer`: asking the docs agent needs `write` permission'
    )
    expect(world().botComments()).toHaveLength(0)
    expectNoTrace()
  })

  it('a trigger phrase with no instruction: the reply it would post; another comment: why it is ignored', async () => {
    const empty = await runComment(world(), { body: '/mintlify', inputs: DRY })
    expect(empty.outputs.status).toBe('skipped')
    expect(empty.summary).toContain('would skip: the comment gives no instruction')
    expect(empty.summary).toContain('- would reply: “Please add an instruction after `/mintlify`')
    const other = await runComment(world(), { body: 'Thanks!', commentId: 9002, inputs: DRY })
    expect(other.outputs.status).toBe('skipped')
    expect(other.summary).toContain('would skip: the comment does not start with /mintlify')
    expectNoTrace()
  })

  it('a digest with nothing new: `skipped`, its digest outputs set', async () => {
    const result = await runDigest(world(), { inputs: DRY })
    expect(result.outputs).toMatchObject({ status: 'skipped', 'digest-pulls': '0' })
    expect(result.summary).toContain('would skip: no merged pull request to include')
    expectNoTrace()
  })
})

describe('a digest whose previous digest’s job has ended', () => {
  it('reads that job but does not heal its comment, says it would, and names the job a follow-up would go to', async () => {
    const docsPr = 'https://github.com/acme/docs-site/pull/3'
    world().svc.scriptJobs({ activeForMs: 20 * MINUTE, prLink: docsPr })
    world().gh.addIssue('acme', 'docs-site', { number: 3, pull_request: true })
    addMerged(world(), { number: 7, at: '2024-03-02T09:00:00Z' })
    const first = await runDigest(world(), { inputs: { detach: 'true', wait: 'false' } })
    const [earlier] = digestComments(world())
    const calls = world().gh.calls.length
    const sent = world().svc.requests.length
    addMerged(world(), { number: 8, at: '2024-03-03T09:00:00Z' })

    const dry = await runDigest(
      world(),
      { runId: '5151', inputs: DRY },
      { at: DIGEST_AT + 60 * MINUTE }
    )
    expect(dry.exitCode).toBe(0)
    expect(dry.outputs).toMatchObject({ status: 'dry-run', 'job-id': first.outputs['job-id'] })
    expect(dry.summary).toContain(`would send a follow-up to job \`${first.outputs['job-id']}\``)
    expect(dry.summary).toContain(
      `- would heal the previous digest's comment (${earlier.html_url})`
    )
    expect(dry.outputs.prompt).toContain('acme/docs#8')
    expect(digestComments(world())).toEqual([earlier])
    const after = world()
      .gh.calls.slice(calls)
      .map(c => `${c.method} ${c.path}`)
    expect(after.filter(call => !call.startsWith('GET ') && !call.includes('graphql'))).toEqual([])
    expect(
      world()
        .svc.requests.slice(sent)
        .map(r => r.method)
    ).toEqual(['GET'])
    expect(world().botComments(7)).toHaveLength(0)
  })
})

describe('a digest after a dead run’s claim', () => {
  it('does not take the claim over, and says it would', async () => {
    addMerged(world(), { number: 7, at: '2024-03-02T09:00:00Z' })
    addTrackingIssue(world())
    const deadline = Math.ceil((DIGEST_AT - 60 * MINUTE) / 1000)
    const [since, until] = [
      Date.parse('2024-03-01') / 1000,
      Date.parse('2024-03-02T09:00:00Z') / 1000
    ]
    const window = `since=${since}.0 until=${until}.7 pulls=7`
    const marker = `tracking request=digest-${since}.0-${until}.7-first state=pending run=1111 deadline=${deadline} ${window}`
    const body = `**Mintlify docs agent**\n\n⏳ Working on it.\n\n<!-- mintlify-docs-agent:${marker} -->`
    const claim = world().gh.addComment('acme', 'docs', 1, body, 'github-actions[bot]')
    const result = await runDigest(world(), { inputs: DRY })
    expectDry(result, 'would create a job')
    expect(result.summary).toContain(`- would take over the dead claim ${claim.html_url}`)
    expect(digestComments(world()).map(c => c.body)).toEqual([body])
  })
})

describe('the input', () => {
  it('with `job-id`: an input error naming `dry-run`, before any request', async () => {
    const result = await runComment(world(), { inputs: { ...DRY, 'job-id': 'job_1' } })
    expect(result.exitCode).not.toBe(0)
    expect(result.stdout).toContain('dry-run')
    expect(world().gh.calls).toEqual([])
    expect(world().svc.requests).toEqual([])
  })
})
