/**
 * The sweep action over the emulator and the GitHub fake: tracking comments whose job outlived its run
 * are finished into the job's end; everything else is left as it is.
 */
import { describe, expect, it } from '@jest/globals'
import { addEarlierComment, addThread, runComment, runSweep, useWorld } from './helpers/world.js'
import { markerOf } from './helpers/text.js'

const world = useWorld()
const LATER = (): number => Date.now() + 60 * 60_000
const PR = 'https://github.com/acme/docs/pull/31'

/** Edits (PATCH) of issue comments made so far. */
const edits = (): number => world().gh.calls.filter(c => c.method === 'PATCH').length

/** A tracking comment of job `id`, left open (`phase=left` unless `marker` says otherwise). */
function leftComment(
  id = 'job_7',
  options: { request?: string; marker?: string; text?: string; user?: string } = {}
): number {
  const marker = options.marker ?? 'phase=left'
  const request = options.request ?? 'comment-1'
  return addEarlierComment(
    world(),
    `tracking request=${request} job=${id} state=job ${marker}`.trim(),
    {
      text: options.text,
      user: options.user
    }
  )
}

/** A job that ends 20 minutes after it is created, with a PR. */
function longJob(): void {
  world().svc.scriptJobs({ activeForMs: 20 * 60_000, prLink: PR })
}

describe('the sweep finishes what a run left open', () => {
  it('a timed-out comment: edited into the job’s end, with the back-link', async () => {
    longJob()
    world().gh.addIssue('acme', 'docs', { number: 31, pull_request: true, user: 'mintlify[bot]' })
    const agent = await runComment(world(), { inputs: { 'max-wait-minutes': '1' } })
    expect(agent.outputs.status).toBe('timed-out')

    const sweep = await runSweep(world(), {}, { at: LATER() })
    expect(sweep.exitCode).toBe(0)
    expect(sweep.outputs).toEqual({ checked: '1', finished: '1', pending: '0' })
    const [comment] = world().botComments()
    expect(comment.body).toContain('✅ The agent opened a pull request: [acme/docs#31]')
    expect(comment.body).toContain('maintainer asked:')
    expect(markerOf(comment.body)).toMatchObject({ job: 'job_1', state: 'job', phase: 'ended' })
    expect(world().botComments(31)).toHaveLength(1)
    expect(sweep.summary).toContain(`[comment](${comment.html_url})`)
    expect(sweep.summary).toContain(`[pull request](${PR})`)
  })

  it('a detached run: the step succeeds at once, and the sweep finishes its comment', async () => {
    longJob()
    const agent = await runComment(world(), { inputs: { detach: 'true', wait: 'false' } })
    expect(agent.exitCode).toBe(0)
    expect(agent.outputs.status).toBe('detached')
    expect(world().botComments()[0].body).toContain('This comment is updated when the job ends.')
    expect(world().gets()).toHaveLength(0)

    const sweep = await runSweep(world(), {}, { at: LATER() })
    expect(sweep.outputs.finished).toBe('1')
    expect(world().botComments()[0].body).toContain('✅ The agent opened a pull request')
  })

  it('detach with a short max-wait-minutes: a job still running then is detached, not timed out', async () => {
    longJob()
    const agent = await runComment(world(), {
      inputs: { detach: 'true', 'max-wait-minutes': '0.1' }
    })
    expect(agent.exitCode).toBe(0)
    expect(agent.outputs.status).toBe('detached')
    expect(markerOf(world().botComments()[0].body)).toMatchObject({ phase: 'left' })
  })

  it('a cancelled run’s comment is finished too', async () => {
    world().svc.addJob({ id: 'job_7', activePolls: 0, prLink: null })
    addEarlierComment(
      world(),
      'tracking request=comment-1 job=job_7 state=job run=4242 phase=left',
      { text: '🛑 The workflow run was cancelled. Agent job `job_7` may still finish.' }
    )
    const sweep = await runSweep(world())
    expect(sweep.outputs).toEqual({ checked: '1', finished: '1', pending: '0' })
    expect(world().botComments()[0].body).toContain(
      'without a pull request: either nothing needed to change'
    )
  })
})

