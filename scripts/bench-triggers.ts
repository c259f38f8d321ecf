/**
 * Triggers and credits of one Mintlify automation for a month of 1,000 merges, for `npm run bench`
 * (`-- --only triggers` prints it alone). The merges are drawn from a fixed seed as the soak draws
 * them: 30 days, a third in bursts of 10 to 25 within 20 minutes, the rest in working hours; 85 % pass
 * the guards (the rest are docs-only, a bot's or labelled `no-docs`). Each automation run lasts 10
 * minutes and costs 180 credits (Mintlify's average for "update from code changes").
 *  - Per merge (the `curl` recipe, or `automation` with no group): a model. Every merge the guards
 *    let through triggers when its run starts, 30 s after the merge; runs of one automation overlap.
 *  - Per merge, one concurrency group per automation (`queue: max`, following the run): a model.
 *    GitHub starts a group's queued runs one at a time, in order; a run that triggers holds the group
 *    until its automation run ends, one the guards skip a few seconds.
 *  - A digest of automations on every merge (and daily at 06:41, the backstop): measured. The agent
 *    action in process, in virtual time, against the fakes, one run a merge, each started when the
 *    run before it ended (the same group), following its run to its end.
 */
import { GitHubFake } from '../fakes/github-fake.js'
import { agentInputs } from '../fakes/inputs.js'
import { ServiceEmulator } from '../fakes/service-emulator.js'
import { mergedPullEvent } from '../fakes/webhooks.js'
import { cleanUp, runInProcess } from '../fakes/action-env.js'
import { VirtualTime } from '../fakes/virtual-time.js'
import { run as runAgent } from '../src/agent/main.js'
import { digestPulls } from '../src/job/digest-marker.js'
import type { BenchTable } from './bench-run.js'
import { trackingComments } from './soak/state.js'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const START = Date.parse('2026-03-01T00:00:00Z')
const DAYS = 30
const MERGES = Number(process.env.BENCH_MERGES ?? 1_000)
const RUN_MS = 10 * MINUTE
const CREDITS_A_RUN = 180
const PRO_PLAN_CREDITS = 10_000
const AUTOMATION = 'update-docs'
const TRACKING_ISSUE = 1

interface Merge {
  number: number
  at: number
  /** The guards let it through (not docs-only, not a bot's, not labelled `no-docs`). */
  code: boolean
}

/** A small seeded generator, so the month is the same every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

function drawMerges(): Merge[] {
  const next = seeded(20260301)
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const working = () => START + int(0, DAYS - 1) * DAY + 8 * HOUR + int(0, 11 * HOUR - 1)
  const bursty = Math.round(MERGES / 3)
  const times = Array.from({ length: MERGES - bursty }, working)
  for (let left = bursty; left > 0;) {
    const size = Math.min(left, int(10, 25))
    const at = working()
    for (let i = 0; i < size; i++) times.push(at + int(0, 20 * MINUTE))
    left -= size
  }
  // Whole seconds, as GitHub gives merge times.
  const sorted = times.map(at => Math.floor(at / 1000) * 1000).sort((a, b) => a - b)
  return sorted.map((at, i) => ({ number: 100 + i, at, code: next() < 0.85 }))
}

interface Figures {
  runs: number
  triggers: number
  /** Runs triggered while another run of the automation was still running. */
  overlapping: number
  /** The longest a merge's run waited in the group's queue before it started. */
  longestWaitMs: number
  /** Every PR the guards let through is in exactly one run's change (a digest's comment names it). */
  coveredOnce: boolean
}

/** Per merge, without a group: each run triggers 30 s after its merge. */
function perMerge(merges: Merge[]): Figures {
  const starts = merges.filter(m => m.code).map(m => m.at + 30_000)
  const overlapping = starts.filter((at, i) => i > 0 && at < starts[i - 1] + RUN_MS).length
  return {
    runs: merges.length,
    triggers: starts.length,
    overlapping,
    longestWaitMs: 0,
    coveredOnce: overlapping === 0
  }
}

/** Per merge in one group with `queue: max`: the runs one at a time, in merge order. */
function perMergeQueued(merges: Merge[]): Figures {
  let free = 0
  let longestWaitMs = 0
  for (const merge of merges) {
    const arrives = merge.at + 30_000
    const start = Math.max(arrives, free)
    longestWaitMs = Math.max(longestWaitMs, start - arrives)
    free = start + (merge.code ? RUN_MS : 5_000)
  }
  const triggers = merges.filter(m => m.code).length
  return { runs: merges.length, triggers, overlapping: 0, longestWaitMs, coveredOnce: true }
}

