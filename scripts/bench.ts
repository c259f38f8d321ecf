/**
 * `npm run bench`: one table of the figures the project promises, measured in one run.
 *  1. Polling, in virtual time (fake timers) through the real poll loop (pollUntilEnded, the shared backoff schedule)
 *     with the default settings, beside
 *     fixed-interval polling every 10 s and 30 s.
 *  2. Page-view export by the analytics action, bundled as the committed bundle is, against the
 *     loopback emulator, plain and with `compare: previous` (both periods of the same size), with
 *     requests, time and peak memory at a tenth of the run's request budget and at all of it: the
 *     largest run the budget allows (the action's own limit applies, so a larger one would fail).
 *  3. The assistant export the same way: requests (⌈N/1000⌉ + 1) and peak memory
 *     (`-- --only assistant`, or `-- --only views` for 2., runs that table alone).
 *  4. The impact section's extra requests (scripts/bench-impact.ts), and the views per day's
 *     (scripts/bench-daily.ts).
 *  5. Bundle sizes and the time Node 24 takes to load each.
 *  6. The docs digest's agent uses, GitHub calls and prompt size (scripts/bench-digest.ts;
 *     `-- --only digest` runs it alone).
 *  7. The deploy action following deployments of 30 s, 2 min and 10 min (scripts/bench-deploy.ts).
 *  8. The GitHub reads of the tracking issue's comments a digest run makes, on an issue of 100 /
 *     1,000 / 10,000 comments (scripts/bench-reads.ts; `-- --only reads` runs it alone).
 *  9. The weekly report's service requests: today's four steps against one step under one budget
 *     (scripts/bench-weekly.ts; `-- --only weekly` runs it alone).
 * 10. An automation's triggers and credits for a month of 1,000 merges: per merge, per merge in one
 *     concurrency group, a digest of automations (scripts/bench-triggers.ts; `-- --only triggers`).
 * It prints the tables and, with --write, puts them into BENCHMARKS.md.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { REQUEST_LIMIT } from '../src/analytics/export/budget.js'
import { AGENT_JOB, pollUntilEnded } from '../src/job/poll.js'
import { DEFAULT_POLL_SCHEDULE, pollBackoff, type PollSchedule } from '../src/job/poll-schedule.js'
import type { AgentJob } from '../src/mintlify/types.js'
import { createRuntime, type Log } from '../src/shared/runtime.js'
import { VirtualTime } from '../fakes/virtual-time.js'
import { ServiceEmulator } from '../fakes/service-emulator.js'
import { actionEnvironment, cleanUp, PROJECT_ROOT, runInProcess } from '../fakes/action-env.js'
import { GitHubFake } from '../fakes/github-fake.js'
import { serviceInputs } from '../fakes/inputs.js'
import { run as runSweep } from '../src/sweep/main.js'
import { impactTable } from './bench-impact.js'
import { digestTable } from './bench-digest.js'
import { triggersTable } from './bench-triggers.js'
import { readsTable } from './bench-reads.js'
import { deployTable } from './bench-deploy.js'
import { dailyTable } from './bench-daily.js'
import { weeklyTable } from './bench-weekly.js'
import { printAlone, type BenchTable } from './bench-run.js'

const NODE24 = join(PROJECT_ROOT, 'scripts', 'node24.sh')

/** A small seeded generator, so the jitter draws are the same every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

interface PollFigures {
  polls: number
  delayMs: number
}

const silent: Log = { debug() {}, info() {}, warning() {}, error() {}, notice() {} }

/** The real poll loop following a job that ends `jobMs` after creation, in virtual time. */
async function adaptivePolling(
  jobMs: number,
  schedule: PollSchedule,
  seed: number
): Promise<PollFigures> {
  const time = VirtualTime.install(0)
  try {
    const random = seeded(seed)
    const rt = createRuntime(new AbortController().signal, { random, log: silent })
    const job = (status: string): AgentJob => ({ id: 'bench', status, prLink: null })
    const outcome = await time.drive(
      pollUntilEnded(
        {
          subject: AGENT_JOB,
          read: async () => job(Date.now() >= jobMs ? 'completed' : 'active'),
          backoff: pollBackoff(schedule, random),
          deadline: 60 * 60_000,
          startedAt: 0,
          waitFirst: true
        },
        rt
      )
    )
    if (outcome.kind !== 'ended')
      throw new Error(`bench job of ${jobMs} ms did not end: ${outcome.kind}`)
    return { polls: outcome.polls, delayMs: Date.now() - jobMs }
  } finally {
    time.uninstall()
  }
}

