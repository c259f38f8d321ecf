/**
 * The soak's faults (scripts/soak/faults.ts): a killed run's later requests never reach the fakes'
 * state, an unanswered create is carried out and counted as lost, the faults at an automation's
 * trigger strike there (before or after it is carried out), and a one-shot fault strikes once.
 */
import { describe, expect, it } from '@jest/globals'
import { GitHubFake } from '../fakes/github-fake.js'
import { RunTraffic, type FaultPlan } from '../scripts/soak/faults.js'

const CREATE = '/v2/agent/proj/job'
const TRIGGER = '/v1/workflow/proj/update-docs/trigger'
const noItems = () => false

function traffic(plan: FaultPlan | undefined, onKill: () => void = () => undefined) {
  return new RunTraffic(plan, onKill, noItems)
}

describe('the soak’s run traffic', () => {
  it('kills the run at its point: every later request is reset, the kill is signalled once', () => {
    const kills: number[] = []
    const run = traffic({ fault: 'kill', at: 2 }, () => kills.push(1))
    expect(run.onGitHub('GET', '/repos/acme/docs/issues/1/comments')).toBeUndefined()
    expect(run.onService('GET', '/v2/agent/proj/job/job_1')).toBeUndefined()
    expect(run.onGitHub('POST', '/repos/acme/docs/issues/1/comments')).toEqual({ kind: 'reset' })
    expect(run.onService('POST', CREATE)).toEqual({ kind: 'reset' })
    expect(kills).toHaveLength(1)
    expect([run.killed, run.github, run.service, run.uses]).toEqual([true, 1, 1, 0])
  })

  it('counts a create carried out before the kill as lost', () => {
    const run = traffic({ fault: 'kill', at: 1 })
    expect(run.onService('POST', CREATE)).toBeUndefined()
    run.onGitHub('PATCH', '/repos/acme/docs/issues/comments/5')
    expect([run.killed, run.lostCreate, run.uses]).toEqual([true, true, 1])
  })

  it('carries an unanswered create out and loses its answer', () => {
    const run = traffic({ fault: 'unanswered create', at: 0 })
    expect(run.onGitHub('GET', '/repos/acme/docs/issues/1/comments')).toBeUndefined()
    expect(run.onService('POST', CREATE)).toEqual({ kind: 'reset-after-body' })
    expect(run.onService('POST', CREATE)).toBeUndefined()
    expect([run.lostCreate, run.uses, run.struck]).toEqual([
      true,
      2,
      `unanswered create at POST ${CREATE}`
    ])
  })

  it('a 503 after the trigger was sent: carried out, its run lost; a reset before: not carried', () => {
    const after = traffic({ fault: 'trigger 5xx after sending', at: 0 })
    expect(after.onGitHub('POST', '/repos/acme/docs/issues/1/comments')).toBeUndefined()
    expect(after.onService('POST', TRIGGER)).toMatchObject({ status: 503, process: true })
    expect([after.service, after.lostCreate]).toEqual([1, true])
    const before = traffic({ fault: 'trigger reset', at: 0 })
    expect(before.onService('POST', TRIGGER)).toEqual({ kind: 'reset' })
    expect([before.service, before.lostCreate]).toEqual([0, false])
  })

  it('kills the run at the request after its trigger was carried out', () => {
    const run = traffic({ fault: 'kill after trigger', at: 0 })
    expect(run.onGitHub('POST', '/repos/acme/docs/issues/1/comments')).toBeUndefined()
    expect(run.onService('POST', TRIGGER)).toBeUndefined()
    expect(run.onGitHub('PATCH', '/repos/acme/docs/issues/comments/5')).toEqual({ kind: 'reset' })
    expect([run.killed, run.lostCreate]).toEqual([true, true])
    expect(run.struck).toBe('kill after trigger at PATCH /repos/acme/docs/issues/comments/5')
  })

  it('strikes a one-shot fault once, on the side it belongs to', () => {
    const run = traffic({ fault: 'secondary limit', at: 0 })
    expect(run.onService('GET', '/v2/agent/proj/job/job_1')).toBeUndefined()
    expect(run.onGitHub('GET', '/user')).toMatchObject({ status: 403 })
    expect(run.onGitHub('GET', '/user')).toBeUndefined()
  })

  it('leaves the GitHub fake’s state untouched by a request its intercept resets', async () => {
    const github = await GitHubFake.start()
    try {
      github.addIssue('acme', 'docs', { number: 1 })
      const run = traffic({ fault: 'kill', at: 0 })
      github.intercept = run.onGitHub
      const post = fetch(`${github.url}/repos/acme/docs/issues/1/comments`, {
        method: 'POST',
        headers: { authorization: `token ${github.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ body: 'after the kill' })
      })
      await expect(post).rejects.toThrow()
      expect(github.comments('acme', 'docs', 1)).toEqual([])
    } finally {
      await github.close()
    }
  })
})
