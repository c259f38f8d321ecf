/**
 * Digests of automations over the fakes (`digest: true` with `automation`): the window becomes one
 * trigger, its notes name the automation and its run, nothing new or the previous digest's run still
 * active triggers nothing, and a job digest and an automation digest keep separate watermarks.
 */
import { describe, expect, it } from '@jest/globals'
import { AUTOMATION, useAutomationWorld } from './helpers/automation.js'
import {
  addMerged,
  addTrackingIssue,
  DIGEST_AT,
  digestComments,
  runDigest,
  TRACKING_ISSUE,
  type DigestRun
} from './helpers/digest.js'
import { markerOf, shown } from './helpers/text.js'
import { OWNER, REPO, runSweep } from './helpers/world.js'

const { world, triggers, failNextTrigger } = useAutomationWorld()
const DOCS_PR = 'https://github.com/acme/docs-site/pull/3'
const MINUTE = 60_000
const PR_7 = { number: 7, at: '2024-03-02T09:00:00Z' }
const PR_8 = { number: 8, at: '2024-03-03T09:00:00Z' }
const PR_9 = { number: 9, at: '2024-03-04T09:00:00Z' }
const DETACHED = { detach: 'true', wait: 'false' }

/** A digest of the automation, `minutes` after DIGEST_AT, as run `runId`. */
function runAutomationDigest(minutes = 0, run: DigestRun = {}) {
  const inputs = { automation: AUTOMATION, ...run.inputs }
  return runDigest(world(), { ...run, inputs }, { at: DIGEST_AT + minutes * MINUTE })
}

function notesOn(number: number): string[] {
  return world()
    .botComments(number)
    .map(c => shown(c.body))
}