function fixedPolling(jobMs: number, intervalMs: number): PollFigures {
  const polls = Math.ceil(jobMs / intervalMs)
  return { polls, delayMs: polls * intervalMs - jobMs }
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`
const label = (ms: number): string => (ms >= 60_000 ? `${ms / 60_000} min` : `${ms / 1000} s`)

async function pollingTable(): Promise<BenchTable> {
  const schedule = DEFAULT_POLL_SCHEDULE
  const durations = [10_000, 30_000, 40_000, 120_000, 600_000, 1_800_000]
  const seeds = Array.from({ length: 20 }, (_, i) => i + 1)
  const lines = [
    '| job length | polls (mean of 20) | worst detection delay | target delay | fixed 10 s: polls / delay | fixed 30 s: polls / delay | polls vs fixed 10 s | target ratio | met |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |'
  ]
  let ok = true
  for (const jobMs of durations) {
    const runs: PollFigures[] = []
    // One at a time: the fake timers are global.
    for (const seed of seeds) runs.push(await adaptivePolling(jobMs, schedule, seed))
    const meanPolls = runs.reduce((sum, r) => sum + r.polls, 0) / runs.length
    const worstDelay = Math.max(...runs.map(r => r.delayMs))
    const targetDelay = Math.min(schedule.maxDelayMs, schedule.firstDelayMs + 0.1 * jobMs)
    const fixed10 = fixedPolling(jobMs, 10_000)
    const fixed30 = fixedPolling(jobMs, 30_000)
    const ratio = meanPolls / fixed10.polls
    const targetRatio = jobMs >= 1_800_000 ? 0.4 : jobMs >= 600_000 ? 0.55 : undefined
    const met = worstDelay <= targetDelay && (targetRatio === undefined || ratio <= targetRatio)
    ok &&= met
    lines.push(
      `| ${label(jobMs)} | ${meanPolls.toFixed(1)} | ${seconds(worstDelay)} | ≤ ${seconds(targetDelay)} | ${fixed10.polls} / ${seconds(fixed10.delayMs)} | ${fixed30.polls} / ${seconds(fixed30.delayMs)} | ${ratio.toFixed(2)} | ${targetRatio === undefined ? '—' : `≤ ${targetRatio}`} | ${met ? 'yes' : '**no**'} |`
    )
  }
  return { lines, ok }
}

interface ExportFigures {
  requests: number
  seconds: number
  peakRssMb: number
  rows: number
}

/** This week and the week before, for the comparison runs. */
const WEEK = { dateFrom: '2024-01-08', dateTo: '2024-01-15', before: '2024-01-01' }

/** The run sizes measured: a tenth of the request budget, and all of it. */
const BUDGET_SHARES = [REQUEST_LIMIT / 10, REQUEST_LIMIT]

/**
 * Bundles the analytics action from the source as `npm run build` does (the committed bundle may
 * trail the source), to a scratch folder. Returns the bundle's path.
 */
function bundleExport(): string {
  const out = mkdtempSync(join(tmpdir(), 'bench-export-'))
  const entry = join(PROJECT_ROOT, 'src', 'analytics.ts')
  const built = spawnSync('npx', ['ncc', 'build', entry, '-o', out, '-m'], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'ignore', 'inherit']
  })
  if (built.status !== 0) throw new Error('could not bundle src/analytics.ts')
  return join(out, 'index.js')
}

/**
 * Runs the export bundle as the runner would with `inputs` (the emulator's data already set),
 * reporting the requests, the rows of the CSV `file` it wrote, and the child's peak RSS.
 */
async function measureExport(
  bundle: string,
  emulator: ServiceEmulator,
  inputs: Record<string, string>,
  file: string
): Promise<ExportFigures> {
  const before = emulator.requests.length
  const { env, workDir } = actionEnvironment({
    inputs: {
      'api-key': emulator.apiKey,
      'project-id': emulator.projectId,
      'api-url': emulator.url,
      format: 'csv',
      'output-file': file,
      ...inputs
    }
  })
  const rssFile = join(workDir, 'rss.txt')
  const preload = join(workDir, 'rss.mjs')
  writeFileSync(
    preload,
    `import { writeFileSync } from 'node:fs'\nprocess.on('exit', () => writeFileSync(${JSON.stringify(rssFile)}, String(process.resourceUsage().maxRSS)))\n`
  )
  const started = performance.now()
  const code = await new Promise<number>(resolve => {
    const child = spawn('bash', [NODE24, '--import', preload, bundle], {
      cwd: workDir,
      env: { ...process.env, ...env },
      stdio: 'ignore'
    })
    child.on('close', c => resolve(c ?? 1))
  })
  const elapsed = (performance.now() - started) / 1000
  if (code !== 0) throw new Error(`the export to ${file} failed (exit ${code})`)
  const written = readFileSync(join(workDir, file), 'utf8').split('\n').filter(Boolean).length - 1
  const peakRssMb = Number(readFileSync(rssFile, 'utf8')) / 1024
  rmSync(workDir, { recursive: true, force: true })
  return { requests: emulator.requests.length - before, seconds: elapsed, peakRssMb, rows: written }
}

/** The page-view export; with `compare`, both periods have `rows` rows. */
async function exportRun(
  bundle: string,
  emulator: ServiceEmulator,
  rows: number,
  compare: boolean
): Promise<ExportFigures> {
  if (compare) {
    emulator.generatePageViews(rows, WEEK.dateFrom)
    emulator.generatePageViews(rows, WEEK.before, 1)
  } else {
    emulator.generatePageViews(rows)
  }
  const range: Record<string, string> = compare
    ? // No chart: the points per day are measured on their own (bench-daily.ts).
      { 'date-from': WEEK.dateFrom, 'date-to': WEEK.dateTo, compare: 'previous', chart: 'false' }
    : {}
  return measureExport(bundle, emulator, range, 'views.csv')
}

const count = (n: number): string => n.toLocaleString('en-US')
const RUNS = 3

/** The figures of the median run by peak RSS, its time the median time, with the range of peaks. */
interface MedianFigures extends ExportFigures {
  rss: string
  /** Every run made the same requests and wrote the same rows. */
  consistent: boolean
}

/** Peak RSS varies between runs of the same export (V8 sizes its heap to the allocation rate). */
async function medianOfRuns(measure: () => Promise<ExportFigures>): Promise<MedianFigures> {
  const runs: ExportFigures[] = []
  for (let i = 0; i < RUNS; i++) runs.push(await measure())
  const middle = (values: number[]): number => values.sort((a, b) => a - b)[(RUNS - 1) / 2]
  const peaks = runs.map(r => r.peakRssMb)
  const median = runs.find(r => r.peakRssMb === middle([...peaks])) as ExportFigures
  return {
    ...median,
    seconds: middle(runs.map(r => r.seconds)),
    rss: `${median.peakRssMb.toFixed(0)} MB (${Math.min(...peaks).toFixed(0)}–${Math.max(...peaks).toFixed(0)})`,
    consistent: runs.every(r => r.requests === median.requests && r.rows === median.rows)
  }
}
const mb = (n: number): string => `${n >= 0 ? '+' : ''}${n.toFixed(1)} MB`

/**
 * The assistant export: N conversations, a quarter unanswered and half of those each asked once, so
 * the grouping for the prompt has about N/8 distinct questions. One request reads the caller split,
 * the others 1,000 conversations each.
 */
async function assistantTable(bundle: string): Promise<BenchTable> {
  const emulator = await ServiceEmulator.start()
  const lines = [
    `| conversations | requests (of ${REQUEST_LIMIT}) | expected | rows written | time (median) | rows read / s | peak RSS: median of ${RUNS} (range) |`,
    '| --- | --- | --- | --- | --- | --- | --- |'
  ]
  const rss: number[] = []
  const sizes = BUDGET_SHARES.map(requests => (requests - 1) * 1000)
  let ok = true
  try {
    for (const rows of sizes) {
      emulator.generateAssistant(rows)
      const figures = await medianOfRuns(() =>
        measureExport(bundle, emulator, { dataset: 'assistant' }, 'assistant.csv')
      )
      const expected = Math.ceil(rows / 1000) + 1
      ok &&= figures.consistent && figures.requests === expected && figures.rows === rows
      rss.push(figures.peakRssMb)
      lines.push(
        `| ${count(rows)} | ${figures.requests} | ⌈N/1000⌉ + 1 = ${expected} | ${count(figures.rows)} | ${figures.seconds.toFixed(1)} s | ${count(Math.round(rows / figures.seconds))} | ${figures.rss} |`
      )
    }
  } finally {
    await emulator.close()
  }
  const growth = rss[rss.length - 1] - rss[0]
  ok &&= growth < 64
  lines.push(
    '',
    `Peak RSS growth from ${count(sizes[0])} to ${count(sizes[sizes.length - 1])} conversations (a tenth of the budget to all of it): ${mb(growth)} (target < 64 MB, ${growth < 64 ? 'met' : '**not met**'}). ` +
      `${count(sizes[sizes.length - 1])} is the most a run reads: ${REQUEST_LIMIT} requests, one of them the caller split. ` +
      'Rows go to the file page by page; the summary keeps one record per category and `summary-rows` questions, and the grouping for the prompt one entry per distinct unanswered question, in memory ' +
      `(about ${count(Math.round(sizes[sizes.length - 1] / 8))} here).` +
      (growth < 64
        ? ''
        : ' What grows is the heap V8 reserves for the garbage of 1,000-conversation pages, each parsed whole (about half a megabyte of answer), not what the export keeps: ' +
          'the range shows how far it varies between runs of the same size; with V8’s young generation capped ' +
          '(`NODE_OPTIONS=--max-semi-space-size=2`, which a JavaScript action cannot set for its own process) the growth measured 60 MB (by hand, 2026-11-26).')
  )
  return { lines, ok }
}

async function exportTable(bundle: string): Promise<BenchTable> {
  const emulator = await ServiceEmulator.start()
  const lines = [
    `| export | rows (each period) | requests (of ${REQUEST_LIMIT}) | expected | rows written | time (median) | rows read / s | peak RSS: median of ${RUNS} (range) |`,
    '| --- | --- | --- | --- | --- | --- | --- | --- |'
  ]
  let ok = true
  const rss = { plain: [] as number[], compare: [] as number[] }
  const rowsAt = (requests: number, compare: boolean): number =>
    (requests / (compare ? 2 : 1)) * 250
  try {
    for (const compare of [false, true]) {
      for (const requests of BUDGET_SHARES) {
        const rows = rowsAt(requests, compare)
        const figures = await medianOfRuns(() => exportRun(bundle, emulator, rows, compare))
        const expected = Math.ceil(rows / 250) * (compare ? 2 : 1)
        ok &&= figures.consistent && figures.requests === expected && figures.rows === rows
        rss[compare ? 'compare' : 'plain'].push(figures.peakRssMb)
        const read = rows * (compare ? 2 : 1)
        lines.push(
          `| ${compare ? '`compare: previous`' : 'plain'} | ${count(rows)} | ${figures.requests} | ${compare ? `⌈N/250⌉ + ⌈M/250⌉ = ${expected}` : `⌈N/250⌉ = ${expected}`} | ${count(figures.rows)} | ${figures.seconds.toFixed(1)} s | ${count(Math.round(read / figures.seconds))} | ${figures.rss} |`
        )
      }
    }
  } finally {
    await emulator.close()
  }
  const last = BUDGET_SHARES.length - 1
  const growth = rss.plain[last] - rss.plain[0]
  const compareGrowth = rss.compare[last] - rss.compare[0]
  const overPlain = rss.compare[last] - rss.plain[last]
  ok &&= growth < 64
  lines.push(
    '',
    `Peak RSS growth from a tenth of the budget to all of it: plain ${mb(growth)} (target < 64 MB, ${growth < 64 ? 'met' : '**not met**'}); ` +
      `with \`compare: previous\` ${mb(compareGrowth)} (${compareGrowth < 64 ? 'flat' : '**not flat**'}), and ${mb(overPlain)} against the plain export at the whole budget. ` +
      `The last rows of each are the largest runs there are: ${count(rowsAt(REQUEST_LIMIT, false))} rows, or ${count(rowsAt(REQUEST_LIMIT, true))} a period with \`compare\`, in ${REQUEST_LIMIT} requests. ` +
      'The comparison keeps the previous period’s total of each path in memory; this period’s rows go to the file as they are read.'
  )
  return { lines, ok }
}

