/**
 * The deploy action over the emulator's platform endpoints and the GitHub fake: previews and
 * production deployments triggered, followed to their end, and reported in one comment per pull
 * request, project and branch.
 */
import { describe, expect, it } from '@jest/globals'
import { readFinalMarker } from '../src/job/markers.js'
import {
  deployComments,
  PREVIEW_MARKER,
  previewSpec,
  PR_NUMBER,
  runDeploy,
  runDeployCancelledWhileFollowing,
  statusReads,
  triggers
} from './helpers/deploy.js'
import { addThread, useWorld } from './helpers/world.js'
import { serviceError } from '../fakes/service-emulator.js'
import { pushEvent } from '../fakes/webhooks.js'
import { commandLines } from './helpers/text.js'

const world = useWorld()

/** stdout without the `::add-mask::` lines, the one place a secret is given to the runner. */
function withoutMasks(stdout: string): string {
  return stdout
    .split('\n')
    .filter(line => !line.startsWith('::add-mask::'))
    .join('\n')
}

describe('a preview on a pull request', () => {
  it('opened: previews the head branch, follows it to success, and comments the URL', async () => {
    const result = await runDeploy(world(), previewSpec(world()))
    expect(result.exitCode).toBe(0)
    expect(triggers(world()).map(r => [r.path, r.body])).toEqual([
      ['/v1/project/preview/proj_test', { branch: 'docs/new-guide' }]
    ])
    expect(result.outputs).toMatchObject({
      'status-id': 'status_1',
      status: 'success',
      'preview-url': 'https://acme-docs-new-guide.mintlify.app',
      subdomain: 'acme',
      'commit-sha': '0123456789abcdef0123456789abcdef01234567'
    })
    const [comment] = deployComments(world())
    expect(result.outputs['comment-id']).toBe(String(comment.id))
    expect(comment.body).toContain(
      '✅ The preview of `docs/new-guide` is ready: [acme-docs-new-guide.mintlify.app](https://acme-docs-new-guide.mintlify.app/)'
    )
    expect(comment.body).toContain('**Files changed:** 1 added, 2 modified, 0 removed')
    expect(comment.body).toContain('`0123456` Update the quickstart by Octo Cat')
    expect(comment.body).toContain('![light](https://screenshots.mintlify.test/status_1-light.png)')
    expect(readFinalMarker(comment.body)).toMatchObject(PREVIEW_MARKER)
    expect(result.summary).toContain('## Mintlify deployment')
    expect(result.summary).toContain('**Duration:**')
  })

  it('synchronize after opened: the second run edits the same comment, never a second one', async () => {
    const first = await runDeploy(world(), previewSpec(world()))
    const second = await runDeploy(world(), previewSpec(world(), { action: 'synchronize' }))
    expect(second.exitCode).toBe(0)
    expect(deployComments(world())).toHaveLength(1)
    expect(second.outputs['comment-id']).toBe(first.outputs['comment-id'])
    expect(second.outputs['status-id']).toBe('status_2')
    expect(deployComments(world())[0].body).toContain('Status id `status_2`')
  })
})

describe('whose comment is edited', () => {
  it('a comment of someone else carrying the same marker is never edited; ours is written beside it', async () => {
    const spec = previewSpec(world())
    const copied =
      '**Mintlify deployment**\n\nfake\n\n<!-- mintlify-docs-agent:deploy project=proj_test branch=docs%2Fnew-guide -->'
    world().gh.addComment('acme', 'docs', PR_NUMBER, copied, 'mallory')
    const result = await runDeploy(world(), spec)
    expect(result.exitCode).toBe(0)
    const all = world().gh.comments('acme', 'docs', PR_NUMBER)
    expect(all.find(c => c.user.login === 'mallory')?.body).toBe(copied)
    expect(deployComments(world())).toHaveLength(1)
    expect(world().callList(call => call.startsWith('PATCH'))).toEqual([
      `PATCH /repos/acme/docs/issues/comments/${deployComments(world())[0].id}`
    ])
  })

  it('a preview of another branch gets a comment of its own', async () => {
    await runDeploy(world(), previewSpec(world()))
    await runDeploy(world(), previewSpec(world(), { action: 'synchronize', branch: 'docs/other' }))
    expect(deployComments(world())).toHaveLength(2)
  })
})

