/**
 * The docs digest's cost, for `npm run bench` (`-- --only digest` prints it alone): the agent action
 * in process, in virtual time, against the fakes.
 *  1. Agent uses for 200 merged PRs, over a month and within one day: one run per merge (docs follow
 *     code), an hourly digest, a daily digest with `digest-max-pulls: 200`. The merges reach the
 *     GitHub fake as they happen; reviewers merge each day's docs PR at the end of that day.
 *  2. The GitHub calls of one digest of N PRs after an earlier digest, with N/2 PRs closed unmerged
 *     since and 300 older ones past the watermark.
 *  3. The prompt of a digest of 50 PRs with long descriptions (and of 200 with long titles).
 */
import type { ActionRunResult } from '../fakes/action-env.js'
import { GitHubFake } from '../fakes/github-fake.js'
import { agentInputs } from '../fakes/inputs.js'
import { ServiceEmulator } from '../fakes/service-emulator.js'
import { mergedPullEvent } from '../fakes/webhooks.js'
import { MAX_PROMPT_LENGTH } from '../src/agent/prompt-context.js'
import { runAgentAt, type BenchTable } from './bench-run.js'

const DAY = 24 * 60 * 60_000
const HOUR = DAY / 24
const START = Date.parse('2026-03-02T00:00:00Z')
const TRACKING_ISSUE = 1
const DOCS = 'https://github.com/acme/docs-site/pull/'
/** As the runner passes action.yml's defaults. */
const GUARDS = {
  'skip-label': 'no-docs',
  'ignore-paths': '**/*.md\n**/*.mdx\ndocs.json\nmint.json',
  'include-diff': 'true'
}

interface Fakes {
  emulator: ServiceEmulator
  github: GitHubFake
  runs: number
}

async function withFakes<T>(work: (fakes: Fakes) => Promise<T>): Promise<T> {
  const [emulator, github] = await Promise.all([ServiceEmulator.start(), GitHubFake.start()])
  github.addIssue('acme', 'docs', { number: TRACKING_ISSUE, title: 'Docs digests' })
  emulator.setDefaultJobScript({ activePolls: 1, prLink: `${DOCS}1` })
  try {
    const result = await work({ emulator, github, runs: 0 })
    // The emulator checks each request and answer against the service's published description.
    const violations = emulator.contractViolations
    if (violations.length > 0) throw new Error(`contract violations:\n${violations.join('\n')}`)
    return result
  } finally {
    await Promise.all([emulator.close(), github.close()])
  }
}

/** One run of the agent action at `at`, as its own workflow run. */
function runAt(
  fakes: Fakes,
  at: number,
  spec: { eventName: string; event?: unknown; inputs: Record<string, string> }
): Promise<ActionRunResult> {
  const runId = String(9000 + ++fakes.runs)
  return runAgentAt(fakes, at, {
    ...spec,
    inputs: agentInputs(fakes.emulator, fakes.github, { ...GUARDS, ...spec.inputs }),
    runId
  })
}

function digestRun(fakes: Fakes, at: number, inputs: Record<string, string> = {}) {
  const event = { schedule: '0 * * * *', repository: { default_branch: 'main' } }
  const since = new Date(START).toISOString().slice(0, 10)
  const digest = { digest: 'true', 'issue-number': String(TRACKING_ISSUE), 'digest-since': since }
  return runAt(fakes, at, { eventName: 'schedule', event, inputs: { ...digest, ...inputs } })
}

/** A merged PR of acme/docs with one source file, as GitHub lists it. */
function addMerged(github: GitHubFake, pull: { number: number; at: number; body?: string }): void {
  github.addIssue('acme', 'docs', {
    number: pull.number,
    title: `Change ${pull.number}`,
    body: pull.body ?? `What ${pull.number} changes.`,
    user: 'dev',
    pull_request: true,
    base: 'main',
    files: [{ filename: `src/change${pull.number}.ts`, additions: 3, deletions: 1 }],
    merged: { sha: String(pull.number).padStart(40, 'a'), at: iso(pull.at) }
  })
}

