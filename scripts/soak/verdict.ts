/**
 * The end of the soak: the nine invariants checked on what the year left in the fakes, one line each
 * (holds, or how often it broke), every break with its run, the seed and the fault, and the counted
 * exceptions named. Returns whether all nine hold.
 */
import { checkFlatCost, checkUses } from './budget.js'
import { checkCoverage, checkNotesAndLabels, type Finishing } from './coverage.js'
import type { Soak } from './harness.js'
import { checkOneJobAKey, pendingClaims, SWEEP_INTERVAL, type EndWatch } from './jobs.js'
import { checkOneJobAThread } from './pairs.js'
import { DAY, monthOf, type Scenario } from './scenario.js'
import { deadClaim } from '../../src/job/life.js'
import { describeRun, trackingComments, type Violation } from './state.js'
import type { MonthStats } from './table.js'
import type { AutomationRun } from './automations.js'
import { checkOneTrigger } from './triggers.js'
import type { DryRuns } from './dry-runs.js'
import { checkOneRunAtATime, type AutomationDigestRun } from './automation-digests.js'

const WORDING = [
  'every merged PR that no guard skips is in exactly one digest whose job did not fail, or in the last open window',
  'no request key has two jobs, and no issue or PR conversation has two jobs from requests that overlapped (one job a thread), except after an unanswered create or trigger',
  'every tracking comment whose job has ended shows that end within one sweep interval (an automation’s job that reads 404: `triggered`, when its run ended), and every request’s claim left with no job shows `unknown` within one sweep interval of its deadline and margin',
  'requests per run of each kind in the last month ≤ those of month 1 + 2',
  'agent uses (creates, messages, triggers) a month ≤ 31 + 5 + people’s requests + automation runs (per merge, and digests of automations)',
  'every included PR of a digest whose job opened a PR has exactly one note; every label of a completed request is gone',
  'no automation request is triggered twice, not after a second delivery, a re-run or a trigger whose outcome was unknown; none that a guard skips is triggered; one whose runs met no fault is',
  'a dry run leaves no trace: no comment, reply, reaction or label change on GitHub, no create, message or trigger, no job',
  'a digest of automations never triggers while the run of the digest before it still shows as a job, except after an unanswered trigger'
]

/** Invariant 3 without the sweep (`--no-sweep`): each digest finishes the one before. */
const WITHOUT_SWEEP_3 =
  'every digest record whose job ended before a digest started shows that end once that digest is done (no sweep: the other comments are not held to it)'

/** At most this many breaks of one invariant are printed in full. */
const SHOWN = 8

export function verdict(
  soak: Soak,
  scenario: Scenario & {
    automations: AutomationRun[]
    dryRuns: DryRuns
    automationDigests: AutomationDigestRun[]
  },
  checks: { stats: MonthStats[]; watch: EndWatch; seed: number }
): { lines: string[]; ok: boolean } {
  const { stats, watch, seed } = checks
  watch.finish(scenario.end)
  const coverage = checkCoverage(soak, scenario.merges, scenario.end)
  const jobs = checkOneJobAKey(soak)
  const threads = checkOneJobAThread(soak)
  const triggers = checkOneTrigger(soak, scenario.automations)
  const oneRun = checkOneRunAtATime(soak)
  const inMonth = (m: number) => (r: { at: number }) => monthOf(r.at, scenario.months) === m
  const requests = stats.map(
    (_, m) =>
      scenario.requests.filter(inMonth(m)).length +
      scenario.automations.filter(inMonth(m)).length +
      scenario.automationDigests.filter(inMonth(m)).length
  )
  const all: Violation[] = [
    ...coverage.violations,
    ...jobs.violations,
    ...threads.violations,
    ...watch.violations,
    ...(scenario.sweep ? checkDeadClaims(soak, scenario.end) : []),
    ...checkFlatCost(stats),
    ...checkUses(stats, requests),
    ...checkNotesAndLabels(soak, scenario.end, finishingOf(scenario)),
    ...triggers.violations,
    ...scenario.dryRuns.violations(),
    ...oneRun.violations
  ]
  const lines = ['Invariants:']
  for (const [i, each] of WORDING.entries()) {
    const wording = i === 2 && !scenario.sweep ? WITHOUT_SWEEP_3 : each
    const broken = all.filter(v => v.invariant === i + 1)
    lines.push(
      `${i + 1}. ${broken.length === 0 ? 'holds' : `BROKEN ${broken.length}×`}: ${wording}`
    )
    const groups = byRun(broken)
    for (const group of groups.slice(0, SHOWN)) {
      const more = group.length > 1 ? ` (and ${group.length - 1} more of this run)` : ''
      lines.push(`   - ${group[0].text}${more}; ${describeRun(group[0].run)}; seed ${seed}`)
    }
    if (groups.length > SHOWN) lines.push(`   - … and ${groups.length - SHOWN} more runs`)
  }
  const { pulls, once, digests, automationOnce, automationDigests } = coverage.looked
  lines.push(
    '',
    `Looked at: ${pulls} merged PRs no guard skips (${once} in exactly one digest; ${automationOnce} in exactly one digest of automations), ${digests} digest comments (${automationDigests} of automations), ${jobs.looked.keys} request keys, ${jobs.looked.jobs} jobs, ${soak.pairs.length} pairs of requests on one issue at once, ${watch.shown} tracking comments seen to show their job's end.`,
    automationLine(triggers.looked, watch.automations),
    scenario.dryRuns.line(),
    claimsLine(pendingClaims(soak)),
    `Counted apart: ${coverage.waiting} PRs in the last open window; ${coverage.unknown.length} PRs whose digest's create may have started an unreported job${named(coverage.unknown)}`,
    `${jobs.excused.length} jobs after an unanswered create or trigger${named([...jobs.excused, ...threads.excused])}`,
    `${oneRun.excused.length} digest-of-automation runs overlapping after an unanswered trigger${named(oneRun.excused)}`
  )
  return { lines, ok: all.length === 0 }
}