describe('the sweep never competes with a live run', () => {
  const following = (deadlineSeconds: number): string =>
    `tracking request=comment-1 job=job_7 state=job run=777 phase=following deadline=${deadlineSeconds}`

  it('a "running" comment whose run is over (its status says completed) is finished: a lost runner', async () => {
    world().svc.addJob({ id: 'job_7', activePolls: 0, prLink: null })
    addEarlierComment(world(), following(Math.ceil(Date.now() / 1000) + 3600))
    world().gh.setRun('acme', 'docs', 777, 'completed')
    const sweep = await runSweep(world())
    expect(sweep.outputs.finished).toBe('1')
    expect(world().callList(c => c.includes('/actions/runs/777'))).toHaveLength(1)
  })

  it('a "running" comment whose run is still in progress is left alone: no job read, no write', async () => {
    world().svc.addJob({ id: 'job_7', activePolls: 0 })
    addEarlierComment(world(), following(Math.ceil(Date.now() / 1000) + 3600))
    world().gh.setRun('acme', 'docs', 777, 'in_progress')
    const sweep = await runSweep(world())
    expect(sweep.outputs).toEqual({ checked: '0', finished: '0', pending: '1' })
    expect(world().gets()).toHaveLength(0)
    expect(edits()).toBe(0)
  })

  it('where the run cannot be read, the deadline plus the one-minute margin decides', async () => {
    world().svc.addJob({ id: 'job_7', activePolls: 0, prLink: null })
    const deadline = Math.ceil(Date.now() / 1000) + 60
    addEarlierComment(world(), following(deadline))
    const early = await runSweep(world(), {}, { at: deadline * 1000 + 30_000 })
    expect(early.outputs.finished).toBe('0')
    const late = await runSweep(world(), {}, { at: deadline * 1000 + 61_000 })
    expect(late.outputs.finished).toBe('1')
  })
})

describe('a request’s dead claim (pending, no job, its run over)', () => {
  const deadline = Math.ceil(Date.now() / 1000) + 60
  const claim = (fields: string): number =>
    addEarlierComment(world(), `tracking request=comment-3 state=pending run=777 ${fields}`, {
      text: '⏳ Working on it: starting an agent job.'
    })
  const runReads = (): number => world().callList(c => c.includes('/actions/runs/')).length

  it.each([
    ['a comment request', `deadline=${deadline}`],
    ['a label request', `label=docs deadline=${deadline}`],
    ['an automation request', `automation=auto_1 deadline=${deadline}`]
  ])(
    'of %s: shown as unknown a minute past its deadline, without a job read',
    async (_kind, fields) => {
      claim(fields)
      const early = await runSweep(world(), {}, { at: deadline * 1000 + 30_000 })
      expect(early.outputs).toEqual({ checked: '0', finished: '0', pending: '0' })
      expect(edits()).toBe(0)
      const late = await runSweep(world(), {}, { at: deadline * 1000 + 61_000 })
      expect(late.outputs).toEqual({ checked: '0', finished: '1', pending: '0' })
      expect(world().gets()).toHaveLength(0)
      expect(runReads()).toBe(0)
      const [comment] = world().botComments()
      expect(comment.body).not.toContain('Working on it')
      const marker = markerOf(comment.body)
      expect(marker).toMatchObject({ request: 'comment-3', state: 'unknown', run: '777' })
      expect(marker?.job).toBeUndefined()
      const again = await runSweep(world(), {}, { at: deadline * 1000 + 120_000 })
      expect(again.outputs).toEqual({ checked: '0', finished: '0', pending: '0' })
    }
  )

  it('a digest’s dead claim is left for the next digest', async () => {
    const window = 'since=1709251200.0 until=1709370000.7 pulls=7'
    addEarlierComment(
      world(),
      `tracking request=digest-1709251200.0-1709370000.7-first state=pending run=777 deadline=${deadline} ${window}`
    )
    const sweep = await runSweep(world(), {}, { at: deadline * 1000 + 3_600_000 })
    expect(sweep.outputs).toEqual({ checked: '0', finished: '0', pending: '0' })
    expect(edits()).toBe(0)
  })
})

describe('a follow-up whose run died while sending it', () => {
  const sending = (run: number): string =>
    `tracking request=comment-9 job=job_7 state=pending run=${run} deadline=${Math.ceil(Date.now() / 1000) + 60}`
  const text = '⏳ Sending this request to agent job `job_7`…'

  it('once its run is over, the job it names is followed: the comment shows the job’s end', async () => {
    world().svc.addJob({ id: 'job_7', activePolls: 0, prLink: null })
    addEarlierComment(world(), sending(888), { text })
    world().gh.setRun('acme', 'docs', 888, 'completed')
    const sweep = await runSweep(world())
    expect(sweep.outputs).toEqual({ checked: '1', finished: '1', pending: '0' })
    const [comment] = world().botComments()
    expect(comment.body).not.toContain('Sending this request')
    expect(markerOf(comment.body)).toMatchObject({ job: 'job_7', state: 'job', phase: 'ended' })
  })

  it('while its run is still sending, it is left to that run', async () => {
    world().svc.addJob({ id: 'job_7', activePolls: 0, prLink: null })
    addEarlierComment(world(), sending(889), { text })
    world().gh.setRun('acme', 'docs', 889, 'in_progress')
    const sweep = await runSweep(world())
    expect(sweep.outputs).toEqual({ checked: '0', finished: '0', pending: '1' })
    expect(edits()).toBe(0)
  })
})

