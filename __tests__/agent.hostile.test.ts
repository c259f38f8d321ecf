/**
 * True under every fault (issue "true under every fault"): tried as a hostile world would, each case
 * over the emulator and the GitHub fake.
 */
import { describe, expect, it } from '@jest/globals'
import { cutAtCharacter } from '../src/shared/text-cut.js'
import { commentScenario, runAgent, runComment, useWorld } from './helpers/world.js'

const world = useWorld()

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

describe('cuts never split a character', () => {
  it.each([
    ['an emoji (a surrogate pair)', 'ab😀cd', 3, 'ab'],
    ['a family emoji joined by ZWJ', 'a👨‍👩‍👧b', 5, 'a'],
    ['a letter with a combining accent', 'ae\u0301f', 2, 'a'],
    ['plain text', 'abcdef', 4, 'abcd']
  ])('cutAtCharacter keeps %s whole or leaves it out', (_name, text, max, expected) => {
    expect(cutAtCharacter(text, max)).toBe(expected)
  })

  it('the prompt (cut at 8,000) and the quote in the comment (cut at 1,500) hold no lone surrogate', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    // An emoji straddles both cut points.
    const instruction = `${'a'.repeat(1_480)}${'😀'.repeat(20)}${'b'.repeat(6_479)}😀😀 tail`
    const result = await runComment(world(), { body: `/mintlify ${instruction}` })
    expect(result.exitCode).toBe(0)
    const [prompt] = world().promptsSent()
    expect(prompt).toContain('[cut:')
    expect(prompt).not.toMatch(LONE_SURROGATE)
    const comment = world().botComments()[0].body
    expect(comment).toContain('… \\(cut\\)')
    expect(comment).not.toMatch(LONE_SURROGATE)
  })
})

describe('an answer about another job is not our job', () => {
  it('a poll answered 200 about another job (with its PR) is retried, then the job is lost; its PR is never reported', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const other = {
      id: 'job_other',
      status: 'completed',
      prLink: 'https://github.com/acme/docs/pull/99'
    }
    world().svc.inject({
      method: 'GET',
      path: /\/job\/job_1$/,
      times: Infinity,
      fault: { status: 200, body: JSON.stringify(other) }
    })
    const result = await runComment(world())
    expect(result.exitCode).toBe(1)
    expect(result.outputs).toMatchObject({ status: 'failed', 'pr-url': '', 'pr-number': '' })
    expect(world().gets()).toHaveLength(6)
    const comment = world().botComments()[0].body
    expect(comment).toContain('Could not follow agent job `job_1`')
    expect(comment).toContain('another job')
    expect(comment).not.toContain('pull/99')
    expect(result.summary).not.toContain('pull/99')
  })
})

describe('a long Retry-After on a poll is a wait, not a hammer', () => {
  const polled429 = (retryAfter: string, times: number): void =>
    world().svc.inject({
      method: 'GET',
      path: /\/job\/job_1$/,
      times,
      fault: { status: 429, headers: { 'retry-after': retryAfter } }
    })

  it('Retry-After: 3600 with 30 minutes to wait: no second poll, timed-out at once with the reason', async () => {
    world().svc.scriptJobs({ activePolls: 100 })
    polled429('3600', Infinity)
    const result = await runComment(world(), { inputs: { 'max-wait-minutes': '30' } })
    expect(world().gets()).toHaveLength(1)
    expect(result.outputs.status).toBe('timed-out')
    const comment = world().botComments()[0].body
    expect(comment).toContain('the service asked to wait 1 h')
    expect(comment).toContain('job-id: job_1')
  })

  it('Retry-After: 600 within the wait: the next poll comes no sooner than 10 minutes later', async () => {
    world().svc.scriptJobs({ activePolls: 1, prLink: null })
    polled429('600', 1)
    const result = await runComment(world(), { inputs: { 'max-wait-minutes': '30' } })
    expect(result.outputs.status).toBe('completed')
    const [limited, next] = world().gets()
    expect(next.at - limited.at).toBeGreaterThanOrEqual(600_000)
  })
})

describe('the gaps noted when the agent action was built', () => {
  it('posts a refusal once per request: a re-run of the refused request finds it and posts no other', async () => {
    const refused = { permission: 'read' as const }
    const first = await runComment(world(), refused)
    const second = await runComment(world(), { ...refused, attempt: 2 })
    expect([first.outputs.status, second.outputs.status]).toEqual(['skipped', 'skipped'])
    const replies = world()
      .botComments()
      .filter(c => c.body.includes('mintlify-docs-agent:reply'))
    expect(replies).toHaveLength(1)
    expect(second.stdout).toContain('The reply to this request was posted already')
  })

  it('a job-id that does not exist gets one clear error at once: one read, no 30 s grace', async () => {
    const result = await runAgent(world(), {
      eventName: 'workflow_dispatch',
      inputs: { 'job-id': 'job_nope', 'max-wait-minutes': '5' }
    })
    expect(result.exitCode).toBe(1)
    expect(world().gets()).toHaveLength(1)
    expect(result.outputs.status).toBe('failed')
    expect(result.summary).toContain('the job was not found')
  })

  it('wait: false with a job-id whose single read fails says what happened, not "timed out"', async () => {
    world().svc.addJob({ id: 'job_7' })
    world().svc.inject({
      method: 'GET',
      path: /\/job\/job_7$/,
      times: Infinity,
      fault: { status: 503 }
    })
    const result = await runAgent(world(), {
      eventName: 'workflow_dispatch',
      inputs: { 'job-id': 'job_7', wait: 'false' }
    })
    expect(result.outputs.status).toBe('failed')
    expect(result.summary).toContain('Could not follow agent job `job_7`: HTTP 503')
    expect(result.summary).not.toContain('still running')
  })

  it('a review comment’s prompt names its file, its line and the diff hunk it sits on', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const run = commentScenario(world(), { review: true, body: '/mintlify explain this' })
    const event = run.event as { comment: { path: string; line?: number; diff_hunk: string } }
    const comment = event.comment
    comment.line = 12
    await runAgent(world(), run)
    const [prompt] = world().promptsSent()
    expect(prompt).toContain(`Review comment on: ${comment.path}, line 12`)
    expect(prompt).toContain(`Diff hunk:\n${comment.diff_hunk}`)
  })

  it('the back-link of a run that reported to issue-number points at that issue', async () => {
    world().gh.addIssue('acme', 'docs', { number: 12, title: 'Docs tracking' })
    world().gh.addIssue('acme', 'docs', { number: 50, pull_request: true, user: 'mintlify[bot]' })
    world().svc.scriptJobs({ activePolls: 0, prLink: 'https://github.com/acme/docs/pull/50' })
    const result = await runAgent(world(), {
      eventName: 'schedule',
      inputs: { prompt: 'Check the changelog', 'issue-number': '12', 'back-link': 'true' }
    })
    expect(result.exitCode).toBe(0)
    const [link] = world().botComments(50)
    expect(link.body).toContain('in [acme/docs#\u200B12](https://github.com/acme/docs/issues/12)')
  })
})
