/**
 * The committed deploy bundle (dist/deploy/index.js), started as the runner starts it, against the
 * emulator's platform endpoints and the GitHub fake: a preview and its edit on the next push, a
 * failure with its logs and the key never shown, skips, bad input, and the runner's cancel.
 */
import { describe, expect, it } from '@jest/globals'
import { readFinalMarker } from '../src/job/markers.js'
import {
  deployComments,
  PREVIEW_MARKER,
  previewSpec,
  runDeployBundle,
  statusReads,
  triggers
} from './helpers/deploy.js'
import { runBundle } from '../fakes/action-env.js'
import { serviceInputs } from '../fakes/inputs.js'
import { serviceError } from '../fakes/service-emulator.js'
import { commandLines } from './helpers/text.js'
import { useWorld } from './helpers/world.js'

const world = useWorld()
/** A deployment that ends on its first status read. */
const QUICK = { queuedPolls: 0, inProgressPolls: 0 }

describe('the deploy bundle, as the runner runs it', () => {
  it('a preview on opened, then on synchronize: one comment, edited', async () => {
    world().svc.platform.script(QUICK, QUICK)
    const first = await runDeployBundle(world(), previewSpec(world()))
    expect(first.stderr).toBe('')
    expect(first.exitCode).toBe(0)
    expect(first.outputs).toMatchObject({
      status: 'success',
      'status-id': 'status_1',
      'preview-url': 'https://acme-docs-new-guide.mintlify.app'
    })
    const second = await runDeployBundle(world(), previewSpec(world(), { action: 'synchronize' }))
    expect(second.outputs['comment-id']).toBe(first.outputs['comment-id'])
    const comments = deployComments(world())
    expect(comments).toHaveLength(1)
    expect(readFinalMarker(comments[0].body)).toMatchObject({
      kind: 'deploy',
      branch: 'docs/new-guide'
    })
    expect(comments[0].body).toContain('Status id `status_2`')
  }, 20_000)

  it('a failure: the logs in the comment, the key masked everywhere, exit 1', async () => {
    const key = world().svc.apiKey
    world().svc.platform.script({ ...QUICK, outcome: 'failure', logs: ['boom', `with ${key}`] })
    const run = await runDeployBundle(world(), previewSpec(world()))
    expect(run.exitCode).toBe(1)
    expect(run.outputs.status).toBe('failure')
    const [comment] = deployComments(world())
    expect(comment.body).toContain('```text\nboom\nwith ***\n```')
    const logged = run.stdout.replace(/^::add-mask::.*$/gm, '')
    for (const text of [comment.body, run.summary, logged]) expect(text).not.toContain(key)
  })

  it('a closed PR and a fork PR: skipped, nothing called, exit 0', async () => {
    for (const event of [{ action: 'closed' }, { fork: true }]) {
      const run = await runDeployBundle(world(), previewSpec(world(), event))
      expect(run.exitCode).toBe(0)
      expect(run.outputs.status).toBe('skipped')
    }
    expect(world().svc.requests).toHaveLength(0)
    expect(world().gh.calls).toHaveLength(0)
  })

  it('bad input: one error naming the input, before any request', async () => {
    const run = await runDeployBundle(world(), { inputs: { deployment: 'staging' } })
    expect(run.exitCode).toBe(1)
    expect(commandLines(run.stdout, 'error')).toEqual([
      '::error::Input \'deployment\' must be one of `auto`, `production`, `preview`; got "staging".'
    ])
    expect(world().svc.requests).toHaveLength(0)
  })

  it('SIGINT while following: the comment says cancelled, no further reads, exit non-zero', async () => {
    world().svc.platform.script({ queuedPolls: 10_000 })
    let signalled = false
    const spec = previewSpec(world())
    const run = await runBundleWithSignal(
      spec,
      () => signalled,
      () => (signalled = true)
    )
    expect(signalled).toBe(true)
    expect(run.exitCode).not.toBe(0)
    expect(run.outputs.status).toBe('cancelled')
    expect(deployComments(world())[0].body).toContain('🚫 This run was cancelled')
    const reads = statusReads(world()).length
    await new Promise(resolve => setTimeout(resolve, 1_200))
    expect(statusReads(world())).toHaveLength(reads)
  }, 20_000)
})

