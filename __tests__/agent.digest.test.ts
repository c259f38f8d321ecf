/**
 * The docs digest over the fakes: the pull requests merged since the last digest become one agent
 * job reported on the tracking issue, with the watermark in its comment.
 */
import { describe, expect, it } from '@jest/globals'
import {
  addMerged,
  DIGEST_AT,
  digestComments,
  runDigest,
  TRACKING_ISSUE
} from './helpers/digest.js'
import { commandLines, markerOf, shown } from './helpers/text.js'
import { MAX_PROMPT_LENGTH } from '../src/agent/prompt-context.js'
import { OWNER, REPO, runSweep, useWorld } from './helpers/world.js'

const world = useWorld()
const DOCS_PR = 'https://github.com/acme/docs-site/pull/3'
/** The one merged PR most tests need. */
const PR_7 = { number: 7, at: '2024-03-02T09:00:00Z' }

function prompts(): string[] {
  return world().promptsSent()
}

describe('a digest', () => {
  it('sends the PRs merged since digest-since as one job, oldest first, and records the window', async () => {
    world().svc.scriptJobs({ activePolls: 1, prLink: DOCS_PR })
    addMerged(
      world(),
      { number: 12, at: '2024-03-03T09:00:00Z' },
      { number: 11, at: '2024-03-02T09:00:00Z' },
      { number: 9, at: '2024-02-29T23:59:59Z' },
      { number: 13, at: '2024-03-04T09:00:00Z', base: 'release' }
    )
    const result = await runDigest(world())

    expect([result.exitCode, result.outputs.status]).toEqual([0, 'completed'])
    const counts = ['digest-pulls', 'digest-skipped', 'digest-waiting'].map(n => result.outputs[n])
    expect(counts).toEqual(['2', '0', '0'])
    const [prompt] = prompts()
    expect(prompts()).toHaveLength(1)
    expect(prompt.indexOf('acme/docs#11 "Change 11"')).toBeGreaterThan(0)
    expect(prompt.indexOf('acme/docs#11')).toBeLessThan(prompt.indexOf('acme/docs#12'))
    expect(prompt).not.toContain('acme/docs#9')
    expect(prompt).not.toContain('acme/docs#13')
    const [comment] = digestComments(world())
    expect(markerOf(comment.body)).toMatchObject({
      request: `digest-${Date.parse('2024-03-01') / 1000}.0-${Date.parse('2024-03-03T09:00:00Z') / 1000}.12-first`,
      pulls: '11%2C12',
      status: 'completed'
    })
    expect(shown(comment.body)).toContain('A digest of 2 pull requests merged into main')
    expect(result.summary).toContain('Included (2):')
  })

  it('with nothing to include: status skipped, no call to the service, no comment', async () => {
    addMerged(world(), { number: 4, at: '2024-03-02T09:00:00Z', labels: ['no-docs'] })
    const result = await runDigest(world())
    expect(result.outputs).toMatchObject({ status: 'skipped', 'digest-skipped': '1' })
    expect(world().svc.requests).toHaveLength(0)
    expect(digestComments(world())).toHaveLength(0)
    expect(result.summary).toContain('skip-label')
  })

  it('applies the guards per PR, lists the skipped with reasons, and keeps them out of the prompt', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    addMerged(
      world(),
      { number: 21, at: '2024-03-02T09:00:00Z', user: 'renovate[bot]' },
      { number: 22, at: '2024-03-02T10:00:00Z', labels: ['No-Docs'] },
      {
        number: 23,
        at: '2024-03-02T11:00:00Z',
        files: [{ filename: 'README.md', additions: 1, deletions: 0 }]
      },
      { number: 24, at: '2024-03-02T12:00:00Z' }
    )
    const result = await runDigest(world(), { inputs: { 'digest-max-pulls': '1' } })
    expect(result.outputs).toMatchObject({ 'digest-pulls': '1', 'digest-skipped': '3' })
    const [prompt] = prompts()
    expect(prompt).toContain('acme/docs#24')
    for (const n of [21, 22, 23]) expect(prompt).not.toContain(`acme/docs#${n}`)
    const text = shown(digestComments(world())[0].body)
    expect(text).toContain('a bot that is not listed in allowed-bots')
    expect(text).toContain('carries the skip-label')
    expect(text).toContain('the one changed file matches ignore-paths')
  })
})

