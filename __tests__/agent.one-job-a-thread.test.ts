/**
 * One job a thread, whatever workflow asks: a comment, a label and a merge on one issue or pull
 * request, from workflows that do not share a concurrency group. A request that finds another
 * request's claim (its tracking comment still `pending`, no job yet) re-reads that one comment, at
 * most 2 minutes, and continues the job it names with a follow-up; a claim that fails, or a wait that
 * ends, leaves a new job and a log line that says why. Over the GitHub fake and the service emulator,
 * in virtual time; the other run is played by editing its claim between this run's reads, and once
 * for real: a comment run of the committed bundle beside a label run in this process.
 */
import { describe, expect, it } from '@jest/globals'
import { readThreadState } from '../src/agent/thread-state.js'
import { WORKFLOW_BOT } from '../src/github/identity.js'
import { decideClaimWait } from '../src/agent/claim-rule.js'
import { lifeOfMarker } from '../src/job/life.js'
import { addMergedPull, mergedPullSpec } from './helpers/code-change.js'
import { LABEL_INPUTS, labelIssueSpec, runLabelIssue } from './helpers/labels.js'
import { markerOf, trackingMarker } from './helpers/text.js'
import { startHeldCommentRun } from './helpers/two-runs.js'
import { addEarlierComment, runAgent, useWorld, type World } from './helpers/world.js'

const world = useWorld()

/** The claim a comment run (another workflow, run 5555) wrote on issue #11 a moment ago. */
const COMMENT_CLAIM = 'tracking request=comment-9001 state=pending run=5555'
const CLAIM_PATH = (id: number): RegExp => new RegExp(`^/repos/acme/docs/issues/comments/${id}$`)

function addClaim(marker = COMMENT_CLAIM, number = 11): number {
  return addEarlierComment(world(), marker, { number, text: '⏳ Asking the Mintlify agent…' })
}

/** The claim's comment as the other run edits it: its marker replaced. */
function claimNow(w: World, id: number, marker: string, number = 11): void {
  const text = '⏳ Agent job `job_5` is running; this comment is updated when it ends.'
  w.gh.editComment(
    'acme',
    'docs',
    id,
    `**Mintlify docs agent**\n\n${text}\n\n<!-- mintlify-docs-agent:${marker} -->`
  )
  expect(w.gh.comments('acme', 'docs', number).some(c => c.id === id)).toBe(true)
}

/** The other run's next steps, one at each of this run's reads of the claim. */
function onClaimReads(id: number, steps: (() => void)[]): void {
  for (const step of steps) world().gh.interleave('GET', CLAIM_PATH(id), step)
}

const claimReads = (id: number): number =>
  world().callList(call => CLAIM_PATH(id).test(call.slice(4))).length

const messagePaths = (): string[] =>
  world()
    .messages()
    .map(m => m.path)