function bundleTable(): BenchTable {
  const lines = [
    '| bundle | size | load and run to the first error (median of 11) | bare `node` start | met |',
    '| --- | --- | --- | --- | --- |'
  ]
  const time = (args: string[]): number => {
    const samples: number[] = []
    const cwd = mkdtempSync(join(tmpdir(), 'bench-load-'))
    for (let i = 0; i < 11; i++) {
      const started = performance.now()
      // No inputs: the bundle loads, fails on the missing api-key and exits.
      spawnSync('bash', [NODE24, ...args], {
        cwd,
        env: { PATH: process.env.PATH ?? '' },
        stdio: 'ignore'
      })
      samples.push(performance.now() - started)
    }
    rmSync(cwd, { recursive: true, force: true })
    return samples.sort((a, b) => a - b)[5]
  }
  const bare = time(['-e', '0'])
  let ok = true
  for (const bundle of [
    'dist/index.js',
    'dist/analytics/index.js',
    'dist/sweep/index.js',
    'dist/deploy/index.js'
  ]) {
    const size = statSync(join(PROJECT_ROOT, bundle)).size
    const load = time([join(PROJECT_ROOT, bundle)])
    const met = size < 1_300_000 && load - bare < 100
    ok &&= met
    lines.push(
      `| \`${bundle}\` | ${(size / 1_000_000).toFixed(2)} MB | ${load.toFixed(0)} ms (${(load - bare).toFixed(0)} ms over bare) | ${bare.toFixed(0)} ms | ${met ? 'yes' : '**no**'} |`
    )
  }
  return { lines, ok }
}

