/**
 * Reads bounded by what is new, never by history (docs/behaviour.md): a digest on a
 * tracking issue of thousands of comments, and a comment request on a long thread, read the newest
 * end only; a re-run reads further back, and is the only run that does.
 */
import { describe, expect, it } from '@jest/globals'
import {
  addMerged,
  addTrackingIssue,
  DIGEST_AT,
  runDigest,
  TRACKING_ISSUE
} from './helpers/digest.js'
import { markerOf } from './helpers/text.js'
import {
  addThread,
  commentScenario,
  OWNER,
  REPO,
  runAgent,
  useWorld,
  type AgentRunSpec,
  type World
} from './helpers/world.js'

const world = useWorld()
const TRACKING_COMMENTS = `/repos/${OWNER}/${REPO}/issues/${TRACKING_ISSUE}/comments`
const SINCE = Date.parse('2024-03-01') / 1000
/** The earlier digest covered PR #7, merged then. */
const UNTIL = Date.parse('2024-03-02T09:00:00Z') / 1000

const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z')

/** `count` comments of people on the issue, a second apart from `from`. */
function chatter(world: World, issue: number, count: number, from: number): void {
  for (let i = 0; i < count; i++) {
    const createdAt = iso(from + i * 1000)
    world.gh.addComment(OWNER, REPO, issue, `A word ${i}.`, 'octocat', { createdAt })
  }
}

/** A settled digest record of another run: its job completed, PR #7 in it. */
function settledDigest(world: World, createdAt: string): number {
  const window = `since=${SINCE}.0 until=${UNTIL}.7`
  const marker = `tracking request=digest-${SINCE}.0-${UNTIL}.7-first job=job_0 state=job run=1111 ${window} pulls=7 status=completed`
  const body = `**Mintlify docs agent**\n\nDone.\n\n<!-- mintlify-docs-agent:${marker} -->`
  return world.gh.addComment(OWNER, REPO, TRACKING_ISSUE, body, undefined, { createdAt }).id
}

function conversationReads(world: World, from = 0): number {
  return world.gh.calls.slice(from).filter(c => c.method === 'GET' && c.path === TRACKING_COMMENTS)
    .length
}

describe('a digest reads its tracking issue from the newest end', () => {
  it.each([100, 1_000, 10_000])(
    'on an issue of %i comments: at most 3 reads when the last digest is among the newest 100',
    async total => {
      world().svc.scriptJobs({ activePolls: 0, prLink: null })
      addTrackingIssue(world())
      addMerged(world(), { number: 7, at: '2024-03-02T09:00:00Z' })
      addMerged(world(), { number: 8, at: '2024-03-05T09:00:00Z' })
      chatter(world(), TRACKING_ISSUE, total - 51, Date.parse('2024-02-01'))
      settledDigest(world(), '2024-03-04T00:00:00Z')
      chatter(world(), TRACKING_ISSUE, 50, Date.parse('2024-03-06'))
      const result = await runDigest(world())
      expect(result.outputs).toMatchObject({ status: 'completed', 'digest-pulls': '1' })
      expect(world().promptsSent()[0]).toContain('acme/docs#8')
      expect(world().promptsSent()[0]).not.toContain('acme/docs#7')
      // The watermark read (page 1, the last page), then the claim check (what was posted since).
      expect(conversationReads(world())).toBeLessThanOrEqual(3)
    }
  )

  it('a re-run reads further back, to its own first attempt’s record, and re-attaches', async () => {
    world().svc.scriptJobs({ activePolls: 50, prLink: null })
    addTrackingIssue(world())
    addMerged(world(), { number: 7, at: '2024-03-02T09:00:00Z' })
    addMerged(world(), { number: 8, at: '2024-03-05T09:00:00Z' })
    chatter(world(), TRACKING_ISSUE, 500, Date.parse('2024-02-01'))
    settledDigest(world(), '2024-03-04T00:00:00Z')
    const first = await runDigest(world(), {
      inputs: { 'max-wait-minutes': '0.05', 'fail-on-error': 'false' }
    })
    expect(first.outputs.status).toBe('timed-out')
    // 700 comments since: the first attempt's record is on page 6 of 13.
    chatter(world(), TRACKING_ISSUE, 700, DIGEST_AT + 60_000)
    const before = world().gh.calls.length
    const rerun = await runDigest(world(), { attempt: 2, at: DIGEST_AT + 3_600_000 })
    expect(rerun.outputs['job-id']).toBe(first.outputs['job-id'])
    expect(world().creates()).toHaveLength(1)
    const reads = conversationReads(world(), before)
    expect(reads).toBeGreaterThan(3)
    expect(reads).toBeLessThan(13)
  })
})

describe('a comment request reads its thread from the newest end', () => {
  /** The run of a trigger comment whose event says when it was posted, as GitHub's does. */
  function commentRun(commentId: number, body: string): AgentRunSpec {
    const spec = commentScenario(world(), { commentId, body })
    const trigger = world()
      .gh.comments(OWNER, REPO, 7)
      .find(c => c.id === commentId)
    const payload = spec.event as { comment: { created_at?: string } }
    payload.comment.created_at = trigger?.created_at
    return spec
  }

  const reads = (from: number): number =>
    world()
      .gh.calls.slice(from)
      .filter(c => c.method === 'GET' && c.path === `/repos/${OWNER}/${REPO}/issues/7/comments`)
      .length

  it('on a thread of 1,000 comments: a follow-up and its second delivery make at most 3 reads each', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    addThread(world())
    chatter(world(), 7, 996, Date.parse('2024-01-01'))
    const earlier = await runAgent(world(), commentRun(9001, '/mintlify Add a quickstart'))
    expect(earlier.outputs['job-id']).toBe('job_1')

    // A second request in the thread goes to its job: the read stops once it has found it.
    const spec = commentRun(9005, '/mintlify Add an example too')
    let before = world().gh.calls.length
    await runAgent(world(), spec)
    expect(world().messages()).toHaveLength(1)
    expect(reads(before)).toBeLessThanOrEqual(3)

    before = world().gh.calls.length
    const again = await runAgent(world(), spec)
    expect(again.outputs['job-id']).toBe('job_1')
    expect(world().messages()).toHaveLength(1)
    expect(reads(before)).toBeLessThanOrEqual(3)
    const ours = world()
      .botComments()
      .filter(c => markerOf(c.body)?.request === 'comment-9005')
    expect(ours).toHaveLength(1)
    expect(world().gh.comments(OWNER, REPO, 7)).toHaveLength(1_000)
  })
})