describe('a label run that finds a comment run’s claim', () => {
  it('waits, sees the job appear, and continues it with a follow-up: one job, one message', async () => {
    const jobId = world().svc.addJob({ id: 'job_5', activePolls: 0, prLink: null })
    const claim = addClaim()
    onClaimReads(claim, [
      () => undefined,
      () =>
        claimNow(
          world(),
          claim,
          `${COMMENT_CLAIM.replace('state=pending', 'state=job')} job=${jobId}`
        )
    ])
    const result = await runLabelIssue(world())
    expect(result.exitCode).toBe(0)
    expect(result.outputs['job-id']).toBe('job_5')
    expect(world().creates()).toHaveLength(0)
    expect(messagePaths()).toEqual(['/v2/agent/proj_test/job/job_5/message'])
    expect(claimReads(claim)).toBe(2)
    expect(result.stdout).toContain(
      'is starting its agent job right now; waiting up to 2 minutes for it'
    )
    expect(result.stdout).toContain("That request's agent job is job_5; this request continues it.")
    const own = world().botComments(11).at(-1)
    expect(markerOf(own?.body ?? '')).toEqual(
      trackingMarker({
        request: 'label-11-4242-2026-11-21T09:00:00Z',
        job: 'job_5',
        state: 'job',
        phase: 'ended',
        // label-remove is on: the marker names the label the sweep would take off.
        label: 'docs'
      })
    )
  })

  it('a claim that names no job within 2 minutes: a new job, and the log says why', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const claim = addClaim()
    const result = await runLabelIssue(world())
    expect(world().creates()).toHaveLength(1)
    expect(world().messages()).toHaveLength(0)
    expect(result.outputs['job-id']).toBe('job_1')
    expect(result.stdout).toContain("Starting a new agent job: the other request's claim (")
    expect(result.stdout).toContain('failed: it named no job within 2 minutes.')
    // Re-read less often as the wait goes on: a bounded number of reads, none after the 2 minutes.
    expect(claimReads(claim)).toBeGreaterThanOrEqual(10)
    expect(claimReads(claim)).toBeLessThanOrEqual(16)
  })

  it('a claim that turns unknown: a new job, and the log says why', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const claim = addClaim()
    onClaimReads(claim, [
      () => claimNow(world(), claim, COMMENT_CLAIM.replace('state=pending', 'state=unknown'))
    ])
    const result = await runLabelIssue(world())
    expect(world().creates()).toHaveLength(1)
    expect(world().messages()).toHaveLength(0)
    expect(claimReads(claim)).toBe(1)
    expect(result.stdout).toContain('its job may have been created, but nobody can name it.')
  })

  it('a claim whose comment is withdrawn: a new job, and the log says why', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const claim = addClaim()
    onClaimReads(claim, [() => world().gh.removeComment('acme', 'docs', claim)])
    const result = await runLabelIssue(world())
    expect(world().creates()).toHaveLength(1)
    expect(result.stdout).toContain('failed: its comment was deleted.')
  })

  it('a cancel during the wait ends the run cleanly: no job, no message, status cancelled', async () => {
    const claim = addClaim()
    const controller = new AbortController()
    onClaimReads(claim, [() => controller.abort()])
    const result = await runLabelIssue(world(), {}, { signal: controller.signal })
    expect(result.exitCode).toBe(1)
    expect(result.outputs.status).toBe('cancelled')
    expect(world().svc.requests).toHaveLength(0)
    // The label run wrote nothing: the thread holds only the other run's claim.
    expect(
      world()
        .botComments(11)
        .map(c => c.id)
    ).toEqual([claim])
  })
})

describe('what keeps its own rules', () => {
  it('two requests of the same key stay one request: the later delivery leaves it to the claim’s run', async () => {
    const claim = addClaim(
      'tracking request=label-11-4242-2026-11-21T09:00:00Z state=pending run=5555'
    )
    const result = await runLabelIssue(world())
    expect(result.outputs.status).toBe('skipped')
    expect(result.stdout).toContain('workflow run 5555 already handles this request')
    expect(claimReads(claim)).toBe(0)
    expect(world().svc.requests).toHaveLength(0)
  })

  it('with follow-up false: no wait, a new job as before', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const claim = addClaim()
    await runLabelIssue(world(), { inputs: { 'follow-up': 'false' } })
    expect(claimReads(claim)).toBe(0)
    expect(world().creates()).toHaveLength(1)
  })

  it('a claim older than the thread’s latest job is no claim in flight: a follow-up to that job', async () => {
    world().svc.addJob({ id: 'job_7', activePolls: 0, prLink: null })
    const claim = addClaim()
    addEarlierComment(world(), 'tracking request=issue-11 job=job_7 state=job phase=ended', {
      number: 11
    })
    await runLabelIssue(world())
    expect(claimReads(claim)).toBe(0)
    expect(messagePaths()).toEqual(['/v2/agent/proj_test/job/job_7/message'])
  })

  it('the merge of a pull request waits for its label’s claim too, and continues that job', async () => {
    const jobId = world().svc.addJob({ id: 'job_5', activePolls: 0, prLink: null })
    const pull = addMergedPull(world())
    const labelClaim = 'tracking request=label-12-4242-2026-11-21T09:00:00Z state=pending run=5555'
    const claim = addClaim(labelClaim, 12)
    onClaimReads(claim, [
      () =>
        claimNow(
          world(),
          claim,
          `${labelClaim.replace('state=pending', 'state=job')} job=${jobId}`,
          12
        )
    ])
    const merge = await runAgent(world(), { ...mergedPullSpec(pull), inputs: LABEL_INPUTS })
    expect(merge.outputs['job-id']).toBe('job_5')
    expect(world().creates()).toHaveLength(0)
    expect(messagePaths()).toEqual(['/v2/agent/proj_test/job/job_5/message'])
  })
})