const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z')

/** 200 merge times: over 30 days (working hours) or within one day (every 7.2 minutes). */
function mergeTimes(spread: 'month' | 'day'): number[] {
  const times = Array.from({ length: 200 }, (_, i) =>
    spread === 'day'
      ? START + 60_000 + i * (DAY / 200)
      : START +
        Math.floor((i * 30) / 200) * DAY +
        (9 + ((i * 5) % 9)) * HOUR +
        ((i * 17) % 60) * 60_000
  )
  return times.sort((a, b) => a - b)
}

interface Uses {
  total: number
  opened: number
  mostInADay: number
  mostInAnHour: number
  /** Every merge was covered once (by its own run, or by exactly one digest). */
  eachOnce: boolean
}

/** Agent uses (creates and follow-up messages), by the virtual time the emulator received them. */
function usesOf(emulator: ServiceEmulator): Omit<Uses, 'eachOnce'> {
  const uses = emulator.requests.filter(r => r.method === 'POST' && /\/(job|message)$/.test(r.path))
  const most = (size: number): number => {
    const buckets = new Map<number, number>()
    for (const { at } of uses)
      buckets.set(Math.floor(at / size), (buckets.get(Math.floor(at / size)) ?? 0) + 1)
    return Math.max(0, ...buckets.values())
  }
  const opened = uses.filter(r => /\/job$/.test(r.path)).length
  return { total: uses.length, opened, mostInADay: most(DAY), mostInAnHour: most(HOUR) }
}

type Mode = 'per merge' | 'hourly digest' | 'daily digest'

/** The runs a mode makes over `days` days: at each merge, or on the hour, or at midnight. */
function runTimes(mode: Mode, merges: number[], days: number): number[] {
  if (mode === 'per merge') return merges.map(at => at + 30_000)
  const step = mode === 'hourly digest' ? HOUR : DAY
  return Array.from({ length: (days * DAY) / step }, (_, i) => START + (i + 1) * step)
}

/** Runs one mode over the merges, the merges reaching GitHub as they happen. */
async function simulate(mode: Mode, spread: 'month' | 'day'): Promise<Uses> {
  const merges = mergeTimes(spread)
  return withFakes(async fakes => {
    const { emulator, github } = fakes
    let seeded = 0
    const docsPulls = new Set<number>()
    const jobs = new Set<string>()
    for (const at of runTimes(mode, merges, spread === 'day' ? 1 : 30)) {
      for (; seeded < merges.length && merges[seeded] < at; seeded++) {
        addMerged(github, { number: 100 + seeded, at: merges[seeded] })
      }
      reviewDocsPulls(fakes, { at, docsPulls })
      if (mode === 'per merge') {
        const number = 100 + merges.indexOf(at - 30_000)
        const event = mergedPullEvent({ number, title: `Change ${number}` })
        const result = await runAt(fakes, at, { eventName: 'pull_request', event, inputs: {} })
        jobs.add(result.outputs['job-id'])
      } else {
        await digestRun(fakes, at, { 'digest-max-pulls': '200' })
      }
    }
    const covered = mode === 'per merge' ? [...jobs].filter(Boolean).length : digestedPulls(github)
    return { ...usesOf(emulator), eachOnce: covered === merges.length }
  })
}

/**
 * The docs PR a job opens on a day is docs-site#<day>, open until reviewers merge it at the end of
 * that day: a digest on a later day starts a new job.
 */
function reviewDocsPulls(fakes: Fakes, { at, docsPulls }: { at: number; docsPulls: Set<number> }) {
  const today = Math.floor((at - START) / DAY) + 1
  for (const day of docsPulls) {
    if (day >= today) continue
    const merged = { sha: String(day).padStart(40, 'f'), at: iso(START + day * DAY - 1_000) }
    fakes.github.addIssue('acme', 'docs-site', { number: day, pull_request: true, merged })
    docsPulls.delete(day)
  }
  if (!docsPulls.has(today)) {
    fakes.github.addIssue('acme', 'docs-site', { number: today, pull_request: true })
    docsPulls.add(today)
  }
  fakes.emulator.setDefaultJobScript({ activePolls: 1, prLink: `${DOCS}${today}` })
}

