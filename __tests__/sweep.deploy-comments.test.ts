/**
 * No deploy comment left "building": a deploy run that stops following a deployment still building
 * (timed out, cancelled) records its run, deadline and status id in the comment's marker; the sweep,
 * once that run is over, reads the deployment once and edits the comment into the report the deploy
 * action writes. A comment a newer push's run took over, a run still going, or a build still running
 * is left as it is. Over the emulator and the GitHub fake, in virtual time.
 */
import { describe, expect, it } from '@jest/globals'
import { readFinalMarker, type DeployMarker } from '../src/job/markers.js'
import {
  deployComments,
  previewSpec,
  PR_NUMBER,
  runDeploy,
  runDeployCancelledWhileFollowing,
  statusReads
} from './helpers/deploy.js'
import { addEarlierComment, addThread, runSweep, useWorld } from './helpers/world.js'

const world = useWorld()
const HOUR = 60 * 60_000
const LATER = (): number => Date.now() + HOUR
const PREVIEW_URL = 'https://acme-docs-new-guide.mintlify.app'
const TIMED_OUT =
  '⏱ A preview of `docs/new-guide` was still building after 1 minute (status id `status_1`)'
const READY = `✅ The preview of \`docs/new-guide\` is ready: [acme-docs-new-guide.mintlify.app](${PREVIEW_URL}/)`

/** Edits (PATCH) of issue comments made so far. */
const edits = (): number => world().gh.calls.filter(c => c.method === 'PATCH').length

/** A preview run of the next push that stops following after a minute; the build takes `buildMs`. */
async function timedOutPreview(buildMs = 20 * 60_000, action = 'opened'): Promise<void> {
  world().svc.platform.script({ buildMs })
  const result = await runDeploy(world(), {
    ...previewSpec(world(), { action }),
    inputs: { 'max-wait-minutes': '1' }
  })
  expect(result.outputs.status).toBe('timed-out')
}

/** The one deploy comment of #7: its body and the marker it ends with. */
function theComment(): { body: string; marker: DeployMarker } {
  const comments = deployComments(world())
  expect(comments).toHaveLength(1)
  const marker = readFinalMarker(comments[0].body)
  expect(marker?.kind).toBe('deploy')
  return { body: comments[0].body, marker: marker as DeployMarker }
}

