/**
 * Each digest finishes the one before, over the fakes: a previous digest whose job was let go is
 * read once and, when it has ended, finished as the sweep would finish it (then its PRs are given
 * back, or its open docs PR grows); a claim a dead run left is taken over a minute past its deadline; an
 * `unknown` create is never given back and is named; a refused follow-up gives its PRs back.
 */
import { describe, expect, it } from '@jest/globals'
import {
  addMerged,
  addTrackingIssue,
  DIGEST_AT,
  digestComments,
  runDigest,
  TRACKING_ISSUE
} from './helpers/digest.js'
import { commandLines, markerOf, shown } from './helpers/text.js'
import { OWNER, REPO, runSweep, useWorld } from './helpers/world.js'

const world = useWorld()
const DOCS_PR = 'https://github.com/acme/docs-site/pull/3'
const MINUTE = 60_000
const LATER = { at: DIGEST_AT + 60 * MINUTE }
const DETACHED = { inputs: { detach: 'true', wait: 'false' } }
const PR_7 = { number: 7, at: '2024-03-02T09:00:00Z' }
const PR_8 = { number: 8, at: '2024-03-03T09:00:00Z' }
/** The window of a digest of PR 7 alone, from digest-since. */
const SINCE = `${Date.parse('2024-03-01') / 1000}.0`
const UNTIL_7 = `${Date.parse(PR_7.at) / 1000}.7`
const KEY_7 = `digest-${SINCE}-${UNTIL_7}-first`

function prompts(): string[] {
  return world().promptsSent()
}

/** GETs of one job, in order. */
function readsOf(jobId: string | undefined): number {
  return world()
    .gets()
    .filter(get => get.path.endsWith(`/job/${jobId}`)).length
}

/** A digest comment of PR 7 an earlier run (1111) left, with these marker fields after its window. */
function earlierDigest(fields: string, text: string): number {
  addTrackingIssue(world())
  const marker = `tracking request=${KEY_7} ${fields} since=${SINCE} until=${UNTIL_7} pulls=7`
  const body = `**Mintlify docs agent**\n\n${text}\n\n<!-- mintlify-docs-agent:${marker} -->`
  return world().gh.addComment(OWNER, REPO, TRACKING_ISSUE, body, 'github-actions[bot]').id
}

/** Epoch seconds `minutes` after the digest runs. */
const deadlineIn = (minutes: number): number => Math.ceil((DIGEST_AT + minutes * MINUTE) / 1000)