/** How many distinct PRs the digests' comments record, or -1 when one is in two digests. */
function digestedPulls(github: GitHubFake): number {
  const numbers = github
    .comments('acme', 'docs', TRACKING_ISSUE)
    .flatMap(c => decodeURIComponent(/ pulls=(\S+)/.exec(c.body)?.[1] ?? '').split(','))
    .filter(Boolean)
  return new Set(numbers).size === numbers.length ? numbers.length : -1
}

async function usesTable(): Promise<{ lines: string[]; ok: boolean; monthHourly: number }> {
  const lines = [
    '| 200 merged PRs | runs | agent uses (creates + follow-ups) | docs PRs opened | most uses in a day | most in an hour | target | every PR covered once | met |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |'
  ]
  let ok = true
  let monthHourly = 0
  for (const spread of ['month', 'day'] as const) {
    for (const mode of ['per merge', 'hourly digest', 'daily digest'] as const) {
      const uses = await simulate(mode, spread)
      const days = spread === 'day' ? 1 : 30
      const runs = runTimes(mode, mergeTimes(spread), days).length
      const [target, met] =
        mode === 'per merge'
          ? ['one a merge: 200', uses.total === 200]
          : mode === 'hourly digest'
            ? ['≤ 24 a day', uses.mostInADay <= 24 && (spread === 'month' || uses.total <= 24)]
            : ['≤ 1 a day', uses.mostInADay <= 1]
      const good = met && uses.eachOnce
      ok &&= good
      if (spread === 'month' && mode === 'hourly digest') monthHourly = uses.total
      const over = spread === 'day' ? 'in one day' : 'over 30 days'
      lines.push(
        `| ${over}, ${mode} | ${runs} | ${uses.total} | ${uses.opened} | ${uses.mostInADay} | ${uses.mostInAnHour} | ${target} | ${uses.eachOnce ? 'yes' : '**no**'} | ${good ? 'yes' : '**no**'} |`
      )
    }
  }
  return { lines, ok, monthHourly }
}

/** A call of the GitHub fake, as `METHOD path`. */
const callText = (call: { method: string; path: string }): string => `${call.method} ${call.path}`

/**
 * One digest of N PRs after an earlier digest (whose docs PR is merged): the calls it makes, by kind.
 * Since the watermark: N merged PRs and N/2 closed without merging; before it: the earlier digest's
 * three and 300 older ones.
 */
async function digestCalls(n: number) {
  return withFakes(async fakes => {
    const { github } = fakes
    for (let i = 0; i < 300; i++)
      addMerged(github, { number: 1000 + i, at: START - DAY - i * HOUR })
    for (let i = 0; i < 3; i++) addMerged(github, { number: 10 + i, at: START + i * HOUR })
    await digestRun(fakes, START + DAY)
    github.addIssue('acme', 'docs-site', {
      number: 1,
      pull_request: true,
      merged: { sha: 'f'.repeat(40) }
    })
    const closed = Math.floor(n / 2)
    for (let i = 0; i < n; i++)
      addMerged(github, { number: 2000 + i, at: START + DAY + (i + 1) * 60_000 })
    for (let i = 0; i < closed; i++) {
      const at = iso(START + DAY + (i + 1) * 61_000)
      github.addIssue('acme', 'docs', {
        number: 5000 + i,
        pull_request: true,
        closed: true,
        updatedAt: at
      })
    }
    const before = github.calls.length
    const result = await digestRun(fakes, START + 2 * DAY, { 'digest-max-pulls': String(n) })
    const calls = github.calls.slice(before).map(callText)
    const count = (pattern: RegExp): number => calls.filter(call => pattern.test(call)).length
    const notes = /^(GET|POST) \/repos\/acme\/docs\/issues\/(?!1\/)\d+\/comments$/
    const listing = count(/^GET \/repos\/acme\/docs\/pulls$/)
    const files = count(/^GET \/repos\/acme\/docs\/pulls\/\d+\/files$/)
    const noteCalls = count(notes)
    const rest = calls.filter(
      call => !/\/pulls(\/\d+\/files)?$/.test(call) || /docs-site/.test(call)
    )
    const other = rest.filter(call => !notes.test(call))
    return {
      included: Number(result.outputs['digest-pulls']),
      // The earlier digest's last PR, updated at the watermark itself, is listed too.
      updatedSince: n + closed + 1,
      listing,
      files,
      reads: other.filter(call => /^GET |^POST \/graphql/.test(call)).length,
      writes: other.filter(call => !/^GET |^POST \/graphql/.test(call)).length,
      notes: noteCalls
    }
  })
}