describe('untrusted text', () => {
  it('renders the PRs’ titles inert in the tracking comment and the summary', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    addMerged(world(), { ...PR_7, title: 'Ping @octocat <img src=x onerror=alert(1)>' })
    const result = await runDigest(world())
    for (const text of [digestComments(world())[0].body, result.summary]) {
      expect(text).not.toContain('@octocat')
      expect(text).not.toContain('<img')
    }
  })
})

describe('the own-PR guard', () => {
  it('skips a PR that a tracking comment of ours on the tracking issue reports as its job’s result', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    addMerged(world(), { number: 40, at: '2024-03-02T09:00:00Z', user: 'docs-dev' }, PR_7)
    world().gh.addIssue(OWNER, REPO, { number: TRACKING_ISSUE, title: 'Docs digests' })
    const report =
      '✅ The agent opened a pull request: [acme/docs#40](https://github.com/acme/docs/pull/40)'
    const marker = 'tracking request=run-1 job=j9 state=job phase=ended'
    const body = `**Mintlify docs agent**\n\n${report}\n\n<!-- mintlify-docs-agent:${marker} -->`
    world().gh.addComment(OWNER, REPO, TRACKING_ISSUE, body, 'github-actions[bot]')
    const result = await runDigest(world())
    expect(result.outputs).toMatchObject({ 'digest-pulls': '1', 'digest-skipped': '1' })
    expect(prompts()[0]).not.toContain('acme/docs#40')
    expect(shown(result.summary)).toContain('/pull/40): was opened by the docs agent')
    expect(shown(result.summary)).not.toContain('pull request #40')
  })
})

