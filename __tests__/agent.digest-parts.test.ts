/** The pure parts of the docs digest: positions and keys, the watermark, the selection, the prompt. */
import { describe, expect, it } from '@jest/globals'
import type { IssueComment } from '../src/github/comments.js'
import type { MergedPull } from '../src/github/merged-pulls.js'
import { withDigest } from '../src/job/digest-marker.js'
import { renderMarker, type TrackingMarker } from '../src/job/markers.js'
import type { JobResult } from '../src/job/result.js'
import { readDigestHistory } from '../src/agent/digest/history.js'
import { reportsPull } from '../src/agent/follow-code/loop-guard.js'
import { buildDigestPrompt, type DigestPull } from '../src/agent/digest/prompt.js'
import { renderDigestDetails } from '../src/agent/digest/report.js'
import { selectPulls, type Verdict } from '../src/agent/digest/select.js'
import {
  candidatesAfter,
  digestKey,
  formatPosition,
  parsePosition,
  startOf,
  type Candidate
} from '../src/agent/digest/window.js'
import { MAX_PROMPT_LENGTH } from '../src/agent/prompt-context.js'

const BOT = { login: 'github-actions[bot]', isBot: true }
const T0 = Date.parse('2024-03-01T10:00:00Z')

function merged(number: number, at: string, extra: Partial<MergedPull> = {}): MergedPull {
  return {
    number,
    title: `Change ${number}`,
    htmlUrl: `https://github.com/acme/app/pull/${number}`,
    mergedAt: at,
    body: `Body of ${number}`,
    author: 'dev',
    authorIsBot: false,
    labels: [],
    ...extra
  }
}

let nextId = 100
function comment(marker: TrackingMarker, user = BOT.login, headline = 'Digest.'): IssueComment {
  const id = nextId++
  return {
    id,
    body: `**Mintlify docs agent**\n\n${headline}\n\n${renderMarker(marker)}`,
    htmlUrl: `https://github.com/acme/app/issues/1#issuecomment-${id}`,
    userLogin: user,
    userType: user.endsWith('[bot]') ? 'Bot' : 'User'
  }
}

function digestMarker(fields: Partial<TrackingMarker>): TrackingMarker {
  return {
    kind: 'tracking',
    request: 'digest-1709200000.0-1709287200.5-first',
    since: '1709200000.0',
    until: '1709287200.5',
    pulls: '4,5',
    run: '1',
    ...fields
  }
}

describe('positions and keys', () => {
  it('writes a position as epoch seconds and number, and reads it back', () => {
    const position = { at: T0, number: 12 }
    expect(formatPosition(position)).toBe('1709287200.12')
    expect(parsePosition('1709287200.12')).toEqual(position)
    expect(parsePosition('12')).toBeUndefined()
  })

  it('keys a digest by its window and the digest comment it follows, or -first', () => {
    const window = { since: startOf(T0), until: { at: T0 + 60_000, number: 9 } }
    expect(digestKey(window, undefined)).toBe('digest-1709287200.0-1709287260.9-first')
    expect(digestKey(window, 321)).toBe('digest-1709287200.0-1709287260.9-after-321')
  })
})