async function callsTable(): Promise<{
  lines: string[]
  ok: boolean
  sameConstant: boolean
}> {
  const lines = [
    '| PRs in the digest (N) | closed PRs updated since the watermark (M) | listing reads (≤ ⌈(M+1)/100⌉) | files reads (≤ N) | other reads | comment writes | notes: a read and a post a PR (2N) | met |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |'
  ]
  let ok = true
  const constant = new Set<string>()
  for (const n of [10, 50, 200]) {
    const c = await digestCalls(n)
    const pages = Math.ceil((c.updatedSince + 1) / 100)
    constant.add(`${c.reads}/${c.writes}`)
    const met = c.included === n && c.listing <= pages && c.files <= n && c.notes === 2 * n
    ok &&= met
    lines.push(
      `| ${n} | ${c.updatedSince} | ${c.listing} (≤ ${pages}) | ${c.files} | ${c.reads} | ${c.writes} | ${c.notes} | ${met ? 'yes' : '**no**'} |`
    )
  }
  // The other reads and the writes are the constant: the same whatever N is.
  const sameConstant = constant.size === 1
  return { lines, ok: ok && sameConstant, sameConstant }
}

const PARAGRAPH =
  'This change reworks how the service answers a request that arrives while the project is over its limit: ' +
  'it now waits for the next window instead of failing, and says so in a header. '

/**
 * The prompt of one digest of `n` PRs, each with a description of `bodyLength` characters, a title
 * of `titleLength` and five changed files with their patches (include-diff is on).
 */
