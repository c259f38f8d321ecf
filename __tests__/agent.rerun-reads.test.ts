/**
 * A re-run of a workflow's prompt reads its tracking issue from the newest end, as far as its own
 * tracking comment (a request key has one): on a thread of 3,000 comments whose newest 100 hold it,
 * at most 3 reads, and it re-attaches to the job its first attempt started.
 */
import { describe, expect, it } from '@jest/globals'
import { markerOf } from './helpers/text.js'
import { OWNER, REPO, runAgent, useWorld, type AgentRunSpec, type World } from './helpers/world.js'

const world = useWorld()
const ISSUE = 12
const CONVERSATION = `/repos/${OWNER}/${REPO}/issues/${ISSUE}/comments`

/** `count` comments of people on the issue, a second apart from `from`. */
function chatter(world: World, count: number, from: number): void {
  for (let i = 0; i < count; i++) {
    const createdAt = new Date(from + i * 1000).toISOString()
    world.gh.addComment(OWNER, REPO, ISSUE, `A word ${i}.`, 'octocat', { createdAt })
  }
}

const conversationReads = (from: number): number =>
  world()
    .gh.calls.slice(from)
    .filter(c => c.method === 'GET' && c.path === CONVERSATION).length

const prompt = (attempt: number, inputs: Record<string, string> = {}): AgentRunSpec => ({
  eventName: 'workflow_dispatch',
  inputs: { prompt: 'Check the changelog', 'issue-number': String(ISSUE), ...inputs },
  env: { GITHUB_RUN_ATTEMPT: String(attempt) }
})

describe('a re-run of a workflow’s prompt', () => {
  it('on a thread of 3,000 comments: at most 3 reads when its comment is among the newest 100, and it re-attaches', async () => {
    world().svc.scriptJobs({ activePolls: 50, prLink: null })
    world().gh.addIssue(OWNER, REPO, { number: ISSUE })
    chatter(world(), 2_950, Date.parse('2024-01-01'))
    const first = await runAgent(
      world(),
      prompt(1, { 'max-wait-minutes': '0.05', 'fail-on-error': 'false' })
    )
    expect(first.outputs.status).toBe('timed-out')
    chatter(world(), 49, Date.parse('2024-03-01'))
    expect(world().gh.comments(OWNER, REPO, ISSUE)).toHaveLength(3_000)

    const before = world().gh.calls.length
    const rerun = await runAgent(world(), prompt(2))
    expect(rerun.outputs['job-id']).toBe(first.outputs['job-id'])
    expect(world().creates()).toHaveLength(1)
    // Page 1 (for the `last` relation), then the newest page or two.
    expect(conversationReads(before)).toBeLessThanOrEqual(3)
    const ours = world()
      .botComments(ISSUE)
      .filter(c => markerOf(c.body)?.kind === 'tracking')
    expect(ours).toHaveLength(1)
  })
})