describe('the watermark', () => {
  it('is absent without an earlier digest', () => {
    const history = readDigestHistory([], { identity: BOT, runId: '9' })
    expect(history.watermark).toBeUndefined()
    expect(history.after).toBeUndefined()
  })

  it('is the newest digest’s until when its job did not fail, also while it runs', () => {
    const running = comment(digestMarker({ job: 'j1', state: 'job', phase: 'following' }))
    const history = readDigestHistory([running], { identity: BOT, runId: '9' })
    expect(history.watermark).toEqual({ at: T0, number: 5 })
    expect(history.after?.commentId).toBe(running.id)
  })

  it('is the newest digest’s since when its job failed, was archived or never existed', () => {
    for (const fields of [
      { job: 'j1', state: 'job' as const, status: 'failed' },
      { job: 'j1', state: 'job' as const, status: 'archived' },
      { status: 'failed' }
    ]) {
      const failed = comment(digestMarker(fields))
      const history = readDigestHistory([failed], { identity: BOT, runId: '9' })
      expect(history.watermark).toEqual({ at: 1709200000_000, number: 0 })
      expect(history.after?.commentId).toBe(failed.id)
    }
  })

  it('stays the newest digest’s until while its job may still run: lost, or a create not answered', () => {
    for (const fields of [
      { job: 'j1', state: 'job' as const, phase: 'ended' as const },
      { state: 'unknown' as const }
    ]) {
      const open = comment(digestMarker(fields))
      const history = readDigestHistory([open], { identity: BOT, runId: '9' })
      expect(history.watermark).toEqual({ at: T0, number: 5 })
    }
  })

  it('records only an end the job was seen to reach, never the outputs’ failed of a lost job', () => {
    const fields = { since: '1709200000.0', until: '1709287200.5', pulls: '4,5' }
    const job = { id: 'j1', status: 'failed', prLink: null }
    const ended: JobResult = { status: 'failed', jobId: 'j1', mode: 'created', elapsedMs: 1, job }
    const lost: JobResult = {
      status: 'problem',
      problem: { kind: 'lost', cause: 'gone' },
      jobId: 'j1',
      elapsedMs: 1
    }
    const cut: JobResult = {
      status: 'problem',
      problem: { kind: 'unknown-outcome', cause: 'cut off' },
      cancelled: true,
      elapsedMs: 1
    }
    const cancelled: JobResult = { status: 'cancelled', jobId: 'j1', elapsedMs: 1 }
    const base = digestMarker({ job: 'j1', state: 'job' })
    expect(withDigest(base, fields, ended).status).toBe('failed')
    for (const result of [lost, cut, cancelled]) {
      expect(withDigest(base, fields, result).status).toBeUndefined()
    }
  })

  it('trusts no digest marker copied into a comment by another user', () => {
    const copied = comment(digestMarker({ job: 'j1', state: 'job' }), 'mallory')
    const history = readDigestHistory([copied], { identity: BOT, runId: '9' })
    expect(history.watermark).toBeUndefined()
  })

  it('leaves a digest another run is still sending to that run, and follows the one before', () => {
    const done = comment(digestMarker({ job: 'j1', state: 'job', status: 'completed' }))
    const sending = comment(digestMarker({ state: 'pending', run: '2', since: '1709287200.5' }))
    const history = readDigestHistory([done, sending], { identity: BOT, runId: '9' })
    expect(history.after?.commentId).toBe(done.id)
  })

  it('keeps a re-run’s own digest apart, so its window is kept', () => {
    const done = comment(digestMarker({ job: 'j1', state: 'job', status: 'completed' }))
    const mine = comment(digestMarker({ job: 'j2', state: 'job', run: '9' }))
    const history = readDigestHistory([done, mine], { identity: BOT, runId: '9' })
    expect(history.rerun?.commentId).toBe(mine.id)
    expect(history.after?.commentId).toBe(done.id)
  })

  it('offers the previous digest’s docs PR only when its job completed with one', () => {
    const url = 'https://github.com/acme/docs/pull/3'
    const done = comment(
      digestMarker({ job: 'j1', state: 'job', status: 'completed', pr: url }),
      BOT.login,
      `✅ The agent opened a pull request: [acme/docs#3](${url}).`
    )
    const history = readDigestHistory([done], { identity: BOT, runId: '9' })
    expect(history.docsPull).toEqual({ jobId: 'j1', url })
    expect(reportsPull(done, { identity: BOT, url })).toBe(true)
    const other = 'https://github.com/acme/docs/pull/30'
    expect(reportsPull(done, { identity: BOT, url: other })).toBe(false)
  })
})

function skip(reason: string): Verdict<Candidate> {
  return { kind: 'skip', reason }
}

function include(pull: Candidate): Verdict<Candidate> {
  return { kind: 'include', pull }
}

describe('the selection', () => {
  const since = startOf(T0)

  it('orders by merge time then number, after since (exclusive)', () => {
    const pulls = [
      merged(3, '2024-03-01T10:00:05Z'),
      merged(1, '2024-03-01T10:00:05Z'),
      merged(2, '2024-03-01T10:00:01Z'),
      merged(9, '2024-03-01T09:59:59Z')
    ]
    const after = candidatesAfter(pulls, { since: { at: T0 + 1000, number: 2 } })
    expect(after.map(p => p.number)).toEqual([1, 3])
    expect(candidatesAfter(pulls, { since }).map(p => p.number)).toEqual([2, 1, 3])
  })

  it('cuts between PRs merged in the same second at digest-max-pulls; the rest wait', async () => {
    const pulls = [4, 5, 6].map(n => merged(n, '2024-03-01T10:00:00Z'))
    const candidates = candidatesAfter(pulls, { since })
    const selection = await selectPulls(candidates, {
      since,
      max: 2,
      guard: async pull => include(pull)
    })
    expect(selection.included.map(p => p.number)).toEqual([4, 5])
    expect(selection.window?.until).toEqual({ at: T0, number: 5 })
    expect(selection.waiting).toBe(1)
    const next = candidatesAfter(pulls, { since: selection.window!.until })
    expect(next.map(p => p.number)).toEqual([6])
  })

  it('does not count skipped PRs toward the maximum, and lists them with their reason', async () => {
    const pulls = [1, 2, 3].map(n => merged(n, `2024-03-01T10:00:0${n}Z`))
    const guard = async (pull: Candidate) => (pull.number === 1 ? skip('a bot') : include(pull))
    const selection = await selectPulls(candidatesAfter(pulls, { since }), {
      since,
      max: 2,
      guard
    })
    expect(selection.included.map(p => p.number)).toEqual([2, 3])
    expect(selection.skipped).toEqual([expect.objectContaining({ reason: 'a bot' })])
    expect(selection.waiting).toBe(0)
  })

  it('includes nothing when every PR is skipped', async () => {
    const pulls = [merged(1, '2024-03-01T10:00:01Z')]
    const selection = await selectPulls(candidatesAfter(pulls, { since }), {
      since,
      max: 5,
      guard: async () => skip('skip-label')
    })
    expect(selection.window).toBeUndefined()
    expect(selection.skipped).toHaveLength(1)
  })
})