/** How long the real poll loop holds the runner for a job of `jobMs`, with a deadline of `waitMs`. */
async function runnerHeld(jobMs: number, waitMs: number): Promise<number> {
  const time = VirtualTime.install(0)
  try {
    const random = seeded(1)
    const rt = createRuntime(new AbortController().signal, { random, log: silent })
    const job = (status: string): AgentJob => ({ id: 'bench', status, prLink: null })
    await time.drive(
      pollUntilEnded(
        {
          subject: AGENT_JOB,
          read: async () => job(Date.now() >= jobMs ? 'completed' : 'active'),
          backoff: pollBackoff(DEFAULT_POLL_SCHEDULE, random),
          deadline: waitMs,
          startedAt: 0,
          waitFirst: true
        },
        rt
      )
    )
    return Date.now()
  } finally {
    time.uninstall()
  }
}

/** Runner time per request: waiting to the end beside `detach: true` with max-wait-minutes 3. */
async function runnerTable(): Promise<BenchTable> {
  const lines = [
    '| job length | runner held, waiting to the end | runner held, `detach: true` + `max-wait-minutes: 3` | comment finished by |',
    '| --- | --- | --- | --- |'
  ]
  let ok = true
  for (const jobMs of [2 * 60_000, 10 * 60_000, 30 * 60_000]) {
    const waiting = await runnerHeld(jobMs, 60 * 60_000)
    const detached = await runnerHeld(jobMs, 3 * 60_000)
    ok &&= detached <= 3 * 60_000
    const by = jobMs <= detached ? 'the run itself' : 'the sweep (on the agent’s PR, or hourly)'
    lines.push(`| ${label(jobMs)} | ${seconds(waiting)} | ${seconds(detached)} | ${by} |`)
  }
  return { lines, ok }
}