describe('the window', () => {
  it('starts at digest-since itself and ends before the run started', async () => {
    const atSince = { number: 2, at: '2024-03-01T00:00:00Z' }
    const afterStart = { number: 3, at: '2024-03-08T12:00:01Z' }
    addMerged(world(), atSince, afterStart)
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const result = await runDigest(world())
    expect(result.outputs).toMatchObject({ 'digest-pulls': '1', 'digest-waiting': '0' })
    expect(prompts()[0]).toContain('acme/docs#2')
    expect(prompts()[0]).not.toContain('acme/docs#3')
  })

  it('cuts between PRs merged in the same second at digest-max-pulls; the next digest takes the rest', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null }, { activePolls: 0, prLink: null })
    const second = '2024-03-02T09:00:00Z'
    addMerged(
      world(),
      { number: 6, at: second },
      { number: 4, at: second },
      { number: 5, at: second }
    )
    const first = await runDigest(world(), { inputs: { 'digest-max-pulls': '2' } })
    expect(first.outputs).toMatchObject({ 'digest-pulls': '2', 'digest-waiting': '1' })
    const next = await runDigest(world(), { runId: '5151', inputs: { 'digest-max-pulls': '2' } })
    expect(next.outputs).toMatchObject({ 'digest-pulls': '1', 'digest-waiting': '0' })
    const [one, two] = prompts()
    expect(one).toContain('acme/docs#4')
    expect(one).toContain('acme/docs#5')
    expect(one).not.toContain('acme/docs#6')
    expect(two).toContain('acme/docs#6')
    expect(two).not.toMatch(/acme\/docs#[45]\b/)
    const [, comment] = digestComments(world())
    expect(markerOf(comment.body)?.request).toMatch(/-after-\d+$/)
  })

  it('gives a failed digest’s PRs back to the next digest, as a new request', async () => {
    world().svc.scriptJobs({ activePolls: 0, outcome: 'failed' }, { activePolls: 0, prLink: null })
    addMerged(world(), PR_7)
    const failed = await runDigest(world(), { inputs: { 'fail-on-error': 'false' } })
    expect(failed.outputs.status).toBe('failed')
    const retry = await runDigest(world(), { runId: '5151' })
    expect(retry.outputs).toMatchObject({ status: 'completed', 'digest-pulls': '1' })
    expect(world().creates()).toHaveLength(2)
    expect(prompts()[1]).toContain('acme/docs#7')
    const [first, second] = digestComments(world())
    expect(markerOf(second.body)?.request).toBe(
      markerOf(first.body)?.request?.replace(/-first$/, `-after-${first.id}`)
    )
  })

  it('never puts a PR into two digests that succeeded', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    addMerged(world(), PR_7)
    await runDigest(world())
    const again = await runDigest(world(), { runId: '5151' })
    expect(again.outputs).toMatchObject({ status: 'skipped', 'digest-pulls': '0' })
    expect(world().creates()).toHaveLength(1)
  })

  it('does not trust a digest marker another user copied onto the tracking issue', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    addMerged(world(), PR_7)
    world().gh.addIssue(OWNER, REPO, { number: TRACKING_ISSUE, title: 'Docs digests' })
    const late = `${Date.parse('2024-03-07') / 1000}.99`
    world().gh.addComment(
      OWNER,
      REPO,
      TRACKING_ISSUE,
      `**Mintlify docs agent**\n\nDone.\n\n<!-- mintlify-docs-agent:tracking request=digest-1.0-${late}-first job=j state=job since=1.0 until=${late} status=completed -->`,
      'mallory'
    )
    const result = await runDigest(world())
    expect(result.outputs['digest-pulls']).toBe('1')
    expect(world().creates()).toHaveLength(1)
  })
})

describe('one digest, one request', () => {
  it('leaves the digest to the run that is already sending it (two runs started together)', async () => {
    addMerged(world(), PR_7)
    world().gh.addIssue(OWNER, REPO, { number: TRACKING_ISSUE, title: 'Docs digests' })
    const since = Date.parse('2024-03-01') / 1000
    const until = Date.parse('2024-03-02T09:00:00Z') / 1000
    world().gh.addComment(
      OWNER,
      REPO,
      TRACKING_ISSUE,
      `**Mintlify docs agent**\n\n⏳ Working on it.\n\n<!-- mintlify-docs-agent:tracking request=digest-${since}.0-${until}.7-first state=pending run=1111 since=${since}.0 until=${until}.7 pulls=7 -->`,
      'github-actions[bot]'
    )
    const result = await runDigest(world())
    expect(result.outputs.status).toBe('skipped')
    expect(world().creates()).toHaveLength(0)
    expect(digestComments(world())).toHaveLength(1)
  })

  it('re-attaches on a re-run, even when more PRs were merged since the first attempt', async () => {
    world().svc.scriptJobs({ activePolls: 50, prLink: null })
    addMerged(world(), PR_7)
    const first = await runDigest(world(), {
      inputs: { 'max-wait-minutes': '0.05', 'fail-on-error': 'false' }
    })
    expect(first.outputs.status).toBe('timed-out')
    addMerged(world(), { number: 8, at: '2024-03-08T12:30:00Z' })
    const rerun = await runDigest(world(), { attempt: 2, at: Date.parse('2024-03-08T13:00:00Z') })
    expect(world().creates()).toHaveLength(1)
    expect(rerun.outputs['job-id']).toBe(first.outputs['job-id'])
    expect(rerun.outputs['digest-pulls']).toBe('1')
    expect(digestComments(world())).toHaveLength(1)
  })
})

