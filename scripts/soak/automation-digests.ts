/**
 * The digest of automations on every merge (examples/docs-automation-digest.yml): the Mintlify
 * automation `digest-docs`, triggered by a digest on the tracking issue the job digests use (two
 * kinds, two watermarks), following each run to its end, one run at a time (the workflow's group
 * queues them: in the soak runs never overlap). A year of it on every merge would be a thousand runs
 * a month; it runs on every merge of two days a month (the day with the most merges, one more) and
 * daily at 06:41 as the recipe's backstop, which takes the other days' merges in one window each.
 * Invariant 9: its runs never overlap while their jobs show, but after an unanswered trigger.
 */
import { agentInputs } from '../../fakes/inputs.js'
import type { ServiceEmulator } from '../../fakes/service-emulator.js'
import { mergedPullEvent } from '../../fakes/webhooks.js'
import type { RunRecord, RunSpec, Soak } from './harness.js'
import type { Random } from './random.js'
import type { Runner, Step } from './runner.js'
import { DAY, HOUR, MINUTE, monthStart, START, type Merge } from './scenario.js'
import { DIGEST_ISSUE, GUARDS } from './specs.js'
import { creatorOf, describeRun, type Violation } from './state.js'

const DIGEST_AUTOMATION = 'digest-docs'

/** One run of the workflow: on a merge (`pull_request_target` closed), or the daily backstop. */
export interface AutomationDigestRun {
  at: number
  merge?: Merge
}

export function seedDigestAutomation(emulator: ServiceEmulator): void {
  emulator.platform.addAutomation(DIGEST_AUTOMATION)
}

/** Drawn month by month (a shorter soak is the longer one's beginning). */
export function drawAutomationDigests(
  random: Random,
  merges: Merge[],
  months: number
): AutomationDigestRun[] {
  const runs: AutomationDigestRun[] = []
  const dayOf = (at: number) => Math.floor((at - START) / DAY)
  for (let m = 0; m < months; m++) {
    const inMonth = merges.filter(x => x.at >= monthStart(m) && x.at < monthStart(m + 1))
    const perDay = new Map<number, number>()
    for (const x of inMonth) perDay.set(dayOf(x.at), (perDay.get(dayOf(x.at)) ?? 0) + 1)
    const busiest = [...perDay].sort((a, b) => b[1] - a[1])[0]?.[0]
    const days = [...perDay.keys()]
    const other = days[random.int(0, Math.max(0, days.length - 1))]
    const onMerge = inMonth.filter(x => [busiest, other].includes(dayOf(x.at)))
    runs.push(...onMerge.map(merge => ({ at: merge.at + 10_000, merge })))
    for (let day = monthStart(m); day < monthStart(m + 1); day += DAY) {
      runs.push({ at: day + 6 * HOUR + 41 * MINUTE })
    }
  }
  return runs.sort((a, b) => a.at - b.at)
}

function automationDigestSpec(
  fakes: Runner['fakes'],
  run: AutomationDigestRun
): Omit<RunSpec, 'fault'> {
  const inputs = agentInputs(fakes.emulator, fakes.github, {
    ...GUARDS,
    'poll-interval-seconds': '5',
    'max-poll-interval-seconds': '30',
    digest: 'true',
    automation: DIGEST_AUTOMATION,
    'issue-number': String(DIGEST_ISSUE),
    'digest-branch': 'main',
    'digest-since': new Date(START).toISOString().slice(0, 10),
    'max-wait-minutes': '30'
  })
  const { merge } = run
  if (!merge) {
    const event = { schedule: '41 6 * * *' }
    // A kind of its own: nearly every backstop triggers, few runs on a merge do (invariant 4 compares
    // the median run of a kind, which a mix of the two would move from month to month).
    return { kind: 'automation backstop', action: 'agent', eventName: 'schedule', event, inputs }
  }
  const event = mergedPullEvent({ number: merge.number, title: `Change ${merge.number}` })
  const about = `on merge #${merge.number}`
  const eventName = 'pull_request_target'
  return { kind: 'automation digest', action: 'agent', eventName, event, inputs, about }
}

export function automationDigestSteps(
  runs: AutomationDigestRun[],
  { fakes, runOne }: Pick<Runner, 'fakes' | 'runOne'>,
  afterRun: (record: RunRecord) => void
): Step[] {
  return runs.map(run => ({
    at: run.at,
    run: async start => {
      const record = await runOne(start, automationDigestSpec(fakes, run))
      afterRun(record)
      return record.end
    }
  }))
}

/**
 * Invariant 9: a digest of automations triggers nothing while the run of the digest before it still
 * shows as a job (its job had not ended when the next run started), unless that trigger went
 * unanswered (the run never recorded its job, so nothing told the next digest to wait).
 */
export function checkOneRunAtATime(soak: Soak): { violations: Violation[]; excused: string[] } {
  const jobs = soak
    .jobIds()
    .filter(id => soak.emulator.job(id)?.automation === DIGEST_AUTOMATION)
    .map(id => ({ id, run: creatorOf(soak, id), endsAt: soak.emulator.job(id)?.endsAt }))
  const violations: Violation[] = []
  const excused: string[] = []
  for (const [i, next] of jobs.entries()) {
    const before = jobs[i - 1]
    if (!before || !next.run || before.endsAt === undefined || next.run.at >= before.endsAt)
      continue
    const text = `job ${next.id} was triggered while job ${before.id} of the digest before still ran`
    if (before.run?.lostCreate) excused.push(`${text}, after ${describeRun(before.run)}`)
    else violations.push({ invariant: 9, text, run: next.run })
  }
  return { violations, excused }
}

/**
 * The month's triggers with and without batching: every merged PR no guard skips would be one
 * trigger per merge; the digests of automations made these (on every merge of the two days, and
 * the backstop).
 */
export function triggersLine(records: RunRecord[], merges: Merge[]): string {
  const onMerge = records.filter(r => r.kind === 'automation digest')
  const backstop = records.filter(r => r.kind === 'automation backstop')
  const runs = [...onMerge, ...backstop]
  const triggers = (of: RunRecord[]) => of.reduce((sum, r) => sum + r.triggers, 0)
  const skipped = runs.filter(r => r.outputs.status === 'skipped').length
  const code = merges.filter(m => m.kind === 'code').length
  const onMergeCode = onMerge.filter(
    r => merges.find(m => r.about === `on merge #${m.number}`)?.kind === 'code'
  ).length
  return (
    `Triggers of the automation \`${DIGEST_AUTOMATION}\`: per merge (no batching) ${code} (one a merged PR no guard skips); ` +
    `as a digest of automations ${triggers(runs)} (${onMerge.length} runs on the merges of two days, ${onMergeCode} of them PRs no guard skips: ${triggers(onMerge)} triggers; ` +
    `${backstop.length} daily backstop runs: ${triggers(backstop)}; ${skipped} runs skipped: nothing new, or the run before not ended).`
  )
}

/** The digest comments of the automation (for the coverage of invariant 1, kind by kind). */
export function isAutomationDigest(marker: { automation?: string }): boolean {
  return marker.automation === DIGEST_AUTOMATION
}
