/**
 * The deploy action over the emulator's platform endpoints and the GitHub fake: previews and
 * production deployments triggered, followed to their end, and reported in one comment per pull
 * request, project and branch.
 */
import { describe, expect, it } from '@jest/globals'
import { readFinalMarker } from '../src/job/markers.js'
import { deployComments, previewSpec, runDeploy, statusReads, triggers } from './helpers/deploy.js'
import { addThread, useWorld } from './helpers/world.js'

const world = useWorld()

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
    expect(comment.body).toContain('✅ The preview of `docs/new-guide` is ready: [https:')
    expect(comment.body).toContain('(https://acme-docs-new-guide.mintlify.app/)')
    expect(comment.body).toContain('**Files changed:** 1 added, 2 modified, 0 removed')
    expect(comment.body).toContain('`0123456` Update the quickstart by Octo Cat')
    expect(comment.body).toContain('![light](https://screenshots.mintlify.test/status_1-light.png)')
    expect(readFinalMarker(comment.body)).toMatchObject({
      kind: 'deploy',
      project: 'proj_test',
      branch: 'docs/new-guide',
      status: 'success'
    })
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
    expect(deployComments(world())[0].body).toContain('status id `status_2`')
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
    expect(comment.body).toContain('✅ The production deployment succeeded.')
    expect(readFinalMarker(comment.body)).toMatchObject({ kind: 'deploy', branch: ':production' })
    expect(statusReads(world()).length).toBeGreaterThanOrEqual(3)
  })
})