describe('production', () => {
  it('on dispatch: deploys the deployment branch (no body) and reports to issue-number', async () => {
    addThread(world(), { number: 3 })
    const result = await runDeploy(world(), { inputs: { 'issue-number': '3' } })
    expect(result.exitCode).toBe(0)
    const [trigger] = triggers(world())
    expect(trigger.path).toBe('/v1/project/update/proj_test')
    expect(trigger.rawBody).toBe('')
    expect(result.outputs.status).toBe('success')
    expect(result.outputs['preview-url']).toBe('')
    const [comment] = deployComments(world(), 3)
    expect(comment.body).toContain('✅ The production deployment of `main` succeeded.')
    expect(readFinalMarker(comment.body)).toMatchObject({ kind: 'deploy', branch: ':production' })
    expect(statusReads(world()).length).toBeGreaterThanOrEqual(3)
  })

  it('auto on a push to the default branch: production; to another branch: a preview of that branch', async () => {
    addThread(world(), { number: 3 })
    const inputs = { 'issue-number': '3' }
    const toMain = await runDeploy(world(), { inputs, eventName: 'push', event: pushEvent({}) })
    expect(toMain.outputs.status).toBe('success')
    const toBranch = await runDeploy(world(), {
      inputs,
      eventName: 'push',
      event: pushEvent({ ref: 'refs/heads/docs/draft' })
    })
    expect(toBranch.exitCode).toBe(0)
    expect(triggers(world()).map(r => [r.path, r.body])).toEqual([
      ['/v1/project/update/proj_test', undefined],
      ['/v1/project/preview/proj_test', { branch: 'docs/draft' }]
    ])
    expect(toBranch.outputs['preview-url']).toBe('https://acme-docs-draft.mintlify.app')
    expect(deployComments(world(), 3).map(c => c.body.split('\n')[2])).toEqual([
      '✅ The production deployment of `main` succeeded.',
      '✅ The preview of `docs/draft` is ready: [acme-docs-draft.mintlify.app](https://acme-docs-draft.mintlify.app/)'
    ])
  })
})

describe('the end of a deployment', () => {
  it('a failure: the summary and the last 30 log lines in a fence no line can close, inert, exit 1', async () => {
    const logs = [
      ...Array.from({ length: 40 }, (_, i) => `step ${i + 1}`),
      '```',
      '```` </details> @octocat #12',
      `key ${world().svc.apiKey} leaked`
    ]
    world().svc.platform.script({
      outcome: 'failure',
      logs,
      summary: 'Broken link in @octocat/docs'
    })
    const result = await runDeploy(world(), previewSpec(world()))
    expect(result.exitCode).toBe(1)
    expect(result.outputs.status).toBe('failure')
    const [comment] = deployComments(world())
    expect(comment.body).toContain('❌ A preview of `docs/new-guide` failed')
    expect(comment.body).toContain(
      '**Summary:** Broken link in @\u200Boctocat/docs'.replace('\\u200B', '\u200B')
    )
    expect(comment.body).toContain('<details><summary>The last 30 log lines</summary>')
    expect(comment.body).toContain('\n`````text\nstep 14\n')
    expect(comment.body).not.toContain('step 13\n')
    expect(comment.body).toContain('\n`````\n\n</details>')
    for (const text of [comment.body, result.summary, withoutMasks(result.stdout)]) {
      expect(text).not.toContain(world().svc.apiKey)
    }
    expect(comment.body).toContain('key *** leaked')
  })

  it('wait: false: reports queued with the status id and the preview URL, and reads no status', async () => {
    const result = await runDeploy(world(), { ...previewSpec(world()), inputs: { wait: 'false' } })
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({ status: 'queued', 'status-id': 'status_1' })
    expect(statusReads(world())).toHaveLength(0)
    const [comment] = deployComments(world())
    expect(comment.body).toContain(
      '⏳ Building a preview of `docs/new-guide`… (status id `status_1`)'
    )
    expect(comment.body).toContain('https://acme-docs-new-guide.mintlify.app')
  })

  it('timed-out: still building at max-wait-minutes, said with the status id, exit 1', async () => {
    world().svc.platform.script({ buildMs: 60 * 60_000 })
    const result = await runDeploy(world(), {
      ...previewSpec(world()),
      inputs: { 'max-wait-minutes': '1' }
    })
    expect(result.exitCode).toBe(1)
    expect(result.outputs.status).toBe('timed-out')
    expect(deployComments(world())[0].body).toContain(
      '⏱ A preview of `docs/new-guide` was still building after 1 minute (status id `status_1`)'
    )
  })

  it('an unknown status is followed like in_progress, with one warning', async () => {
    world().svc.platform.script({ rawStatus: 'paused', inProgressPolls: 3 })
    world().expectedViolations.push(/status must be equal to one of the allowed values/)
    const result = await runDeploy(world(), previewSpec(world()))
    expect(result.outputs.status).toBe('success')
    expect(commandLines(result.stdout, 'warning', 'unknown status "paused"')).toHaveLength(1)
  })
})