describe('the previous digest’s job, let go by its run', () => {
  it('ended failed: its comment is finished and its PRs are offered again', async () => {
    world().svc.scriptJobs(
      { activeForMs: 20 * MINUTE, outcome: 'failed' },
      { activePolls: 0, prLink: null }
    )
    addMerged(world(), PR_7)
    const first = await runDigest(world(), DETACHED)
    expect(first.outputs.status).toBe('detached')
    const second = await runDigest(world(), { runId: '5151' }, LATER)

    const [earlier, next] = digestComments(world())
    expect(markerOf(earlier.body)).toMatchObject({ phase: 'ended', status: 'failed' })
    expect(shown(earlier.body)).toContain(`❌ Agent job \`${first.outputs['job-id']}\` failed`)
    expect(readsOf(first.outputs['job-id'])).toBe(1)
    expect(second.outputs).toMatchObject({ status: 'completed', 'digest-pulls': '1' })
    expect(world().creates()).toHaveLength(2)
    expect(prompts()[1]).toContain('acme/docs#7')
    expect(markerOf(next.body)?.request).toMatch(new RegExp(`-after-${earlier.id}$`))
  })

  it('ended with a docs PR still open: finished, its notes posted once, and the new digest grows that PR', async () => {
    world().svc.scriptJobs({ activeForMs: 20 * MINUTE, prLink: DOCS_PR })
    world().gh.addIssue('acme', 'docs-site', { number: 3, pull_request: true })
    addMerged(world(), PR_7)
    const first = await runDigest(world(), DETACHED)
    addMerged(world(), PR_8)
    const second = await runDigest(world(), { runId: '5151', ...DETACHED }, LATER)

    const [earlier, next] = digestComments(world())
    expect(markerOf(earlier.body)).toMatchObject({ phase: 'ended', status: 'completed' })
    expect(shown(earlier.body)).toContain('acme/docs-site#3')
    expect(world().creates()).toHaveLength(1)
    expect(world().messages()).toHaveLength(1)
    expect(second.outputs['job-id']).toBe(first.outputs['job-id'])
    expect((world().messages()[0].body as { prompt: string }).prompt).toContain('acme/docs#8')
    expect(shown(next.body)).toContain(`This digest adds to ${DOCS_PR}`)
    expect(world().botComments(7)).toHaveLength(1)
    // The sweep finishes the new digest (notes on PR 8) and posts no second note on PR 7.
    const sweep = await runSweep(world(), {}, { at: LATER.at + 60 * MINUTE })
    expect(sweep.outputs.finished).toBe('1')
    for (const n of [7, 8]) expect(world().botComments(n)).toHaveLength(1)
  })

  it('still running: left as it is, and the new digest is a new job after its window', async () => {
    world().svc.scriptJobs({ activeForMs: 600 * MINUTE }, { activePolls: 0, prLink: null })
    addMerged(world(), PR_7)
    const first = await runDigest(world(), DETACHED)
    const before = digestComments(world())[0].body
    addMerged(world(), PR_8)
    const second = await runDigest(world(), { runId: '5151' }, LATER)

    expect(digestComments(world())[0].body).toBe(before)
    expect(readsOf(first.outputs['job-id'])).toBe(1)
    expect(second.outputs).toMatchObject({ status: 'completed', 'digest-pulls': '1' })
    expect(world().creates()).toHaveLength(2)
    expect(prompts()[1]).toContain('acme/docs#8')
    expect(prompts()[1]).not.toContain('acme/docs#7')
  })

  /** A digest comment of PR 7 whose run 1111 follows a job that has failed meanwhile. */
  function followedDigest(runStatus: string): string {
    const jobId = world().svc.addJob({ activePolls: 0, outcome: 'failed' })
    const fields = `job=${jobId} state=job run=1111 phase=following deadline=${deadlineIn(30)}`
    earlierDigest(
      fields,
      `⏳ Agent job \`${jobId}\` is running; this comment is updated when it ends.`
    )
    world().gh.setRun(OWNER, REPO, 1111, runStatus)
    return jobId
  }

  it('is not read while its run still follows it', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    addMerged(world(), PR_7, PR_8)
    const jobId = followedDigest('in_progress')
    const before = digestComments(world())[0].body
    await runDigest(world())
    expect(readsOf(jobId)).toBe(0)
    expect(digestComments(world())[0].body).toBe(before)
    expect(prompts()).toHaveLength(1)
    expect(prompts()[0]).not.toContain('acme/docs#7')
  })

  it('is finished once the run that followed it is over', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    addMerged(world(), PR_7)
    const jobId = followedDigest('completed')
    await runDigest(world())
    expect(readsOf(jobId)).toBe(1)
    expect(markerOf(digestComments(world())[0].body)).toMatchObject({
      phase: 'ended',
      status: 'failed'
    })
    expect(prompts()[0]).toContain('acme/docs#7')
  })
})

describe('a follow-up its run died sending', () => {
  it('is followed once that run is over: its job’s end is shown and counted', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    addMerged(world(), PR_7)
    const jobId = world().svc.addJob({ activePolls: 0, outcome: 'failed' })
    const fields = `job=${jobId} state=pending run=1111 deadline=${deadlineIn(-30)}`
    earlierDigest(fields, `⏳ Sending this digest to agent job \`${jobId}\`…`)
    world().gh.setRun(OWNER, REPO, 1111, 'completed')
    await runDigest(world())
    expect(readsOf(jobId)).toBe(1)
    expect(markerOf(digestComments(world())[0].body)).toMatchObject({
      state: 'job',
      phase: 'ended',
      status: 'failed'
    })
    // Its job failed: its PRs are offered again.
    expect(prompts()[0]).toContain('acme/docs#7')
  })
})