describe('the rule, pure', () => {
  const facts = { followUp: true, jobIdGiven: false, origin: 'label' as const, now: 1_000_000 }
  const claimMarker = { kind: 'tracking' as const, request: 'comment-1', state: 'pending' as const }
  const claim = lifeOfMarker(claimMarker)

  it('waits for a thread-level request only; a digest, a workflow prompt, an opened issue never', () => {
    expect(decideClaimWait({ ...facts, claim }).kind).toBe('wait')
    expect(decideClaimWait({ ...facts, claim, origin: 'comment' }).kind).toBe('wait')
    for (const origin of ['digest', 'manual', 'issue'] as const) {
      expect(decideClaimWait({ ...facts, claim, origin }).kind).toBe('none')
    }
    // A push or a release reporting to `issue-number`: not its own pull request.
    expect(decideClaimWait({ ...facts, claim, origin: 'code-change' }).kind).toBe('none')
    expect(
      decideClaimWait({ ...facts, claim, origin: 'code-change', onPullRequest: true }).kind
    ).toBe('wait')
    expect(decideClaimWait({ ...facts, claim, jobIdGiven: true }).kind).toBe('none')
  })

  it('a claim past its run’s deadline and the one-minute margin is not waited for', () => {
    const at = (seconds: number) => lifeOfMarker({ ...claimMarker, deadline: String(seconds) })
    expect(decideClaimWait({ ...facts, claim: at(facts.now / 1000 - 59) }).kind).toBe('wait')
    const late = at(facts.now / 1000 - 61)
    expect(decideClaimWait({ ...facts, claim: late })).toEqual({
      kind: 'ignore',
      reason: 'the run that claimed it is past its deadline'
    })
  })

  it('readThreadState names the newest pending claim of another request, after the latest job only', () => {
    const identity = WORKFLOW_BOT
    const comment = (id: number, marker: string): Parameters<typeof readThreadState>[0][0] => ({
      id,
      body: `x\n\n<!-- mintlify-docs-agent:${marker} -->`,
      htmlUrl: `https://github.com/acme/docs/issues/7#issuecomment-${id}`,
      userLogin: 'github-actions[bot]',
      userType: 'Bot'
    })
    const keys = { key: 'label-7' }
    const pending = comment(2, 'tracking request=comment-1 state=pending run=1')
    const job = comment(3, 'tracking request=comment-2 job=job_1 state=job')
    expect(readThreadState([pending], keys, identity).pendingClaim?.comment.id).toBe(2)
    expect(readThreadState([pending, job], keys, identity).pendingClaim).toBeUndefined()
    expect(readThreadState([job, pending], keys, identity).pendingClaim?.comment.id).toBe(2)
    // A follow-up's claim names its job already: nothing to wait for.
    const followUp = comment(4, 'tracking request=comment-3 job=job_1 state=pending run=1')
    expect(readThreadState([job, followUp], keys, identity).pendingClaim).toBeUndefined()
    // This request's own claim is its own (the re-run protocol's), never another's.
    const own = comment(5, 'tracking request=label-7 state=pending run=1')
    expect(readThreadState([own], keys, identity).pendingClaim).toBeUndefined()
  })
})

describe('two real runs at once', () => {
  it('a comment run (the committed bundle) and a label run seconds apart: one job, one follow-up', async () => {
    // The comment run's create meets a rate limit: its claim stays pending for 3 s.
    const commentRun = await startHeldCommentRun(world())
    const labelRun = await runAgent(world(), labelIssueSpec(world()), { realTime: true })
    const comment = await commentRun.finished
    expect(comment.exitCode).toBe(0)
    expect(comment.outputs['job-id']).toBe('job_1')
    expect(labelRun.outputs['job-id']).toBe('job_1')
    expect(world().creates()).toHaveLength(2) // the refused create and its retry
    expect(world().svc.job('job_2')).toBeUndefined()
    expect(messagePaths()).toEqual(['/v2/agent/proj_test/job/job_1/message'])
  }, 60_000)
})