function runBundleWithSignal(
  spec: ReturnType<typeof previewSpec>,
  sent: () => boolean,
  send: () => void
): ReturnType<typeof runDeployBundle> {
  return runDeployBundle(world(), spec, {
    onStdout: (text, child) => {
      if (!sent() && text.includes('::debug::Deployment status_1: queued')) {
        send()
        child.kill('SIGINT')
      }
    }
  })
}

describe('the deploy bundle: production, limits and refusals', () => {
  const preview = /\/preview\//

  it('production on dispatch with wait: false: queued with the status id, no status read', async () => {
    const run = await runDeployBundle(world(), { inputs: { wait: 'false', comment: 'false' } })
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({ status: 'queued', 'status-id': 'status_1' })
    expect(triggers(world()).map(r => r.path)).toEqual(['/v1/project/update/proj_test'])
    expect(statusReads(world())).toHaveLength(0)
  })

  it('a 503 on the trigger is retried; a 429 with Retry-After is waited out', async () => {
    world().svc.platform.script(QUICK)
    world().svc.inject({ method: 'POST', path: preview, fault: { status: 503 } })
    world().svc.inject({
      method: 'POST',
      path: preview,
      fault: { ...serviceError(429, 'Too many requests'), headers: { 'retry-after': '1' } }
    })
    const run = await runDeployBundle(world(), previewSpec(world()))
    expect(run.outputs.status).toBe('success')
    expect(triggers(world())).toHaveLength(3)
  }, 20_000)

  it('a 429 past max-wait-minutes, and the 403 of a plan without previews: one clear error each', async () => {
    world().svc.inject({
      method: 'POST',
      path: preview,
      fault: { ...serviceError(429, 'Too many requests'), headers: { 'retry-after': '600' } }
    })
    const limited = await runDeployBundle(world(), {
      ...previewSpec(world()),
      inputs: { 'max-wait-minutes': '2' }
    })
    expect(limited.exitCode).toBe(1)
    expect(commandLines(limited.stdout, 'error')[0]).toContain(
      "Mintlify's rate limit for preview deployments"
    )
    world().svc.platform.previewsAvailable = false
    const refused = await runDeployBundle(world(), previewSpec(world()))
    expect(refused.exitCode).toBe(1)
    expect(refused.outputs.status).toBe('')
    expect(commandLines(refused.stdout, 'error')[0]).toContain('need a Pro or Enterprise plan')
  })

  it('timed-out: still building at max-wait-minutes, exit 1, the status id in the comment', async () => {
    world().svc.platform.script({ queuedPolls: 10_000 })
    const run = await runDeployBundle(world(), {
      ...previewSpec(world()),
      inputs: { 'max-wait-minutes': '0.05' }
    })
    expect(run.exitCode).toBe(1)
    expect(run.outputs.status).toBe('timed-out')
    const body = deployComments(world())[0].body
    expect(body).toContain('still building after 3 seconds')
    expect(readFinalMarker(body)).toMatchObject({ update: 'status_1', run: '4242' })
  }, 20_000)

  it('a preview left building (wait: false): the sweep bundle, once the run is over, finishes it', async () => {
    world().svc.platform.script(QUICK)
    const run = await runDeployBundle(world(), {
      ...previewSpec(world()),
      inputs: { wait: 'false' }
    })
    expect(run.outputs.status).toBe('queued')
    world().gh.setRun('acme', 'docs', 4242, 'completed')
    const sweep = await runBundle('dist/sweep/index.js', {
      eventName: 'schedule',
      inputs: { ...serviceInputs(world().svc), 'github-token': world().gh.token },
      env: { GITHUB_API_URL: world().gh.url }
    })
    expect(sweep.stderr).toBe('')
    expect(sweep.outputs).toEqual({ checked: '1', finished: '1', pending: '0' })
    const [comment] = deployComments(world())
    expect(comment.body).toContain('✅ The preview of `docs/new-guide` is ready')
    expect(readFinalMarker(comment.body)).toEqual(PREVIEW_MARKER)
    expect(sweep.summary).toContain('| deployment `status_1` | success |')
  }, 20_000)
})