/** The sweep's calls for a repository with 1,000 comments in the window and 10 left comments. */
async function sweepTable(): Promise<BenchTable> {
  const [emulator, github] = await Promise.all([ServiceEmulator.start(), GitHubFake.start()])
  try {
    github.addIssue('acme', 'docs', { number: 7, title: 'Docs' })
    for (let i = 0; i < 990; i++) github.addComment('acme', 'docs', 7, `thanks ${i}`, 'octocat')
    for (let i = 0; i < 10; i++) {
      const id = emulator.addJob({ activePolls: 0, prLink: null })
      github.addComment(
        'acme',
        'docs',
        7,
        `**Mintlify docs agent**\n\n⏳ running\n\n<!-- mintlify-docs-agent:tracking request=comment-${i} job=${id} state=job phase=left -->`
      )
    }
    const time = VirtualTime.install(Date.now())
    let outputs: Record<string, string>
    try {
      const result = await runInProcess(
        {
          eventName: 'schedule',
          inputs: { ...serviceInputs(emulator), 'github-token': github.token },
          env: { GITHUB_API_URL: github.url }
        },
        () => time.drive(runSweep({ requestTimeoutMs: 5_000 }), [emulator.traffic, github.traffic])
      )
      outputs = result.outputs
      cleanUp(result)
    } finally {
      time.uninstall()
    }
    const calls = (pattern: RegExp): number =>
      github.calls.filter(c => pattern.test(`${c.method} ${c.path}`)).length
    const lists = calls(/^GET \/repos\/acme\/docs\/issues\/comments$/)
    const edits = calls(/^PATCH /)
    const reads = emulator.requests.length
    const ok = lists <= 10 && reads === 10 && edits === 10 && outputs.finished === '10'
    return {
      lines: [
        '| comments in the window | left comments | list calls (target ≤ ⌈C/100⌉) | identity | job reads | edits | finished | met |',
        '| --- | --- | --- | --- | --- | --- | --- | --- |',
        `| 1,000 | 10 | ${lists} (≤ 10) | ${calls(/graphql|GET \/user/)} | ${reads} | ${edits} | ${outputs.finished} | ${ok ? 'yes' : '**no**'} |`
      ],
      ok
    }
  } finally {
    await Promise.all([emulator.close(), github.close()])
  }
}