describe('a digest of automations', () => {
  it('triggers once for the window, headed by the automation, and notes each PR with the run and its PR', async () => {
    world().svc.scriptJobs({ activePolls: 1, prLink: DOCS_PR })
    addMerged(world(), PR_7, PR_8, PR_9)
    const result = await runAutomationDigest()

    expect(triggers()).toHaveLength(1)
    expect(world().creates()).toHaveLength(0)
    expect(result.outputs).toMatchObject({
      status: 'completed',
      'digest-pulls': '3',
      'automation-run': 'run_1',
      'pr-url': DOCS_PR
    })
    const [comment] = digestComments(world())
    const marker = markerOf(comment.body)
    expect(marker).toMatchObject({
      automation: AUTOMATION,
      pulls: '7%2C8%2C9',
      status: 'completed'
    })
    expect(marker?.request).toMatch(new RegExp(`-first-automation-${AUTOMATION}$`))
    expect(shown(comment.body)).toContain(`Mintlify automation \`${AUTOMATION}\``)
    expect(shown(comment.body)).toContain('A digest of 3 pull requests merged into main')
    expect(result.summary).toContain(`### Mintlify automation \`${AUTOMATION}\``)
    for (const n of [7, 8, 9]) {
      expect(notesOn(n)).toEqual([
        expect.stringContaining(
          `[acme/docs-site#3](${DOCS_PR}): Mintlify automation \`${AUTOMATION}\` (run \`run_1\`)`
        )
      ])
    }
  })

  it('a run the job read does not show: triggered, and each note names the automation and its instanceId', async () => {
    world().svc.hideAutomationJobs = true
    addMerged(world(), PR_7, PR_8)
    const result = await runAutomationDigest()

    expect(result.outputs).toMatchObject({ status: 'triggered', 'automation-run': 'run_1' })
    expect(triggers()).toHaveLength(1)
    for (const n of [7, 8]) {
      expect(notesOn(n)).toEqual([
        expect.stringContaining(
          `Mintlify automation \`${AUTOMATION}\` (run \`run_1\`) was triggered`
        )
      ])
    }
    // Ended: the next digest triggers for what is new only.
    addMerged(world(), PR_9)
    const next = await runAutomationDigest(60, { runId: '5151' })
    expect(next.outputs).toMatchObject({ status: 'triggered', 'digest-pulls': '1' })
    expect(triggers()).toHaveLength(2)
    expect(notesOn(9)).toHaveLength(1)
    expect(notesOn(7)).toHaveLength(1)
  })

  it('nothing new: no trigger, skipped', async () => {
    addMerged(world(), { ...PR_7, labels: ['no-docs'] })
    const result = await runAutomationDigest()
    expect(result.outputs).toMatchObject({ status: 'skipped', 'digest-skipped': '1' })
    expect(world().svc.requests).toHaveLength(0)
    expect(digestComments(world())).toHaveLength(0)
  })

  it('the previous digest’s run still active: no trigger, skipped with why; its PRs go in the next digest after it ends', async () => {
    world().svc.scriptJobs({ activeForMs: 30 * MINUTE, prLink: DOCS_PR }, { activePolls: 0 })
    addMerged(world(), PR_7)
    const first = await runAutomationDigest(0, { inputs: DETACHED })
    expect(first.outputs.status).toBe('detached')
    addMerged(world(), PR_8)

    const busy = await runAutomationDigest(10, { runId: '5151' })
    expect(busy.outputs).toMatchObject({
      status: 'skipped',
      'digest-pulls': '0',
      'digest-waiting': '1'
    })
    expect(busy.summary).toContain(
      `Not triggered: the previous digest's run of Mintlify automation \`${AUTOMATION}\` has not ended`
    )
    expect(busy.summary).toContain('is still running')
    expect(triggers()).toHaveLength(1)
    expect(digestComments(world())).toHaveLength(1)
    const dry = await runAutomationDigest(10, { runId: '5252', inputs: { 'dry-run': 'true' } })
    expect(dry.outputs.status).toBe('skipped')
    expect(dry.summary).toContain("would skip: the previous digest's run of Mintlify automation")

    const after = await runAutomationDigest(60, { runId: '6161' })
    expect(after.outputs).toMatchObject({ status: 'completed', 'digest-pulls': '1' })
    expect(triggers()).toHaveLength(2)
    const [earlier, next] = digestComments(world())
    expect(markerOf(earlier.body)).toMatchObject({ phase: 'ended', status: 'completed' })
    expect(markerOf(next.body)).toMatchObject({ pulls: '8' })
    expect(notesOn(7)).toHaveLength(1)
    expect(notesOn(8)).toHaveLength(1)
  })

  it('a job digest and an automation digest in one tracking issue keep separate watermarks', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: DOCS_PR })
    world().gh.addIssue('acme', 'docs-site', { number: 3, pull_request: true })
    addMerged(world(), PR_7)
    const jobs = await runDigest(world())
    expect(jobs.outputs).toMatchObject({ status: 'completed', 'digest-pulls': '1' })

    // The job digest's open docs PR is not this digest's: a trigger, never a follow-up.
    const automated = await runAutomationDigest(10, { runId: '5151' })
    expect(automated.outputs).toMatchObject({ status: 'completed', 'digest-pulls': '1' })
    expect(triggers()).toHaveLength(1)
    expect(world().messages()).toHaveLength(0)

    addMerged(world(), PR_8)
    await runDigest(world(), { runId: '6161' }, { at: DIGEST_AT + 20 * MINUTE })
    const followUp = world().messages()[0].body as { prompt: string }
    expect(followUp.prompt).toContain('acme/docs#8')
    expect(followUp.prompt).not.toContain('acme/docs#7')
    expect(world().creates()).toHaveLength(1)
    expect(notesOn(7)).toHaveLength(2)
  })

  it('a refused trigger: the watermark does not move and no note; the next digest offers the PRs again', async () => {
    failNextTrigger({ status: 400 })
    addMerged(world(), PR_7)
    const refused = await runAutomationDigest()
    expect(refused.outputs.status).toBe('failed')
    expect(notesOn(7)).toHaveLength(0)

    world().svc.scriptJobs({ activePolls: 0, prLink: DOCS_PR })
    const again = await runAutomationDigest(60, { runId: '5151' })
    expect(again.outputs).toMatchObject({ status: 'completed', 'digest-pulls': '1' })
    expect(triggers()).toHaveLength(2)
    expect(notesOn(7)).toHaveLength(1)
  })

  it('a re-run triggers nothing new', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: DOCS_PR })
    addMerged(world(), PR_7)
    await runAutomationDigest()
    const rerun = await runAutomationDigest(5, { attempt: 2 })
    expect(rerun.outputs).toMatchObject({ status: 'completed', 'automation-run': 'run_1' })
    expect(triggers()).toHaveLength(1)
    expect(notesOn(7)).toHaveLength(1)
  })

  /** A claim of run 1111 on PR 7's window, `minutes` from DIGEST_AT to its deadline, of `automation`. */
  function claimOf(automation: string | undefined, minutes: number): void {
    addTrackingIssue(world())
    const since = `${Date.parse('2024-03-01') / 1000}.0`
    const until = `${Date.parse(PR_7.at) / 1000}.7`
    const trigger = automation ? ` automation=${automation}` : ''
    const deadline = Math.ceil((DIGEST_AT + minutes * MINUTE) / 1000)
    const marker = `tracking request=digest-${since}-${until}-first${trigger ? `-automation-${automation}` : ''} state=pending run=1111 deadline=${deadline} since=${since} until=${until} pulls=7${trigger}`
    const body = `⏳ Working on it\n\n<!-- mintlify-docs-agent:${marker} -->`
    world().gh.addComment(OWNER, REPO, TRACKING_ISSUE, body, 'github-actions[bot]')
  }

  it('another digest of this automation holds a live claim: no trigger, skipped with why', async () => {
    addMerged(world(), PR_7, PR_8)
    claimOf(AUTOMATION, 30)
    const busy = await runAutomationDigest()
    expect(busy.outputs.status).toBe('skipped')
    expect(busy.summary).toContain('run 1111 is triggering it')
    expect(triggers()).toHaveLength(0)
  })

  it('a job digest’s live claim is not this digest’s: it triggers for its own window', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: DOCS_PR })
    addMerged(world(), PR_7)
    claimOf(undefined, 30)
    const result = await runAutomationDigest()
    expect(result.outputs).toMatchObject({ status: 'completed', 'digest-pulls': '1' })
    expect(triggers()).toHaveLength(1)
  })

  it('the sweep finishes a detached digest whose run the job read does not show: triggered, with its notes', async () => {
    world().svc.hideAutomationJobs = true
    addMerged(world(), PR_7, PR_8)
    const first = await runAutomationDigest(0, { inputs: DETACHED })
    expect(first.outputs.status).toBe('detached')
    const sweep = await runSweep(world(), {}, { at: DIGEST_AT + 60 * MINUTE })
    expect(sweep.outputs.finished).toBe('1')
    const [comment] = digestComments(world())
    expect(markerOf(comment.body)).toMatchObject({ phase: 'ended', automation: AUTOMATION })
    for (const n of [7, 8]) expect(notesOn(n)).toEqual([expect.stringContaining('was triggered')])
  })
})
