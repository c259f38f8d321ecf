/**
 * The committed bundles of a detached request and of the sweep, started as the runner starts them:
 * the detached run lets its runner go at once, and the sweep finishes its comment when the job ends.
 */
import { describe, expect, it } from '@jest/globals'
import { runBundle } from '../fakes/action-env.js'
import { serviceInputs } from '../fakes/inputs.js'
import { commentScenario, runAgentBundle, useWorld } from './helpers/world.js'
import { markerOf } from './helpers/text.js'
import { addMerged, addTrackingIssue, DIGEST_DEFAULTS, TRACKING_ISSUE } from './helpers/digest.js'

const world = useWorld()

describe('detach and the sweep, as the runner runs them', () => {
  it('a detached request holds the runner no more than 15 s beyond create and comment; the sweep bundle then finishes it', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const started = Date.now()
    const agent = await runAgentBundle(
      world(),
      commentScenario(world(), { inputs: { detach: 'true', wait: 'false' } })
    )
    const held = Date.now() - started
    expect(agent.exitCode).toBe(0)
    expect(agent.outputs.status).toBe('detached')
    expect(held).toBeLessThan(15_000)
    expect(markerOf(world().botComments()[0].body)).toMatchObject({ job: 'job_1', phase: 'left' })

    const sweep = await runBundle('dist/sweep/index.js', {
      eventName: 'schedule',
      inputs: { ...serviceInputs(world().svc), 'github-token': world().gh.token },
      env: { GITHUB_API_URL: world().gh.url }
    })
    expect(sweep.stderr).toBe('')
    expect(sweep.exitCode).toBe(0)
    expect(sweep.outputs).toEqual({ checked: '1', finished: '1', pending: '0' })
    expect(world().botComments()[0].body).toContain('without a pull request')
    expect(sweep.summary).toContain('| Thread | Job | Outcome | Comment | Pull request |')
  })

  it('a detached digest: the sweep bundle finishes its comment and posts the notes on its code PRs', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: 'https://github.com/acme/docs-site/pull/3' })
    addTrackingIssue(world())
    addMerged(world(), { number: 7, at: new Date(Date.now() - 86_400_000).toISOString() })
    const digest = await runAgentBundle(world(), {
      eventName: 'schedule',
      event: { repository: { default_branch: 'main' } },
      inputs: {
        ...DIGEST_DEFAULTS,
        digest: 'true',
        'issue-number': String(TRACKING_ISSUE),
        detach: 'true',
        wait: 'false'
      }
    })
    expect(digest.outputs).toMatchObject({ status: 'detached', 'digest-pulls': '1' })
    expect(world().botComments(7)).toHaveLength(0)

    const sweep = await runBundle('dist/sweep/index.js', {
      eventName: 'schedule',
      inputs: { ...serviceInputs(world().svc), 'github-token': world().gh.token },
      env: { GITHUB_API_URL: world().gh.url }
    })
    expect(sweep.outputs).toMatchObject({ finished: '1' })
    expect(markerOf(world().botComments(TRACKING_ISSUE)[0].body)).toMatchObject({
      status: 'completed',
      pulls: '7'
    })
    expect(world().botComments(7)).toHaveLength(1)
  })
})
