/**
 * A wait that says it is alive: while a run follows a job or a deployment, an info line at most once
 * a minute with the status, how long so far and when the next check is; the debug line per poll
 * stays. Counted from the run's log over the fakes, in virtual time.
 */
import { describe, expect, it } from '@jest/globals'
import { progressLine } from '../src/job/poll-progress.js'
import { previewSpec, runDeploy, statusReads } from './helpers/deploy.js'
import { runComment, useWorld } from './helpers/world.js'

const world = useWorld()
const TEN_MINUTES = 10 * 60_000

/** The info lines of `stdout` that say a wait is alive, and the minutes each says. */
function aliveLines(stdout: string, name: string): { lines: string[]; minutes: number[] } {
  const pattern = new RegExp(`^${name}: still [a-z ]+ after (\\d+) min, next check in \\d+ s\\.$`)
  const lines = stdout.split('\n').filter(line => pattern.test(line))
  return { lines, minutes: lines.map(line => Number(pattern.exec(line)?.[1])) }
}

/** 1, 2, …, n: a line each minute after the first, none twice in a minute. */
const eachMinute = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1)

describe('an info line at most once a minute while following', () => {
  it('a 10-minute job polled every second: one line a minute, at most 10; a debug line each poll', async () => {
    world().svc.scriptJobs({ activeForMs: TEN_MINUTES })
    const result = await runComment(world(), { inputs: { 'max-wait-minutes': '30' } })
    expect(result.outputs.status).toBe('completed')
    const { lines, minutes } = aliveLines(result.stdout, 'Job job_1')
    expect(lines.length).toBeLessThanOrEqual(10)
    expect(minutes).toEqual(eachMinute(lines.length))
    expect(lines.length).toBeGreaterThanOrEqual(9)
    expect(lines[0]).toBe('Job job_1: still active after 1 min, next check in 1 s.')
    expect(world().gets().length).toBeGreaterThan(500)
    const debug = result.stdout.split('\n').filter(line => line === '::debug::Job job_1: active')
    expect(debug.length).toBeGreaterThan(500)
  })

  it('the same job with the default backoff (5 s up to 30 s): still a line each minute', async () => {
    world().svc.scriptJobs({ activeForMs: TEN_MINUTES })
    const result = await runComment(world(), {
      inputs: {
        'max-wait-minutes': '30',
        'poll-interval-seconds': '5',
        'max-poll-interval-seconds': '30'
      }
    })
    expect(result.outputs.status).toBe('completed')
    const { lines, minutes } = aliveLines(result.stdout, 'Job job_1')
    expect(lines.length).toBeLessThanOrEqual(10)
    expect(minutes).toEqual(eachMinute(lines.length))
    expect(lines.length).toBeGreaterThanOrEqual(9)
  })

  it('a deployment building 10 minutes: one line a minute with its status in words', async () => {
    world().svc.platform.script({ buildMs: TEN_MINUTES })
    const result = await runDeploy(world(), {
      ...previewSpec(world()),
      inputs: { 'max-wait-minutes': '30' }
    })
    expect(result.outputs.status).toBe('success')
    const { lines, minutes } = aliveLines(result.stdout, 'Deployment status_1')
    expect(lines.length).toBeLessThanOrEqual(10)
    expect(minutes).toEqual(eachMinute(lines.length))
    expect(lines.length).toBeGreaterThanOrEqual(9)
    expect(lines[0]).toMatch(/^Deployment status_1: still in progress after 1 min, next check in/)
    expect(statusReads(world()).length).toBeGreaterThan(250)
  })

  it('a short wait says nothing at info level', async () => {
    const result = await runDeploy(world(), previewSpec(world()))
    expect(result.outputs.status).toBe('success')
    expect(aliveLines(result.stdout, 'Deployment status_1').lines).toEqual([])
  })
})

describe('the line’s words', () => {
  it('whole minutes and hours so far, the next wait in seconds, a status in words', () => {
    const job = { name: 'Job job_1', status: 'active' }
    expect(progressLine(job, 4 * 60_000 + 59_000, 30_000)).toBe(
      'Job job_1: still active after 4 min, next check in 30 s.'
    )
    expect(progressLine(job, 75 * 60_000, 90_000)).toBe(
      'Job job_1: still active after 1 h 15 min, next check in 1 min 30 s.'
    )
    expect(progressLine({ name: 'Deployment s_1', status: 'in_progress' }, 60_000, 2_000)).toBe(
      'Deployment s_1: still in progress after 1 min, next check in 2 s.'
    )
  })
})