/** Without the sweep, a digest's notes come with the next digest; a label only with its run. */
function finishingOf({ sweep }: Scenario): Finishing {
  if (sweep) return { grace: SWEEP_INTERVAL, labelsOfShownEndsOnly: false }
  return { grace: DAY, labelsOfShownEndsOnly: true }
}

/**
 * Invariant 3 for claims with no job: a request's claim (not a digest's: the next digest takes that
 * over) still claimed at the end, though dead an interval before it, was never shown by a sweep.
 */
function checkDeadClaims(soak: Soak, end: number): Violation[] {
  return trackingComments(soak.github)
    .filter(({ life }) => life.of.kind !== 'digest' && deadClaim(life, end - SWEEP_INTERVAL))
    .map(({ comment, life }) => ({
      invariant: 3,
      text: `comment ${comment.id} (request ${life.request}) is still a claim with no job, an interval past its deadline`,
      run: soak.byRunId.get(life.run ?? '')
    }))
}

function automationLine(
  looked: ReturnType<typeof checkOneTrigger>['looked'],
  shown: { shown: number; triggered: number }
): string {
  const states = Object.entries(looked.withoutJob)
  const count = states.reduce((sum, [, n]) => sum + n, 0)
  const withoutJob = `${count}${states.length ? ` (${states.map(([k, n]) => `${k} ${n}`).join(', ')})` : ''}`
  const tally = (counts: Record<string, number>) =>
    Object.entries(counts).map(([k, n]) => `${k} ${n}`)
  const atOnce = tally(looked.atOnce)
  return `Automations: ${looked.requests} requests (${looked.skipped} skipped by a guard), ${looked.triggers} triggers, ${looked.again} requests run again (${looked.unknownThenAgain} after a trigger whose outcome was unknown; the later runs ended: ${tally(looked.later).join(', ') || 'none'}; ${atOnce.length ? `delivered twice at once, the second run ended: ${atOnce.join(', ')}` : 'none delivered twice at once'}), ${shown.shown} comments seen to show their end (${shown.triggered} \`triggered\`), ${withoutJob} naming no job (the trigger's outcome unknown).`
}

function claimsLine({ all, automations }: { all: number; automations: number }): string {
  return `Still \`pending\` with no job: ${all} tracking comments (${automations} of automations), their run killed between its claim and the answer, no later run of the request.`
}

/** The breaks grouped by the run they trace back to (those of no known run one by one). */
function byRun(broken: Violation[]): Violation[][] {
  const groups = new Map<string, Violation[]>()
  for (const [i, v] of broken.entries()) {
    const key = v.run?.runId ?? `none-${i}`
    groups.set(key, [...(groups.get(key) ?? []), v])
  }
  return [...groups.values()]
}

function named(items: string[]): string {
  return items.length === 0 ? '.' : `:\n${items.map(item => `   - ${item}`).join('\n')}`
}
