/**
 * Whose comments are ours, with a personal access token: the action's comments are posted as a
 * person, and those (and only those) are its own.
 */
import { describe, expect, it } from '@jest/globals'
import { addEarlierComment, runComment, useWorld } from './helpers/world.js'

const DOCS_BOT = { login: 'docs-bot', type: 'User' as const }
const world = useWorld(undefined, {
  gh: { token: 'ghp_personal_token_0123456789', postsAs: DOCS_BOT }
})

describe('a personal access token (comments posted as a person)', () => {
  it('learns who it posts as from GET /user, once a run', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    await runComment(world())
    expect(world().callList(c => c === 'GET /user')).toEqual(['GET /user'])
    expect(world().callList(c => c.includes('graphql'))).toEqual([])
    expect(world().gh.comments('acme', 'docs', 7).at(-1)?.user.login).toBe('docs-bot')
  })

  it('a re-run trusts the comment that person wrote and re-attaches: no second job', async () => {
    world().svc.scriptJobs({ activePolls: 3, prLink: null })
    await runComment(world(), { inputs: { 'max-wait-minutes': '0.02' } })
    expect(world().creates()).toHaveLength(1)
    const second = await runComment(world(), { attempt: 2 })
    expect(world().creates()).toHaveLength(1)
    expect(second.outputs).toMatchObject({ 'job-id': 'job_1', status: 'completed' })
    expect(
      world()
        .gh.comments('acme', 'docs', 7)
        .filter(c => c.user.login === 'docs-bot')
    ).toHaveLength(1)
  })

  it('a bot’s comment carrying a marker is not ours under a personal token either', async () => {
    addEarlierComment(world(), 'tracking request=comment-9001 job=job_foreign state=job')
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const result = await runComment(world(), { attempt: 2 })
    expect(result.outputs['job-id']).toBe('job_1')
    expect(world().svc.requestsTo('GET', /job_foreign/)).toHaveLength(0)
  })
})
