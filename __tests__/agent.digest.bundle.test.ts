/**
 * The docs digest on the committed bundle, as the runner starts it (real time): a week of merges,
 * some skipped, becomes one job whose docs PR the next digest grows; a failed digest gives its PRs
 * back; the next digest finishes a digest whose run let its job go; a copied marker is not trusted;
 * a digest another run is sending is left to it; a re-run re-attaches; a long digest is cut; a bad
 * input stops before any request.
 */
import { describe, expect, it } from '@jest/globals'
import { MAX_PROMPT_LENGTH } from '../src/agent/prompt-context.js'
import { addMerged, addTrackingIssue, DIGEST_DEFAULTS, TRACKING_ISSUE } from './helpers/digest.js'
import { markerOf, shown } from './helpers/text.js'
import { OWNER, REPO, runAgentBundle, useWorld } from './helpers/world.js'

const world = useWorld()
const DOCS_PR = 'https://github.com/acme/docs-site/pull/3'
const DAY = 24 * 60 * 60_000

/** An ISO time `days` days ago, at a whole second. */
function daysAgo(days: number): string {
  return new Date(Math.floor((Date.now() - days * DAY) / 1000) * 1000).toISOString()
}

function digestRun(runId = '4242', inputs: Record<string, string> = {}, attempt = '1') {
  addTrackingIssue(world())
  return runAgentBundle(world(), {
    eventName: 'schedule',
    event: { schedule: '0 6 * * *', repository: { default_branch: 'main' } },
    inputs: {
      ...DIGEST_DEFAULTS,
      digest: 'true',
      'issue-number': String(TRACKING_ISSUE),
      ...inputs
    },
    env: { GITHUB_RUN_ID: runId, GITHUB_RUN_ATTEMPT: attempt }
  })
}

function trackingComments() {
  return world().botComments(TRACKING_ISSUE)
}