describe('the open docs PR', () => {
  it('grows: the next digest goes to its job as a follow-up while it is open', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: DOCS_PR })
    world().gh.addIssue('acme', 'docs-site', { number: 3, pull_request: true })
    addMerged(world(), PR_7)
    const first = await runDigest(world())
    addMerged(world(), { number: 8, at: '2024-03-03T09:00:00Z' })
    const second = await runDigest(world(), { runId: '5151' })
    expect(world().creates()).toHaveLength(1)
    expect(world().messages()).toHaveLength(1)
    expect(second.outputs['job-id']).toBe(first.outputs['job-id'])
    const message = (world().messages()[0].body as { prompt: string }).prompt
    expect(message).toContain('acme/docs#8')
    expect(message).not.toContain('acme/docs#7')
    expect(shown(digestComments(world())[1].body)).toContain(`This digest adds to ${DOCS_PR}`)
  })

  it('starts a new job once that PR is closed', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: DOCS_PR }, { activePolls: 0, prLink: null })
    world().gh.addIssue('acme', 'docs-site', { number: 3, pull_request: true })
    addMerged(world(), PR_7)
    await runDigest(world())
    world().gh.addIssue('acme', 'docs-site', { number: 3, pull_request: true, closed: true })
    addMerged(world(), { number: 8, at: '2024-03-03T09:00:00Z' })
    await runDigest(world(), { runId: '5151' })
    expect(world().creates()).toHaveLength(2)
    expect(world().messages()).toHaveLength(0)
  })

  it('starts a new job with a warning when the token cannot read it (a private docs repository)', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: DOCS_PR }, { activePolls: 0, prLink: null })
    world().gh.addIssue('acme', 'docs-site', { number: 3, pull_request: true })
    // GitHub answers 404 for a repository the token cannot see.
    world().gh.inject({
      method: 'GET',
      path: '/repos/acme/docs-site/pulls/3',
      fault: { status: 404 }
    })
    addMerged(world(), PR_7)
    await runDigest(world())
    addMerged(world(), { number: 8, at: '2024-03-03T09:00:00Z' })
    const second = await runDigest(world(), { runId: '5151' })
    expect(world().creates()).toHaveLength(2)
    expect(world().messages()).toHaveLength(0)
    const [warning] = commandLines(second.stdout, 'warning', 'docs PR')
    expect(warning).toContain(`The previous digest's docs PR ${DOCS_PR} could not be read`)
    expect(warning).toContain('so this digest starts a new job instead of adding to it')
    expect(warning).toContain(
      'github-token needs access to the docs repository (a GitHub App token'
    )
  })
})

describe('the notes', () => {
  it('posts one note on each included code PR once the docs PR exists, and never twice', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: DOCS_PR })
    addMerged(world(), PR_7, { number: 8, at: '2024-03-02T10:00:00Z' })
    await runDigest(world())
    await runDigest(world(), { attempt: 2 })
    for (const n of [7, 8]) {
      const notes = world().botComments(n)
      expect(notes).toHaveLength(1)
      expect(shown(notes[0].body)).toContain(
        `The docs for this change are in [acme/docs-site#3](${DOCS_PR})`
      )
      expect(notes[0].body).toContain(`#issuecomment-${digestComments(world())[0].id})`)
    }
  })

  it('are the sweep’s to post for a detached digest, once its job ends with the docs PR', async () => {
    world().svc.scriptJobs({ activeForMs: 20 * 60_000, prLink: DOCS_PR })
    addMerged(world(), PR_7)
    const digest = await runDigest(world(), { inputs: { detach: 'true', wait: 'false' } })
    expect(digest.outputs.status).toBe('detached')
    expect(world().botComments(7)).toHaveLength(0)
    const later = { at: DIGEST_AT + 60 * 60_000 }
    const sweep = await runSweep(world(), {}, later)
    expect(sweep.outputs).toMatchObject({ finished: '1' })
    expect(world().botComments(7)).toHaveLength(1)
    expect(markerOf(digestComments(world())[0].body)).toMatchObject({
      status: 'completed',
      pulls: '7'
    })
    await runSweep(world(), {}, later)
    expect(world().botComments(7)).toHaveLength(1)
  })

  it('posts none with digest-notify: false', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: DOCS_PR })
    addMerged(world(), PR_7)
    await runDigest(world(), { inputs: { 'digest-notify': 'false' } })
    expect(world().botComments(7)).toHaveLength(0)
  })
})