describe('what the sweep leaves alone, and what it costs', () => {
  it('a second sweep over the same state makes no write', async () => {
    longJob()
    await runComment(world(), { inputs: { 'max-wait-minutes': '1' } })
    await runSweep(world(), {}, { at: LATER() })
    const before = edits()
    const again = await runSweep(world(), {}, { at: LATER() })
    expect(again.outputs).toEqual({ checked: '0', finished: '0', pending: '0' })
    expect(edits()).toBe(before)
  })

  it('a job still active is left pending, and nothing is written', async () => {
    world().svc.addJob({ id: 'job_7', activePolls: 100 })
    leftComment()
    const sweep = await runSweep(world())
    expect(sweep.outputs).toEqual({ checked: '1', finished: '0', pending: '1' })
    expect(edits()).toBe(0)
  })

  it('max-jobs: at most that many jobs are read, oldest comment first; the rest are pending', async () => {
    addThread(world())
    for (const id of ['job_a', 'job_b', 'job_c']) {
      world().svc.addJob({ id, activePolls: 0, prLink: null })
      leftComment(id, { request: `comment-${id}` })
    }
    const sweep = await runSweep(world(), { 'max-jobs': '2' })
    expect(sweep.outputs).toEqual({ checked: '2', finished: '2', pending: '1' })
    expect(
      world()
        .gets()
        .map(r => r.path.split('/').at(-1))
    ).toEqual(['job_a', 'job_b'])
  })

  it('comments that copy the marker but were written by someone else are left alone', async () => {
    world().svc.addJob({ id: 'job_7', activePolls: 0 })
    leftComment('job_7', { user: 'other-bot[bot]' })
    leftComment('job_7', { request: 'comment-2', user: 'mallory' })
    const sweep = await runSweep(world())
    expect(sweep.outputs).toEqual({ checked: '0', finished: '0', pending: '0' })
    expect(world().gets()).toHaveLength(0)
    expect(edits()).toBe(0)
  })

  it('a repository with hundreds of unrelated comments: ⌈C/100⌉ list calls and one job read', async () => {
    addThread(world())
    for (let i = 0; i < 350; i++) world().gh.addComment('acme', 'docs', 7, `thanks ${i}`, 'octocat')
    world().svc.addJob({ id: 'job_7', activePolls: 0, prLink: null })
    leftComment()
    const sweep = await runSweep(world())
    expect(sweep.outputs.finished).toBe('1')
    expect(
      world().callList(c => c.startsWith('GET /repos/acme/docs/issues/comments'))
    ).toHaveLength(4)
    expect(world().gets()).toHaveLength(1)
  })

  it('comments written by today’s version (no phase in the marker) are recognised from their text', async () => {
    world().svc.addJob({ id: 'job_7', activePolls: 0, prLink: null })
    leftComment('job_7', {
      marker: '',
      text: '⌛ Agent job `job_7` is still running after 30 minutes, so this run stopped following it.'
    })
    leftComment('job_7', {
      request: 'comment-2',
      marker: '',
      text: '✅ Agent job `job_7` finished after 3 min.'
    })
    const sweep = await runSweep(world())
    expect(sweep.outputs).toEqual({ checked: '1', finished: '1', pending: '0' })
  })

  it('bad input fails with one error naming the input, before any request', async () => {
    const sweep = await runSweep(world(), { 'max-jobs': 'lots' })
    expect(sweep.exitCode).toBe(1)
    expect(sweep.stdout).toContain("::error::Input 'max-jobs' must be a whole number of jobs")
    expect(world().gh.calls).toHaveLength(0)
    expect(world().svc.requests).toHaveLength(0)
  })

  it('fails when it cannot list the comments at all', async () => {
    world().gh.inject({
      method: 'GET',
      path: '/repos/acme/docs/issues/comments',
      times: Infinity,
      fault: { status: 500 }
    })
    const sweep = await runSweep(world())
    expect(sweep.exitCode).toBe(1)
    expect(sweep.stdout).toContain("Could not list the repository's comments")
  })
})