describe('refusals and limits', () => {
  it('a 503 on the trigger is retried (a trigger is idempotent in effect), at most 3 attempts', async () => {
    world().svc.inject({ method: 'POST', path: /\/preview\//, times: 1, fault: { status: 503 } })
    const ok = await runDeploy(world(), previewSpec(world()))
    expect(ok.outputs.status).toBe('success')
    expect(triggers(world())).toHaveLength(2)

    world().svc.inject({ method: 'POST', path: /\/preview\//, times: 5, fault: { status: 503 } })
    const failed = await runDeploy(world(), previewSpec(world()))
    expect(failed.exitCode).toBe(1)
    expect(failed.outputs.status).toBe('')
    expect(triggers(world())).toHaveLength(2 + 3)
  })

  it('429s do not use up the attempts: 429, 429, 503, then success is retried', async () => {
    const limited = { ...serviceError(429, 'Too many requests'), headers: { 'retry-after': '1' } }
    world().svc.inject({ method: 'POST', path: /\/preview\//, times: 2, fault: limited })
    world().svc.inject({ method: 'POST', path: /\/preview\//, times: 1, fault: { status: 503 } })
    const result = await runDeploy(world(), previewSpec(world()))
    expect(result.outputs.status).toBe('success')
    expect(triggers(world())).toHaveLength(4)
  })

  it('a 429 with Retry-After is waited out, then the preview is triggered', async () => {
    world().svc.inject({
      method: 'POST',
      path: /\/preview\//,
      fault: { ...serviceError(429, 'Too many requests'), headers: { 'retry-after': '20' } }
    })
    const result = await runDeploy(world(), previewSpec(world()))
    expect(result.outputs.status).toBe('success')
    const [refused, accepted] = triggers(world())
    expect(accepted.at - refused.at).toBeGreaterThanOrEqual(20_000)
  })

  it('a 429 whose wait ends past max-wait-minutes: one clear error naming the rate limit, no wait', async () => {
    world().svc.inject({
      method: 'POST',
      path: /\/preview\//,
      fault: { ...serviceError(429, 'Too many requests'), headers: { 'retry-after': '600' } }
    })
    const result = await runDeploy(world(), {
      ...previewSpec(world()),
      inputs: { 'max-wait-minutes': '2' }
    })
    expect(result.exitCode).toBe(1)
    expect(result.outputs.status).toBe('')
    expect(triggers(world())).toHaveLength(1)
    expect(deployComments(world())[0].body).toContain(
      "Mintlify's rate limit for preview deployments: 5 requests a minute per organization was reached"
    )
  })

  it("the sixth preview in a minute gets the emulator's 429 and waits for the window", async () => {
    for (let i = 0; i < 6; i++) {
      const result = await runDeploy(world(), {
        inputs: { deployment: 'preview', branch: `b${i}`, comment: 'false', wait: 'false' }
      })
      expect(result.outputs.status).toBe('queued')
    }
    expect(triggers(world())).toHaveLength(7)
  })

  it('a 403 on a preview says that previews need a Pro or Enterprise plan', async () => {
    world().svc.platform.previewsAvailable = false
    const result = await runDeploy(world(), previewSpec(world()))
    expect(result.exitCode).toBe(1)
    const body = deployComments(world())[0].body
    expect(body).toContain('preview deployments need a Pro or Enterprise plan')
    expect(body).toContain('`Preview deployments are not available on your current plan.`')
  })

  it('a 403 on the status read after a preview was triggered: the key is named, not the plan', async () => {
    world().svc.inject({ method: 'GET', path: /\/update-status\//, fault: { status: 403 } })
    const result = await runDeploy(world(), previewSpec(world()))
    expect(result.exitCode).toBe(1)
    expect(result.outputs['status-id']).toBe('status_1')
    const body = deployComments(world())[0].body
    expect(body).toContain('Could not follow a preview')
    expect(body).toContain('The API key was refused for this request')
    expect(body).not.toContain('Pro or Enterprise plan')
  })

  it('a 401: the key is named as the problem, never shown', async () => {
    const result = await runDeploy(world(), {
      inputs: { 'api-key': 'mint_wrong_key_123456' }
    })
    expect(result.exitCode).toBe(1)
    expect(result.stdout).toContain('The API key is invalid or expired')
    expect(withoutMasks(result.stdout) + result.summary).not.toContain('mint_wrong_key_123456')
  })

  it("a 400 shows the service's error, quoted inertly", async () => {
    world().svc.inject({
      method: 'POST',
      path: /\/update\//,
      fault: serviceError(400, 'Bad <b>thing</b> @octocat')
    })
    const result = await runDeploy(world(), {})
    expect(result.exitCode).toBe(1)
    expect(result.summary).toContain(
      'The service refused the request (HTTP 400). The service said: `Bad <b>thing</b> @octocat`'
    )
  })
})

describe('what is skipped, and bad input', () => {
  it('a closed pull request: skipped, nothing called, exit 0', async () => {
    const result = await runDeploy(world(), previewSpec(world(), { action: 'closed' }))
    expect(result.exitCode).toBe(0)
    expect(result.outputs.status).toBe('skipped')
    expect(world().svc.requests).toHaveLength(0)
    expect(world().gh.calls).toHaveLength(0)
  })

  it('a fork pull request without branch: skipped with the reason; with branch: previewed', async () => {
    const skipped = await runDeploy(world(), previewSpec(world(), { fork: true }))
    expect(skipped.outputs.status).toBe('skipped')
    expect(skipped.stdout).toContain('the pull request comes from a fork')
    expect(world().svc.requests).toHaveLength(0)

    const given = await runDeploy(world(), {
      ...previewSpec(world(), { fork: true }),
      inputs: { branch: 'docs/main-copy' }
    })
    expect(given.outputs.status).toBe('success')
    expect(triggers(world())[0].body).toEqual({ branch: 'docs/main-copy' })
  })

  it.each([
    [
      { deployment: 'staging' },
      "Input 'deployment' must be one of `auto`, `production`, `preview`"
    ],
    [
      { deployment: 'preview' },
      "Input 'branch' is required for a preview outside a pull-request event"
    ],
    [{ branch: 'bad branch' }, "Input 'branch' must be a branch name"],
    [{ branch: '-main' }, "Input 'branch' must be a branch name"],
    [
      { 'max-wait-minutes': '0' },
      "Input 'max-wait-minutes' must be a number of minutes greater than 0"
    ],
    [{ wait: 'yes' }, "Input 'wait' must be `true` or `false`"],
    [{ 'issue-number': 'x' }, "Input 'issue-number' must be an issue or pull-request number"]
  ])('bad input %j: one error naming the input, before any request', async (inputs, message) => {
    const result = await runDeploy(world(), { inputs })
    expect(result.exitCode).toBe(1)
    expect(result.stdout).toContain(message)
    expect(world().svc.requests).toHaveLength(0)
  })
})

describe('cancellation', () => {
  it('a cancel while following: the comment says cancelled and that a newer run may supersede it, exit 1', async () => {
    world().svc.platform.script({ queuedPolls: 1_000 })
    const result = await runDeployCancelledWhileFollowing(world())
    expect(result.exitCode).toBe(1)
    expect(result.outputs.status).toBe('cancelled')
    const reads = statusReads(world()).length
    expect(deployComments(world())[0].body).toContain(
      '🚫 This run was cancelled while following a preview of `docs/new-guide` (status id `status_1`); a newer run may have superseded it'
    )
    expect(statusReads(world())).toHaveLength(reads)
  })

  it('a cancel while the comment is being opened: status cancelled, the summary says so, exit 1, nothing triggered', async () => {
    const spec = previewSpec(world())
    world().gh.inject({ method: 'GET', path: /\/comments$/, fault: { kind: 'hang' } })
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 200)
    const result = await runDeploy(world(), spec, { realTime: true, signal: controller.signal })
    expect(result.exitCode).toBe(1)
    expect(result.outputs.status).toBe('cancelled')
    expect(result.summary).toContain('🚫 This run was cancelled')
    expect(triggers(world())).toHaveLength(0)
  })
})