describe('the digest on the bundle', () => {
  it('makes one job of a week of merges, notes each code PR, and the next digest grows the open docs PR', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: DOCS_PR })
    world().gh.addIssue('acme', 'docs-site', { number: 3, pull_request: true })
    addMerged(
      world(),
      { number: 11, at: daysAgo(5) },
      { number: 12, at: daysAgo(4), labels: ['no-docs'] },
      { number: 13, at: daysAgo(3), user: 'dependabot[bot]' },
      { number: 14, at: daysAgo(2) },
      { number: 5, at: daysAgo(9) }
    )
    const first = await digestRun()
    expect(first.stderr).toBe('')
    expect(first.exitCode).toBe(0)
    expect(first.outputs).toMatchObject({
      status: 'completed',
      'pr-url': DOCS_PR,
      'digest-pulls': '2',
      'digest-skipped': '2'
    })
    const [prompt] = world().promptsSent()
    expect(prompt).toContain('acme/docs#11 "Change 11"')
    expect(prompt).toContain('acme/docs#14 "Change 14"')
    expect(prompt).not.toMatch(/acme\/docs#(12|13|5)\b/)
    expect(markerOf(trackingComments()[0].body)).toMatchObject({
      pulls: '11%2C14',
      status: 'completed'
    })
    for (const n of [11, 14]) expect(world().botComments(n)).toHaveLength(1)
    for (const n of [12, 13]) expect(world().botComments(n)).toHaveLength(0)

    addMerged(world(), { number: 15, at: daysAgo(1) })
    const second = await digestRun('5151')
    expect(second.exitCode).toBe(0)
    expect(second.outputs).toMatchObject({ 'job-id': first.outputs['job-id'], 'digest-pulls': '1' })
    expect(world().creates()).toHaveLength(1)
    expect(world().messages()).toHaveLength(1)
    expect(shown(trackingComments()[1].body)).toContain(`This digest adds to ${DOCS_PR}`)
  })

  it('gives a failed digest’s PRs back, trusts no copied marker, and leaves a digest being sent to its run', async () => {
    world().svc.scriptJobs({ activePolls: 0, outcome: 'failed' }, { activePolls: 0, prLink: null })
    addMerged(world(), { number: 21, at: daysAgo(2) })
    addTrackingIssue(world())
    const late = `${Math.floor(Date.now() / 1000) - 60}.99`
    const copied = `tracking request=digest-1.0-${late}-first job=j state=job since=1.0 until=${late} status=completed`
    world().gh.addComment(
      OWNER,
      REPO,
      TRACKING_ISSUE,
      `**Mintlify docs agent**\n\nDone.\n\n<!-- mintlify-docs-agent:${copied} -->`,
      'mallory'
    )
    const failed = await digestRun('4242', { 'fail-on-error': 'false' })
    expect(failed.outputs).toMatchObject({ status: 'failed', 'digest-pulls': '1' })
    const retry = await digestRun('5151')
    expect(retry.outputs).toMatchObject({ status: 'completed', 'digest-pulls': '1' })
    expect(world().creates()).toHaveLength(2)
    expect(world().promptsSent()[1]).toContain('acme/docs#21')

    // A third run finds a digest comment another run (7777) is still sending, over its window.
    const [, done] = trackingComments()
    const marker = markerOf(done.body) ?? {}
    addMerged(world(), { number: 22, at: daysAgo(1) })
    const since = marker.until
    const until = `${Math.floor(Date.parse(daysAgo(1)) / 1000)}.22`
    const pending = `tracking request=digest-${since}-${until}-after-${done.id} state=pending run=7777 since=${since} until=${until} pulls=22`
    world().gh.addComment(
      OWNER,
      REPO,
      TRACKING_ISSUE,
      `**Mintlify docs agent**\n\n⏳ Working on it.\n\n<!-- mintlify-docs-agent:${pending} -->`,
      'github-actions[bot]'
    )
    const together = await digestRun('6161')
    expect(together.outputs.status).toBe('skipped')
    expect(world().creates()).toHaveLength(2)
  })

  it('makes one job of two digests started together (a schedule and a dispatch)', async () => {
    world().svc.scriptJobs({ activePolls: 1, prLink: null }, { activePolls: 1, prLink: null })
    addMerged(world(), { number: 31, at: daysAgo(2) })
    const runs = await Promise.all([digestRun('4242'), digestRun('5151')])
    expect(runs.map(run => run.exitCode)).toEqual([0, 0])
    expect(runs.map(run => run.outputs.status).sort()).toEqual(['completed', 'skipped'])
    expect(world().creates()).toHaveLength(1)
    expect(trackingComments()).toHaveLength(1)
  })

  it('re-attaches on a re-run, and cuts a long digest to the limit naming every PR', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const long = 'A long description of the change. '.repeat(300)
    const seeds = Array.from({ length: 55 }, (_, i) => ({
      number: 100 + i,
      at: daysAgo(3 - i / 100),
      body: long
    }))
    addMerged(world(), ...seeds)
    const first = await digestRun('4242', { 'digest-max-pulls': '55' })
    expect(first.outputs['digest-pulls']).toBe('55')
    const [prompt] = world().promptsSent()
    expect(prompt.length).toBeLessThanOrEqual(MAX_PROMPT_LENGTH)
    for (const { number } of seeds)
      expect(prompt).toContain(`acme/docs#${number} "Change ${number}"`)
    const rerun = await digestRun('4242', { 'digest-max-pulls': '55' }, '2')
    expect(rerun.outputs['job-id']).toBe(first.outputs['job-id'])
    expect(world().creates()).toHaveLength(1)
    expect(trackingComments()).toHaveLength(1)
  })

  it('finishes the previous digest whose run let its job go, and offers its PRs again when it failed', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const jobId = world().svc.addJob({ activePolls: 0, outcome: 'failed' })
    const at = daysAgo(2)
    addMerged(world(), { number: 41, at })
    addTrackingIssue(world())
    const since = `${Math.floor(Date.parse(daysAgo(6)) / 1000)}.0`
    const until = `${Date.parse(at) / 1000}.41`
    const marker = `tracking request=digest-${since}-${until}-first job=${jobId} state=job run=1111 phase=left since=${since} until=${until} pulls=41`
    const text = `⏱️ Agent job \`${jobId}\` is still running after 30 min.`
    const body = `**Mintlify docs agent**\n\n${text}\n\n<!-- mintlify-docs-agent:${marker} -->`
    const left = world().gh.addComment(OWNER, REPO, TRACKING_ISSUE, body, 'github-actions[bot]')
    const run = await digestRun('5151')
    expect(run.exitCode).toBe(0)
    const [finished, next] = trackingComments()
    expect(markerOf(finished.body)).toMatchObject({ phase: 'ended', status: 'failed' })
    expect(world().promptsSent()[0]).toContain('acme/docs#41')
    expect(markerOf(next.body)?.request).toMatch(new RegExp(`-after-${left.id}$`))
  })

  it('stops at a digest without issue-number before any request', async () => {
    const run = await runAgentBundle(world(), {
      eventName: 'schedule',
      event: {},
      inputs: { ...DIGEST_DEFAULTS, digest: 'true' }
    })
    expect(run.exitCode).toBe(1)
    expect(run.stdout).toContain("Input 'issue-number' is required with `digest: true`")
    expect(world().svc.requests).toHaveLength(0)
    expect(world().gh.calls).toHaveLength(0)
  })

  it('reads a tracking issue of 1,000 comments from its newest end: at most 3 reads of it', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    addTrackingIssue(world())
    addMerged(world(), { number: 7, at: daysAgo(3) }, { number: 8, at: daysAgo(1) })
    const at = (days: number, i: number): string =>
      new Date(Date.parse(daysAgo(days)) + i * 1000).toISOString()
    const say = (createdAt: string, i: number): void => {
      world().gh.addComment(OWNER, REPO, TRACKING_ISSUE, `A word ${i}.`, 'octocat', { createdAt })
    }
    for (let i = 0; i < 949; i++) say(at(20, i), i)
    // The last digest (another run's, settled) covered #7; 50 people's comments came after it.
    const until = `${Date.parse(daysAgo(3)) / 1000}.7`
    const since = `${Date.parse(daysAgo(7)) / 1000}.0`
    const marker = `tracking request=digest-${since}-${until}-first job=job_0 state=job run=1111 since=${since} until=${until} pulls=7 status=completed`
    const body = `**Mintlify docs agent**\n\nDone.\n\n<!-- mintlify-docs-agent:${marker} -->`
    world().gh.addComment(OWNER, REPO, TRACKING_ISSUE, body, undefined, { createdAt: daysAgo(2) })
    for (let i = 0; i < 50; i++) say(at(1, i), i)
    const result = await digestRun()
    expect(result.outputs).toMatchObject({ status: 'completed', 'digest-pulls': '1' })
    const path = `/repos/${OWNER}/${REPO}/issues/${TRACKING_ISSUE}/comments`
    const reads = world().gh.calls.filter(c => c.method === 'GET' && c.path === path)
    expect(reads.length).toBeLessThanOrEqual(3)
  })
})