/** `--only digest`: the digest's section alone (scripts/bench-digest.ts). */
if (process.argv.includes('--only') && process.argv.includes('digest'))
  await printAlone(digestTable())
/** `--only triggers`: an automation's triggers for a month of merges alone (scripts/bench-triggers.ts). */
if (process.argv.includes('--only') && process.argv.includes('triggers'))
  await printAlone(triggersTable())
/** `--only reads`: the conversation reads alone (scripts/bench-reads.ts). */
if (process.argv.includes('--only') && process.argv.includes('reads'))
  await printAlone(readsTable())
/** `--only weekly`: the weekly report's requests alone (scripts/bench-weekly.ts). */
if (process.argv.includes('--only') && process.argv.includes('weekly'))
  await printAlone(weeklyTable())
/**
 * `--only assistant` or `--only views`: that export's table alone (a quick look; never written to
 * BENCHMARKS.md).
 */
if (process.argv.includes('--only')) {
  const bundle = bundleExport()
  try {
    const only = process.argv[process.argv.indexOf('--only') + 1]
    const table = await (only === 'views' ? exportTable : assistantTable)(bundle)
    console.log(table.lines.join('\n'))
    console.log(table.ok ? 'All targets met.' : 'Some targets were missed (marked **no**).')
  } finally {
    rmSync(dirname(bundle), { recursive: true, force: true })
  }
  process.exit(0)
}