describe('the prompt', () => {
  it('is cut to the limit for 60 PRs with long descriptions, and names every one', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const long = 'A long description of the change. '.repeat(300)
    const seeds = Array.from({ length: 60 }, (_, i) => ({
      number: 100 + i,
      at: `2024-03-02T09:${String(i).padStart(2, '0')}:00Z`,
      body: long
    }))
    addMerged(world(), ...seeds)
    const result = await runDigest(world(), { inputs: { 'digest-max-pulls': '60' } })
    expect(result.outputs['digest-pulls']).toBe('60')
    const [prompt] = prompts()
    expect(prompt.length).toBeLessThanOrEqual(MAX_PROMPT_LENGTH)
    for (const { number } of seeds)
      expect(prompt).toContain(`acme/docs#${number} "Change ${number}"`)
    expect(prompt).toContain("[Left out to stay within the prompt's size")
  })
})

describe('cost', () => {
  it('reads ⌈(M+1)/100⌉ listing pages, one files read per candidate, and a constant besides', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const recent = Array.from({ length: 10 }, (_, i) => ({
      number: 300 + i,
      at: `2024-03-05T10:${String(i).padStart(2, '0')}:00Z`
    }))
    const old = Array.from({ length: 140 }, (_, i) => ({
      number: 100 + i,
      at: '2024-02-20T10:00:00Z'
    }))
    addMerged(world(), ...recent, ...old)
    await runDigest(world())
    const gets = world().callList(call => call.startsWith('GET '))
    const listing = gets.filter(call => call === 'GET /repos/acme/docs/pulls')
    const files = gets.filter(call => /^GET \/repos\/acme\/docs\/pulls\/\d+\/files$/.test(call))
    expect(listing).toHaveLength(1)
    const query = world().gh.calls.find(call => call.path === '/repos/acme/docs/pulls')?.query
    expect(query).toMatchObject({
      state: 'closed',
      base: 'main',
      sort: 'updated',
      direction: 'desc',
      per_page: '100'
    })
    expect(files).toHaveLength(10)
    // The tracking issue's comments, the identity, the default branch.
    expect(gets.length - listing.length - files.length).toBeLessThanOrEqual(3)
    expect(world().creates()).toHaveLength(1)
  })
})

describe('inputs', () => {
  it.each([
    [{ 'issue-number': '' }, "Input 'issue-number'"],
    [{ 'digest-since': 'last week' }, "Input 'digest-since'"],
    [{ 'digest-max-pulls': '0' }, "Input 'digest-max-pulls'"],
    [{ 'digest-max-pulls': '2.5' }, "Input 'digest-max-pulls'"],
    [{ comment: 'false' }, "Input 'comment'"],
    [{ 'github-token': '' }, "Input 'github-token' is required with `digest: true`"],
    [{ 'digest-branch': 'bad branch' }, "Input 'digest-branch' must be a branch name"],
    [{ 'digest-branch': '/main' }, "Input 'digest-branch' must be a branch name"],
    [{ 'digest-branch': 'm'.repeat(251) }, "Input 'digest-branch' must be a branch name"]
  ])('%j is one error that names the input, before any request', async (inputs, named) => {
    const result = await runDigest(world(), { inputs })
    expect(result.exitCode).not.toBe(0)
    expect(result.stdout).toContain(named)
    expect(world().svc.requests).toHaveLength(0)
    expect(world().gh.calls).toHaveLength(0)
  })
})