/** One run of the agent action from `at`; returns the virtual time it ended. */
async function runAt(
  fakes: { emulator: ServiceEmulator; github: GitHubFake },
  at: number,
  spec: { eventName: string; event: unknown; runId: string }
): Promise<number> {
  const { emulator, github } = fakes
  const inputs = agentInputs(emulator, github, {
    'skip-label': 'no-docs',
    'ignore-paths': '**/*.md\n**/*.mdx\ndocs.json\nmint.json',
    digest: 'true',
    automation: AUTOMATION,
    'issue-number': String(TRACKING_ISSUE),
    'digest-branch': 'main',
    'digest-since': new Date(START).toISOString().slice(0, 10),
    'max-wait-minutes': '30',
    // Polled once a minute: the bench counts triggers, and fewer polls keep 1,000 runs quick.
    'poll-interval-seconds': '60',
    'max-poll-interval-seconds': '60'
  })
  const time = VirtualTime.install(at)
  try {
    const env = { GITHUB_API_URL: github.url, GITHUB_RUN_ID: spec.runId }
    const result = await runInProcess({ ...spec, inputs, env }, () =>
      time.drive(runAgent({ requestTimeoutMs: 5_000, handleSignals: false }), [
        emulator.traffic,
        github.traffic
      ])
    )
    cleanUp(result)
    if (result.exitCode !== 0) throw new Error(`bench run ${spec.runId} failed:\n${result.stdout}`)
    return time.now()
  } finally {
    time.uninstall()
  }
}

/** When the digest of automations runs: on every merge and daily (the recipe), or daily alone. */
function digestRuns(merges: Merge[], onMerge: boolean): { at: number; merge?: Merge }[] {
  const daily = Array.from({ length: DAYS }, (_, d) => ({
    at: START + d * DAY + 6 * HOUR + 41 * MINUTE
  }))
  const merged = onMerge ? merges.map(merge => ({ at: merge.at + 30_000, merge })) : []
  return [...merged, ...daily].sort((a, b) => a.at - b.at)
}

/** The digest of automations at these times, measured. */
async function digestOfAutomations(
  merges: Merge[],
  arrivals: { at: number; merge?: Merge }[]
): Promise<Figures> {
  const [emulator, github] = await Promise.all([ServiceEmulator.start(), GitHubFake.start()])
  try {
    emulator.platform.addAutomation(AUTOMATION)
    emulator.setDefaultJobScript({ activeForMs: RUN_MS, prLink: null })
    github.addIssue('acme', 'docs', { number: TRACKING_ISSUE, title: 'Docs digests' })
    let free = 0
    let added = 0
    let longestWaitMs = 0
    for (const [i, { at, merge }] of arrivals.entries()) {
      const start = Math.max(at, free)
      longestWaitMs = Math.max(longestWaitMs, start - at)
      for (; added < merges.length && merges[added].at < start; added++)
        addMerge(github, merges[added])
      const event = merge
        ? mergedPullEvent({ number: merge.number, title: `Change ${merge.number}` })
        : { schedule: '41 6 * * *' }
      const eventName = merge ? 'pull_request_target' : 'schedule'
      free = await runAt({ emulator, github }, start, { eventName, event, runId: String(7000 + i) })
      if (process.env.BENCH_DEBUG)
        console.error(i, new Date(start).toISOString(), (free - start) / 1000)
    }
    const violations = emulator.contractViolations
    if (violations.length > 0) throw new Error(`contract violations:\n${violations.join('\n')}`)
    const triggers = emulator.platform.automationRuns.length
    return {
      runs: arrivals.length,
      triggers,
      overlapping: overlaps(emulator),
      longestWaitMs,
      coveredOnce: coveredOnce(github, merges)
    }
  } finally {
    await Promise.all([emulator.close(), github.close()])
  }
}

function addMerge(github: GitHubFake, merge: Merge): void {
  const kind = merge.number % 3
  github.addIssue('acme', 'docs', {
    number: merge.number,
    title: `Change ${merge.number}`,
    body: `What ${merge.number} changes.`,
    user: merge.code || kind !== 1 ? 'dev' : 'dependabot[bot]',
    pull_request: true,
    base: 'main',
    labels: !merge.code && kind === 2 ? ['no-docs'] : [],
    files: [
      {
        filename:
          merge.code || kind !== 0
            ? `src/change${merge.number}.ts`
            : `docs/page${merge.number}.mdx`,
        additions: 3,
        deletions: 1
      }
    ],
    merged: {
      sha: String(merge.number).padStart(40, 'a'),
      by: 'maintainer',
      at: new Date(merge.at).toISOString()
    }
  })
}