const loadAtStart = loadavg()[0]
const polling = await pollingTable()
const runner = await runnerTable()
const sweeping = await sweepTable()
const bundle = bundleExport()
let exporting: { lines: string[]; ok: boolean }
let assisting: { lines: string[]; ok: boolean }
try {
  exporting = await exportTable(bundle)
  assisting = await assistantTable(bundle)
} finally {
  rmSync(dirname(bundle), { recursive: true, force: true })
}
const impact = await impactTable()
const daily = await dailyTable()
const weekly = await weeklyTable()
const digest = await digestTable()
const triggers = await triggersTable()
const reads = await readsTable()
const deploying = await deployTable()
const bundles = bundleTable()
const node = spawnSync('bash', [NODE24, '--version'], { encoding: 'utf8' }).stdout.trim()
const cores = availableParallelism()
const loadAtEnd = loadavg()[0]
const busy = Math.max(loadAtStart, loadAtEnd) > cores / 2
const report = [
  `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}, Node ${node}, ${process.platform} ${process.arch}, ` +
    `${cores} cores (load average ${loadAtStart.toFixed(1)} at the start, ${loadAtEnd.toFixed(1)} at the end)` +
    (busy
      ? ': a shared, busy machine, so the times are slower than on a quiet one; the memory figures (peak RSS) are the ones to compare.'
      : '.'),
  '',
  '### Polling (virtual time on fake timers, the real poll loop: the shared backoff schedule from 5 s, factor 1.1, cap 30 s, one jitter draw a run, ≤ 3 % shorter)',
  '',
  ...polling.lines,
  '',
  'The job lengths are whole multiples of 10 s, so a fixed-interval poller happens to poll right as the job ends: its best case. Over jobs of any length it notices the end half an interval late on average (5 s and 15 s) and a whole interval late at worst. The adaptive loop is shown at its worst over 20 jitter seeds.',
  '',
  '### Runner time per request, and the sweep (virtual time; the real poll loop and the sweep action against the fakes)',
  '',
  ...runner.lines,
  '',
  ...sweeping.lines,
  '',
  `### Page-view export, plain and with \`compare: previous\`, up to the largest run the ${REQUEST_LIMIT}-request budget allows (the action bundled as the committed bundle is, with its own request limit, against the loopback emulator, page size 250, CSV)`,
  '',
  ...exporting.lines,
  '',
  `### Assistant export, up to the largest run the ${REQUEST_LIMIT}-request budget allows (the same bundle and emulator, page size 1,000, CSV; one more request for the caller split)`,
  '',
  ...assisting.lines,
  '',
  "### The impact section's extra cost (`impact: true`; the action in process against the fakes, CSV)",
  '',
  ...impact.lines,
  '',
  '### The views per day (`chart: true` with both dates; the action in process against the fakes, CSV)',
  '',
  ...daily.lines,
  '',
  "### The weekly report's service requests for a site of 500 / 5,000 / 25,000 pages: today's four steps against one step under one budget (the action in process, in virtual time, against the fakes)",
  '',
  ...weekly.lines,
  '',
  "### The docs digest's cost (`digest: true`; the agent action in process, in virtual time, against the fakes)",
  '',
  ...digest.lines,
  '',
  "### An automation's triggers and credits for a month of 1,000 merges: per merge, per merge in one group, a digest of automations (the per-merge rows a model; the digest the agent action in process, in virtual time, against the fakes)",
  '',
  ...triggers.lines,
  '',
  '### GitHub conversation reads per digest run on a tracking issue of 100 / 1,000 / 10,000 comments (the agent action in process, in virtual time, against the fakes)',
  '',
  ...reads.lines,
  '',
  ...deploying.lines,
  '### Bundles',
  '',
  ...bundles.lines,
  ''
].join('\n')
console.log(report)
const allMet =
  polling.ok &&
  runner.ok &&
  sweeping.ok &&
  exporting.ok &&
  assisting.ok &&
  impact.ok &&
  digest.ok &&
  triggers.ok &&
  reads.ok &&
  deploying.ok &&
  daily.ok &&
  weekly.ok &&
  bundles.ok
console.log(allMet ? 'All targets met.' : 'Some targets were missed (marked **no**).')
if (process.argv.includes('--write')) {
  const header =
    '# Benchmarks\n\nProduced by `npm run bench -- --write` (the figures below are from its last run).\n\n'
  writeFileSync(join(PROJECT_ROOT, 'BENCHMARKS.md'), header + report)
}