describe('a PR skipped after the last included one', () => {
  it('is listed as skipped, not as waiting', async () => {
    const since = startOf(T0)
    const pulls = [1, 2].map(n => merged(n, `2024-03-01T10:00:0${n}Z`))
    const guard = async (pull: Candidate) => (pull.number === 2 ? skip('a bot') : include(pull))
    const selection = await selectPulls(candidatesAfter(pulls, { since }), { since, max: 5, guard })
    expect(selection.window?.until.number).toBe(1)
    expect(selection.skipped.map(s => s.pull.number)).toEqual([2])
    expect(selection.waiting).toBe(0)
  })
})

describe('the prompt', () => {
  const options = {
    repository: 'acme/app',
    includeContext: true,
    includeDiff: true,
    ignored: (path: string) => path.endsWith('.md')
  }
  function pull(number: number, body = 'Adds things.', title = `Change ${number}`): DigestPull {
    const base = merged(number, '2024-03-01T10:00:00Z', { body, title })
    return {
      ...base,
      position: { at: T0, number },
      filesComplete: true,
      files: [
        { path: `src/f${number}.ts`, additions: 1, deletions: 0, status: 'added', patch: '+x' },
        { path: 'README.md', additions: 1, deletions: 0, status: 'modified' }
      ]
    }
  }

  it('lists each PR oldest first in the labelled block, ignored files left out', () => {
    const prompt = buildDigestPrompt('Do it.', [pull(1), pull(2)], options)
    expect(prompt.startsWith('Do it.\n\n--- Context from GitHub')).toBe(true)
    expect(prompt.indexOf('acme/app#1 "Change 1"')).toBeLessThan(prompt.indexOf('acme/app#2'))
    expect(prompt).toContain('URL: https://github.com/acme/app/pull/1; author: @dev; merged')
    expect(prompt).toContain('- src/f1.ts (+1 -0, added)')
    expect(prompt).not.toContain('- README.md')
    expect(prompt).toContain('--- src/f1.ts\n+x')
  })

  it('stays within the limit with 50 long PRs, and still names every one', () => {
    const pulls = Array.from({ length: 50 }, (_, i) => pull(i + 1, 'word '.repeat(2_000)))
    const prompt = buildDigestPrompt('Do it.', pulls, options)
    expect(prompt.length).toBeLessThanOrEqual(MAX_PROMPT_LENGTH)
    for (let n = 1; n <= 50; n++) expect(prompt).toContain(`acme/app#${n} "Change ${n}"`)
    expect(prompt).toContain('[Left out to stay within the prompt')
  })

  it('gives 50 PRs with long descriptions the start of each description while the room allows it', () => {
    const pulls = Array.from({ length: 50 }, (_, i) =>
      pull(i + 1, `Why ${i + 1}: ${'the reason at length. '.repeat(200)}`)
    )
    const prompt = buildDigestPrompt('Do it.', pulls, options)
    expect(prompt.length).toBeLessThanOrEqual(MAX_PROMPT_LENGTH)
    for (let n = 1; n <= 50; n++) expect(prompt).toContain(`Description:\nWhy ${n}: the reason`)
    expect(prompt).toMatch(
      /\[Left out to stay within the prompt's size: [^\]]*descriptions past \d+ characters/
    )
  })

  it('keeps every reference line of 200 PRs with long titles, titles cut alike', () => {
    const pulls = Array.from({ length: 200 }, (_, i) => pull(i + 1, 'b', 'T'.repeat(400)))
    const prompt = buildDigestPrompt('Do it.', pulls, options)
    expect(prompt.length).toBeLessThanOrEqual(MAX_PROMPT_LENGTH)
    for (let n = 1; n <= 200; n++) expect(prompt).toContain(`- acme/app#${n} "T`)
  })

  it('only names the PRs without the context', () => {
    const prompt = buildDigestPrompt('Do it.', [pull(1)], { ...options, includeContext: false })
    expect(prompt).toBe('Do it.\n\nThe merged pull requests (1), oldest first:\n- acme/app#1')
  })
})

describe('the report', () => {
  it('gives the window and the merge dates as a person reads them, in UTC', () => {
    const [first, second] = candidatesAfter(
      [merged(4, '2024-03-01T10:00:00Z'), merged(5, '2024-03-02T00:00:00Z')],
      { since: startOf(T0 - 86_400_000) }
    )
    const details = renderDigestDetails({
      repository: 'acme/app',
      branch: 'main',
      since: startOf(Date.parse('2024-02-29T00:00:00Z')),
      until: { at: Date.parse('2024-03-02T00:00:00Z'), number: 5 },
      included: [first, second],
      skipped: [],
      waiting: 0
    })
    expect(details).toContain('Merged into `main` after Feb 29, 2024 up to Mar 2, 2024 (#5).')
    expect(details).toContain('merged Mar 1, 2024\n')
    expect(details).not.toMatch(/\d{4}-\d{2}-\d{2}T/)
  })
})