describe('a preview that timed out while building', () => {
  it('the comment says still building, and its marker names the run, its deadline and the status id', async () => {
    const start = Date.now()
    await timedOutPreview()
    const { body, marker } = theComment()
    expect(body).toContain(TIMED_OUT)
    expect(marker).toMatchObject({
      kind: 'deploy',
      project: 'proj_test',
      branch: 'docs/new-guide',
      update: 'status_1',
      run: '4242',
      preview: PREVIEW_URL
    })
    const deadline = Number(marker.deadline) * 1000
    expect(deadline).toBeGreaterThanOrEqual(start + 60_000)
    expect(deadline).toBeLessThan(start + 5 * 60_000)
    // The old `status` field is never written: the status id is `update`.
    expect(body).not.toMatch(/ status=/)
  })

  it('the build then succeeds: the sweep edits the comment into the final report, once', async () => {
    await timedOutPreview()
    const sweep = await runSweep(world(), {}, { at: LATER() })
    expect(sweep.exitCode).toBe(0)
    expect(sweep.outputs).toEqual({ checked: '1', finished: '1', pending: '0' })
    expect(statusReads(world()).at(-1)?.path).toBe('/v1/project/update-status/status_1')
    const { body, marker } = theComment()
    expect(body.split('\n\n')[1]).toBe(READY)
    for (const part of [
      '**Subdomain:** `acme`',
      '**Commit:** `0123456` Update the quickstart by Octo Cat',
      '**Files changed:** 1 added, 2 modified, 0 removed',
      '**Duration:** ',
      '![light](https://screenshots.mintlify.test/status_1-light.png)',
      '<sub>Status id `status_1` · [workflow run](https://github.com/acme/docs/actions/runs/4242)</sub>'
    ]) {
      expect(body).toContain(part)
    }
    expect(body).not.toContain('still building')
    // The marker names only the place again: nothing is left for a sweep.
    expect(marker).toEqual({ kind: 'deploy', project: 'proj_test', branch: 'docs/new-guide' })
    expect(sweep.summary).toContain(
      `| acme/docs#\u200B${PR_NUMBER} | deployment \`status_1\` | success | [comment](${deployComments(world())[0].html_url}) | — |`
    )

    const reads = statusReads(world()).length
    const written = edits()
    const again = await runSweep(world(), {}, { at: LATER() + HOUR })
    expect(again.outputs).toEqual({ checked: '0', finished: '0', pending: '0' })
    expect(statusReads(world())).toHaveLength(reads)
    expect(edits()).toBe(written)
  })

  it('a production deployment reported to issue-number: finished with the production headline', async () => {
    addThread(world(), { number: 3 })
    world().svc.platform.script({ buildMs: 20 * 60_000 })
    const result = await runDeploy(world(), {
      inputs: { 'issue-number': '3', 'max-wait-minutes': '1' }
    })
    expect(result.outputs.status).toBe('timed-out')
    const sweep = await runSweep(world(), {}, { at: LATER() })
    expect(sweep.outputs.finished).toBe('1')
    const [comment] = deployComments(world(), 3)
    expect(comment.body.split('\n\n')[1]).toBe('✅ The production deployment of `main` succeeded.')
    expect(readFinalMarker(comment.body)).toEqual({
      kind: 'deploy',
      project: 'proj_test',
      branch: ':production'
    })
  })

  it('a failed build: the failure report with its last log lines, the key masked', async () => {
    const key = world().svc.apiKey
    world().svc.platform.script({
      buildMs: 20 * 60_000,
      outcome: 'failure',
      logs: ['boom', `with ${key}`]
    })
    const result = await runDeploy(world(), {
      ...previewSpec(world()),
      inputs: { 'max-wait-minutes': '1' }
    })
    expect(result.outputs.status).toBe('timed-out')
    const sweep = await runSweep(world(), {}, { at: LATER() })
    expect(sweep.outputs.finished).toBe('1')
    const { body } = theComment()
    expect(body).toContain('❌ A preview of `docs/new-guide` failed (status id `status_1`).')
    expect(body).toContain('```text\nboom\nwith ***\n```')
    expect(body).not.toContain(key)
  })

  it('the build still running when the sweep comes: one read, the comment left, pending', async () => {
    await timedOutPreview(3 * HOUR)
    const before = theComment().body
    const written = edits()
    const sweep = await runSweep(world(), {}, { at: LATER() })
    expect(sweep.outputs).toEqual({ checked: '1', finished: '0', pending: '1' })
    expect(sweep.summary).toContain(
      '| deployment `status_1` | still building \\(in\\_progress\\) |'
    )
    expect(theComment().body).toBe(before)
    expect(edits()).toBe(written)
    // Built by the next sweep after it ended.
    const later = await runSweep(world(), {}, { at: Date.now() + 4 * HOUR })
    expect(later.outputs.finished).toBe('1')
    expect(theComment().body.split('\n\n')[1]).toBe(READY)
  })
})

