/**
 * True under every fault (issue "true under every fault"): tried as a hostile world would, each case
 * over the emulator and the GitHub fake.
 */
import { describe, expect, it } from '@jest/globals'
import { cutAtCharacter } from '../src/shared/text-cut.js'
import {
  addEarlierComment,
  commentScenario,
  runAgent,
  runComment,
  useWorld
} from './helpers/world.js'
import { markerOf, shown } from './helpers/text.js'

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

describe('trust only the identity the token posts as', () => {
  it('a comment by another bot carrying a marker does not redirect a follow-up to a foreign job', async () => {
    addEarlierComment(world(), 'tracking request=comment-1 job=job_foreign state=job', {
      user: 'other-bot[bot]'
    })
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const result = await runComment(world())
    expect(result.exitCode).toBe(0)
    expect(world().messages()).toHaveLength(0)
    expect(world().creates()).toHaveLength(1)
    expect(world().svc.requestsTo('GET', /job_foreign/)).toHaveLength(0)
  })

  it('a re-run does not take another bot’s comment for its own: it neither reports that job nor edits that comment', async () => {
    const foreign = addEarlierComment(
      world(),
      'tracking request=comment-9001 job=job_foreign state=job',
      { user: 'other-bot[bot]' }
    )
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const result = await runComment(world(), { attempt: 2 })
    expect(result.outputs['job-id']).toBe('job_1')
    expect(world().svc.requestsTo('GET', /job_foreign/)).toHaveLength(0)
    expect(
      world().gh.calls.filter(c => c.method === 'PATCH' && c.path.endsWith(`/${foreign}`))
    ).toEqual([])
  })

  it('learns the identity once a run, from GraphQL for an installation token', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    await runComment(world(), { inputs: { 'back-link': 'true' } })
    expect(world().callList(c => c.includes('graphql'))).toEqual(['POST /graphql'])
    expect(world().callList(c => c === 'GET /user')).toEqual([])
  })

  it('when GitHub cannot say who the token is, trusts github-actions[bot] only', async () => {
    world().gh.inject({ method: 'POST', path: '/graphql', times: Infinity, fault: { status: 502 } })
    const earlier = addEarlierComment(world(), 'tracking request=comment-9001 job=job_7 state=job')
    world().svc.addJob({ id: 'job_7', activePolls: 0 })
    const result = await runComment(world(), { attempt: 2 })
    expect(result.outputs).toMatchObject({ 'job-id': 'job_7', status: 'completed' })
    expect(result.outputs['comment-id']).toBe(String(earlier))
    expect(world().creates()).toHaveLength(0)
  })
})

describe('one job per comment, even when it is delivered twice at once', () => {
  const COMMENTS = /^\/repos\/acme\/docs\/issues\/7\/comments$/
  const claimOf = (run: string): string => `tracking request=comment-9001 state=pending run=${run}`

  it('the other run’s claim came first: this run withdraws its own, starts no job and names the owner', async () => {
    world().gh.interleave('POST', COMMENTS, () => addEarlierComment(world(), claimOf('5151')))
    const result = await runComment(world())
    expect(result.exitCode).toBe(0)
    expect(result.outputs.status).toBe('skipped')
    expect(world().creates()).toHaveLength(0)
    const tracking = world()
      .botComments()
      .filter(c => markerOf(c.body)?.kind === 'tracking')
    expect(tracking.map(c => markerOf(c.body)?.run)).toEqual(['5151'])
    // Named in the log and the step summary, not only in the status output.
    expect(result.stdout).toContain('Not started: workflow run 5151 already handles this request')
    expect(shown(result.summary)).toContain(
      'Not started: workflow run 5151 already handles this request'
    )
  })

  it('this run’s claim came first: it goes on, and exactly one job is created', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    // The other run posts its claim after ours, just before our second look.
    let looks = 0
    world().gh.interleave('GET', COMMENTS, () => looks++)
    world().gh.interleave('GET', COMMENTS, () => addEarlierComment(world(), claimOf('5151')))
    const result = await runComment(world())
    expect(looks).toBe(1)
    expect(result.outputs.status).toBe('completed')
    expect(world().creates()).toHaveLength(1)
  })

  it('a second run that starts during a slow create leaves the live comment alone and ends skipped', async () => {
    const live = addEarlierComment(world(), claimOf('4242'), {
      text: '⏳ Working on it: starting an agent job.'
    })
    const before = world()
      .gh.comments('acme', 'docs', 7)
      .find(c => c.id === live)?.body
    const run = commentScenario(world())
    const result = await runAgent(world(), { ...run, env: { ...run.env, GITHUB_RUN_ID: '5151' } })
    expect(result.outputs.status).toBe('skipped')
    expect(world().creates()).toHaveLength(0)
    expect(
      world()
        .gh.comments('acme', 'docs', 7)
        .find(c => c.id === live)?.body
    ).toBe(before)
    expect(world().gh.calls.filter(c => c.method === 'PATCH')).toEqual([])
    expect(result.stdout).toContain('Not started: workflow run 4242 already handles this request')
    expect(shown(result.summary)).toContain('workflow run 4242 already handles this request')
  })
})

describe('a cancel is never stuck behind GitHub', () => {
  /** Aborts once `ready()` holds; resolves with the moment it aborted. */
  function abortWhen(controller: AbortController, ready: () => boolean): Promise<number> {
    return new Promise(resolve => {
      const timer = setInterval(() => {
        if (!ready()) return
        clearInterval(timer)
        controller.abort()
        resolve(Date.now())
      }, 5)
    })
  }

  it('a hanging comment edit after the create gives way to the cancel: the job is recorded within the runner’s 7.5 s', async () => {
    world().svc.scriptJobs({ activePolls: 100 })
    world().gh.inject({ method: 'PATCH', fault: { kind: 'hang' } })
    const controller = new AbortController()
    // Cancel while the edit that records the job hangs.
    const aborted = abortWhen(controller, () => world().gh.calls.some(c => c.method === 'PATCH'))
    const result = await runComment(world(), {}, { realTime: true, signal: controller.signal })
    const ended = Date.now()
    expect(ended - (await aborted)).toBeLessThan(7_500)
    expect(result.outputs).toMatchObject({ status: 'cancelled', 'job-id': 'job_1' })
    const comment = world().botComments()[0].body
    expect(markerOf(comment)).toMatchObject({ job: 'job_1', state: 'job' })
    expect(comment).toContain('cancelled')
  })

  it('a hanging permission check gives way to the cancel: no job, no comment, status cancelled', async () => {
    world().gh.inject({ method: 'GET', path: /\/permission$/, fault: { kind: 'hang' } })
    const controller = new AbortController()
    const aborted = abortWhen(controller, () => world().gh.calls.length === 1)
    const result = await runComment(world(), {}, { realTime: true, signal: controller.signal })
    expect(Date.now() - (await aborted)).toBeLessThan(7_500)
    expect(result.exitCode).toBe(1)
    expect(result.outputs.status).toBe('cancelled')
    expect(world().svc.requests).toHaveLength(0)
    expect(world().botComments()).toEqual([])
  })
})