describe('a claim left by a dead run', () => {
  it.each([
    ['an hour', -60],
    ['a minute and a second', -61 / 60]
  ])(
    'is taken over %s past its deadline: the same comment, rewritten with the new window and key',
    async (_past, minutes) => {
      world().svc.scriptJobs({ activePolls: 0, prLink: null })
      addMerged(world(), PR_7, PR_8)
      const claim = earlierDigest(
        `state=pending run=1111 deadline=${deadlineIn(minutes)}`,
        '⏳ Working on it: starting an agent job.'
      )
      const result = await runDigest(world())

      expect(result.outputs).toMatchObject({ status: 'completed', 'digest-pulls': '2' })
      expect(world().creates()).toHaveLength(1)
      expect(prompts()[0]).toContain('acme/docs#7')
      expect(prompts()[0]).toContain('acme/docs#8')
      const comments = digestComments(world())
      expect(comments.map(comment => comment.id)).toEqual([claim])
      expect(markerOf(comments[0].body)).toMatchObject({
        request: `digest-${SINCE}-${Date.parse(PR_8.at) / 1000}.8-first`,
        run: '4242',
        state: 'job',
        pulls: '7%2C8',
        status: 'completed'
      })
      expect(result.outputs['comment-id']).toBe(String(claim))
    }
  )

  it.each([
    ['before its deadline', 10],
    ['within the one-minute margin after it (its run may still be writing)', -59 / 60]
  ])('is left to its run %s', async (_when, minutes) => {
    addMerged(world(), PR_7)
    earlierDigest(`state=pending run=1111 deadline=${deadlineIn(minutes)}`, '⏳ Working on it.')
    const before = digestComments(world())[0].body
    const result = await runDigest(world())
    expect(result.outputs.status).toBe('skipped')
    expect(world().creates()).toHaveLength(0)
    expect(digestComments(world()).map(comment => comment.body)).toEqual([before])
  })
})

describe('an unknown create', () => {
  it('is never given back, and the next digest’s summary and comment name it', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    addMerged(world(), PR_7, PR_8)
    const unknown = earlierDigest(
      'state=unknown run=1111',
      '❌ Could not tell whether the job started.'
    )
    const result = await runDigest(world())

    expect(result.outputs['digest-pulls']).toBe('1')
    expect(prompts()[0]).toContain('acme/docs#8')
    expect(prompts()[0]).not.toContain('acme/docs#7')
    const named = 'may have started a job that was never reported'
    const url = `#issuecomment-${unknown}`
    for (const text of [result.summary, digestComments(world())[1].body]) {
      expect(shown(text)).toMatch(/The digest of Mar 1, 2024 to Mar 2, 2024 09:00 UTC \(#7\)/)
      expect(text).toContain(named)
      expect(text).toContain(url)
    }
    expect(commandLines(result.stdout, 'warning', named)).toHaveLength(1)
  })
})

describe('a refused follow-up', () => {
  it('gives its PRs back: the next digest offers them again', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: DOCS_PR }, { activePolls: 0, prLink: null })
    world().gh.addIssue('acme', 'docs-site', { number: 3, pull_request: true })
    addMerged(world(), PR_7)
    const first = await runDigest(world())
    addMerged(world(), PR_8)
    world().svc.inject({ method: 'POST', path: /\/message$/, fault: { status: 400 } })
    const refused = await runDigest(world(), {
      runId: '5151',
      inputs: { 'fail-on-error': 'false' }
    })
    expect(refused.outputs.status).toBe('failed')
    expect(markerOf(digestComments(world())[1].body)).toMatchObject({
      job: first.outputs['job-id']
    })
    expect(markerOf(digestComments(world())[1].body)?.state).toBeUndefined()

    const next = await runDigest(world(), { runId: '6161' })
    expect(next.outputs['digest-pulls']).toBe('1')
    expect(prompts()).toHaveLength(2)
    expect(prompts()[1]).toContain('acme/docs#8')
  })
})