describe('what the sweep leaves to a run', () => {
  it('the run is still in progress (its status says so): no status read, no edit', async () => {
    await timedOutPreview()
    world().gh.setRun('acme', 'docs', 4242, 'in_progress')
    const reads = statusReads(world()).length
    const written = edits()
    const sweep = await runSweep(world(), {}, { at: LATER() })
    expect(sweep.outputs).toEqual({ checked: '0', finished: '0', pending: '1' })
    expect(sweep.summary).toContain('| deployment `status_1` | a run still follows it |')
    expect(statusReads(world())).toHaveLength(reads)
    expect(edits()).toBe(written)
  })

  it('a run over (status completed) before its deadline: finished without waiting for it', async () => {
    await timedOutPreview(90_000)
    world().gh.setRun('acme', 'docs', 4242, 'completed')
    const sweep = await runSweep(world(), {}, { at: Date.now() + 2 * 60_000 })
    expect(sweep.outputs.finished).toBe('1')
  })

  it('a newer push’s run took the comment over and finished it: the old status id is never read', async () => {
    await timedOutPreview()
    world().svc.platform.script({ queuedPolls: 0, inProgressPolls: 0 })
    await runDeploy(world(), previewSpec(world(), { action: 'synchronize' }))
    const { body, marker } = theComment()
    expect(body).toContain('Status id `status_2`')
    expect(marker.update).toBeUndefined()
    const written = edits()
    const reads = statusReads(world()).length
    const sweep = await runSweep(world(), {}, { at: LATER() })
    expect(sweep.outputs).toEqual({ checked: '0', finished: '0', pending: '0' })
    expect(statusReads(world())).toHaveLength(reads)
    expect(edits()).toBe(written)
  })

  it('a newer push’s run that timed out too: the sweep finishes that deployment, not the first', async () => {
    await timedOutPreview(3 * HOUR)
    await timedOutPreview(20 * 60_000, 'synchronize')
    expect(theComment().marker.update).toBe('status_2')
    const sweep = await runSweep(world(), {}, { at: LATER() })
    expect(sweep.outputs).toEqual({ checked: '1', finished: '1', pending: '0' })
    const swept = statusReads(world()).filter(r => r.at >= LATER() - 60_000)
    expect(swept.map(r => r.path)).toEqual(['/v1/project/update-status/status_2'])
    expect(theComment().body).toContain('Status id `status_2`')
  })

  it('one max-jobs for both kinds: tracking comments are read first, deploy comments get what is left', async () => {
    await timedOutPreview()
    world().svc.addJob({ id: 'job_7', activePolls: 0, prLink: null })
    addEarlierComment(world(), 'tracking request=comment-1 job=job_7 state=job phase=left', {
      number: 9
    })
    const reads = statusReads(world()).length
    const sweep = await runSweep(world(), { 'max-jobs': '1' }, { at: LATER() })
    expect(sweep.outputs).toEqual({ checked: '1', finished: '1', pending: '1' })
    expect(sweep.summary).toContain('| `job_7` | completed |')
    expect(sweep.summary).toContain(
      '| deployment `status_1` | left for the next sweep \\(max-jobs\\) |'
    )
    expect(statusReads(world())).toHaveLength(reads)
  })

  it('a deploy comment of someone else, or of another project, is never read or edited', async () => {
    addThread(world(), { number: 9, pull: true })
    const marker = (project: string): string =>
      `**Mintlify deployment**\n\n⏳ Building…\n\n<!-- mintlify-docs-agent:deploy project=${project} branch=b update=status_9 run=1 deadline=1 -->`
    world().gh.addComment('acme', 'docs', 9, marker('proj_test'), 'mallory')
    world().gh.addComment('acme', 'docs', 9, marker('proj_other'))
    const sweep = await runSweep(world(), {}, { at: LATER() })
    expect(sweep.outputs).toEqual({ checked: '0', finished: '0', pending: '0' })
    expect(statusReads(world())).toHaveLength(0)
    expect(edits()).toBe(0)
  })
})

describe('a run that writes the comment while it follows, or does not wait', () => {
  it('the building comment names the run (a runner that dies leaves it to the sweep); the end names none', async () => {
    const result = await runDeploy(world(), previewSpec(world()))
    expect(result.outputs.status).toBe('success')
    const markers = world()
      .sentBodies()
      .map(body => readFinalMarker(body))
    expect(markers[0]).toMatchObject({ update: 'status_1', run: '4242' })
    expect(markers.at(-1)).toEqual({
      kind: 'deploy',
      project: 'proj_test',
      branch: 'docs/new-guide'
    })
  })

  it('wait: false reports queued and names the run: once it is over, the sweep finishes the comment', async () => {
    world().svc.platform.script({ buildMs: 5 * 60_000 })
    await runDeploy(world(), { ...previewSpec(world()), inputs: { wait: 'false' } })
    expect(theComment().body).toContain('⏳ Building a preview of `docs/new-guide`…')
    expect(theComment().marker).toMatchObject({ update: 'status_1', run: '4242' })
    const sweep = await runSweep(world(), {}, { at: LATER() })
    expect(sweep.outputs).toEqual({ checked: '1', finished: '1', pending: '0' })
    expect(theComment().body.split('\n\n')[1]).toBe(READY)
  })

  it('a cancelled run’s comment records the status id, and the sweep finishes it', async () => {
    world().svc.platform.script({ buildMs: 20 * 60_000 })
    const result = await runDeployCancelledWhileFollowing(world())
    expect(result.outputs.status).toBe('cancelled')
    expect(theComment().body).toContain('🚫 This run was cancelled')
    expect(theComment().marker).toMatchObject({ update: 'status_1', run: '4242' })
    const sweep = await runSweep(world(), {}, { at: LATER() })
    expect(sweep.outputs.finished).toBe('1')
    expect(theComment().body.split('\n\n')[1]).toBe(READY)
  })
})