async function digestPrompt({
  n,
  bodyLength,
  titleLength
}: {
  n: number
  bodyLength: number
  titleLength: number
}) {
  return withFakes(async fakes => {
    const titles: string[] = []
    for (let i = 0; i < n; i++) {
      const number = 100 + i
      const title = `Change ${number}: ${'a long title '.repeat(40)}`.slice(0, titleLength)
      titles.push(title)
      const patch = `@@ -1,3 +1,12 @@\n${'+  const limit = readLimit(request)\n'.repeat(12)}`
      fakes.github.addIssue('acme', 'docs', {
        number,
        title,
        body: PARAGRAPH.repeat(Math.ceil(bodyLength / PARAGRAPH.length)).slice(0, bodyLength),
        user: 'dev',
        pull_request: true,
        labels: ['api'],
        files: Array.from({ length: 5 }, (_, f) => ({
          filename: `src/limits/part${f}.ts`,
          additions: 12,
          deletions: 3,
          patch
        })),
        merged: { sha: String(number).padStart(40, 'a'), at: iso(START + (i + 1) * 60_000) }
      })
    }
    await digestRun(fakes, START + DAY, { 'digest-max-pulls': String(n) })
    const [create] = fakes.emulator.requests.filter(
      r => r.method === 'POST' && /\/job$/.test(r.path)
    )
    const prompt = (create?.body as { prompt?: string } | undefined)?.prompt ?? ''
    // Every PR named by its reference line: `acme/docs#n` and as much of its title as there was room for.
    const named = titles.filter((title, i) => {
      const line = new RegExp(`^(Pull request |- )acme/docs#${100 + i}( "([^"]*)")?$`, 'm').exec(
        prompt
      )
      return line !== null && (line[3] === undefined || title.startsWith(line[3].replace(/…$/, '')))
    }).length
    const left = /\[Left out to stay within the prompt's size: ([^\]]*)\.\]/.exec(prompt)?.[1]
    const level = left ?? (/^- acme\/docs#/m.test(prompt) ? 'one line a PR' : 'nothing')
    return { length: prompt.length, named, level }
  })
}

async function promptTable(): Promise<BenchTable> {
  const lines = [
    `| digest | prompt length (≤ ${MAX_PROMPT_LENGTH.toLocaleString('en-US')}) | reference lines kept | left out | met |`,
    '| --- | --- | --- | --- | --- |'
  ]
  let ok = true
  const cases = [
    {
      n: 50,
      bodyLength: 4_000,
      titleLength: 60,
      what: '50 PRs, descriptions of 4,000 characters, 5 files each with diffs'
    },
    {
      n: 200,
      bodyLength: 4_000,
      titleLength: 200,
      what: '200 PRs, the same with titles of 200 characters'
    }
  ]
  for (const { what, ...shape } of cases) {
    const p = await digestPrompt(shape)
    const met = p.length <= MAX_PROMPT_LENGTH && p.named === shape.n
    ok &&= met
    lines.push(
      `| ${what} | ${p.length.toLocaleString('en-US')} | ${p.named} of ${shape.n} | ${p.level} | ${met ? 'yes' : '**no**'} |`
    )
  }
  return { lines, ok }
}

/** The digest's section of BENCHMARKS.md: the three tables, each with what it shows. */
export async function digestTable(): Promise<BenchTable> {
  const uses = await usesTable()
  const calls = await callsTable()
  const prompt = await promptTable()
  const lines = [
    ...uses.lines,
    '',
    'Every run of the agent action (in process, virtual time) against the fakes; the merges reach the GitHub fake as they happen: over 30 days in working hours, or within one day every 7.2 minutes. ' +
      'An agent use is a create or a follow-up message (each costs credits); a digest with nothing merged since the last makes none. ' +
      'Reviewers merge the day’s docs PR at the end of the day, so the first digest of a day opens one and the later ones add to it. ' +
      'Uses are counted by the UTC day and hour they reach the service (the hourly digest at 00:00 falls on the next day). ' +
      '"Every PR covered once": each merge had its own job, or the digests’ comments name each of the 200 in exactly one digest. ' +
      `Spread over a month, the hourly digest makes ${uses.monthHourly} uses for the 200 merges (one an hour with a merge in it: it saves only where merges share an hour); the daily one makes one a day.`,
    '',
    ...calls.lines,
    '',
    'One digest after an earlier one whose docs PR was merged: N PRs merged since the watermark, N/2 closed without merging, 300 older ones before it (`digest-max-pulls: N`); M counts the earlier digest’s last PR too, updated at the watermark itself. ' +
      'The other reads are the constant: the tracking issue’s comments (twice: the watermark, then the check that no other run claimed the digest; one page each while the issue holds fewer than 100 comments), the identity, the previous docs PR’s state, the docs PR’s comments for the back-link. ' +
      'The comment writes: the tracking comment (posted, then edited twice) and the back-link on the docs PR. ' +
      'Each note reads the code PR’s comments first, so that no run posts one twice. ' +
      `The same constant for every N: ${calls.sameConstant ? 'yes' : '**no**'}.`,
    '',
    ...prompt.lines,
    '',
    'The prompt the service received (the built-in instruction and the context block). Each PR keeps its reference line (`acme/docs#n` and its title); the block gives way level by level, and says what it left out.'
  ]
  return { lines, ok: uses.ok && calls.ok && prompt.ok }
}