/** Automation runs started while the one before was still running (the emulator's jobs). */
function overlaps(emulator: ServiceEmulator): number {
  const runs = emulator.platform.automationRuns
  const sent = emulator.requestsTo('POST', /\/trigger$/)
  let overlapping = 0
  for (let i = 1; i < runs.length; i++) {
    const before = emulator.job(runs[i - 1].jobId)
    if (before?.endsAt !== undefined && sent[i].at < before.endsAt) overlapping++
  }
  return overlapping
}

function coveredOnce(github: GitHubFake, merges: Merge[]): boolean {
  const times = new Map<number, number>()
  for (const { comment, marker } of trackingComments(github)) {
    if (comment.issueNumber !== TRACKING_ISSUE || !marker.since) continue
    for (const pull of digestPulls(marker)) times.set(pull, (times.get(pull) ?? 0) + 1)
  }
  // PRs merged after the newest one a digest holds wait in the last open window.
  const newest = Math.max(0, ...merges.filter(m => times.has(m.number)).map(m => m.at))
  const waiting = (m: Merge) => m.code && m.at > newest && !times.has(m.number)
  return merges.every(m => waiting(m) || (times.get(m.number) ?? 0) === (m.code ? 1 : 0))
}

export async function triggersTable(): Promise<BenchTable> {
  const merges = drawMerges()
  const rows: [string, Figures][] = [
    ['per merge (no group)', perMerge(merges)],
    ['per merge, one group per automation (`queue: max`)', perMergeQueued(merges)],
    [
      'a digest of automations on every merge, and daily',
      await digestOfAutomations(merges, digestRuns(merges, true))
    ],
    ['a digest of automations, daily', await digestOfAutomations(merges, digestRuns(merges, false))]
  ]
  const code = merges.filter(m => m.code).length
  const [onMerge, daily] = [rows[2][1], rows[3][1]]
  const ok =
    [onMerge, daily].every(f => f.overlapping === 0 && f.coveredOnce) &&
    onMerge.triggers < code &&
    daily.triggers <= DAYS
  const minutes = (ms: number) => `${Math.round(ms / MINUTE)} min`
  return {
    lines: [
      `| ${MERGES.toLocaleString('en')} merges in 30 days (${code} the guards let through) | runs | triggers | credits (${CREDITS_A_RUN} a run) | Pro plans (${PRO_PLAN_CREDITS.toLocaleString('en')} credits) | runs started over a running one | longest wait in the queue | every PR in one run's change (or in the last open window) |`,
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      ...rows.map(
        ([name, f]) =>
          `| ${name} | ${f.runs} | ${f.triggers} | ${(f.triggers * CREDITS_A_RUN).toLocaleString('en')} | ${((f.triggers * CREDITS_A_RUN) / PRO_PLAN_CREDITS).toFixed(1)} | ${f.overlapping} | ${minutes(f.longestWaitMs)} | ${f.coveredOnce ? 'yes' : 'no'} |`
      ),
      '',
      `Targets for the digests of automations: no run started over a running one, every PR in exactly one run's change; on every merge fewer triggers than merges, daily at most one a day: ${ok ? 'met' : '**no**'}.`,
      '',
      `The month's merges are drawn from a fixed seed as the soak draws them: a third in bursts of 10 to 25 within 20 minutes, the rest in working hours; 85 % pass the guards. Each automation run lasts ${minutes(RUN_MS)}. The two per-merge rows are a model: a run starts 30 s after its merge; without a group every guarded-through merge triggers at once, and a run started while another runs picks up that one's change again (Mintlify's run covers everything since the last *completed* run), so "every PR in one run's change" fails; with one group per automation and \`queue: max\` GitHub starts the queued runs one at a time, a triggering run holding the group until its automation run ends (it follows it) and a skipped one for 5 s: the same triggers, none overlapping, but a burst waits in the queue (GitHub queues at most 100 runs a group). The digest rows are measured: the agent action in process, in virtual time, against the fakes, one run a merge plus the daily backstop at 06:41 (or the daily run alone), each started when the one before ended, following its run (polled once a minute, not the default 5 to 30 s, so that a thousand runs stay quick: a run may see its automation run end up to a minute late, and the next queued run starts that much later); a run finds its merge already in an earlier window, or gathers every merge since the last trigger. On every merge the digest batches what merges while a run is running (a burst becomes a few triggers) but a merge that comes after the run before ended triggers its own: with merges spread over the working day it saves about a third; daily it makes one trigger a day whatever merged.`
    ],
    ok
  }
}
