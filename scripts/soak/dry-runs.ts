/**
 * Dry runs in the year (`dry-run: true`): once a month each, someone tries a workflow dry: a comment
 * in the thread of an earlier request (its job would get a follow-up), a new labelled issue, the
 * digest, and the automation workflow on a merged PR. Drawn from their own forks of the seed (the
 * other runs draw what they drew before), with faults of their own draw. Invariant 8: a dry run
 * leaves no trace: no write to GitHub (comment, reply, reaction, label), no create, message or
 * trigger, no job.
 */
import { automationSpec } from './automations.js'
import { drawFault } from './faults.js'
import type { RunRecord, RunSpec, Soak } from './harness.js'
import type { Random } from './random.js'
import type { Step } from './runner.js'
import { DAY, HOUR, monthStart, type Merge, type PersonRequest, type Scenario } from './scenario.js'
import { digestSpec, GUARDS, requestSpec, type Fakes } from './specs.js'
import type { Violation } from './state.js'

const KINDS = ['comment', 'label', 'digest', 'automation'] as const
/** Where the dry label runs' new issues are numbered from (apart from every other thread). */
const DRY_THREADS = 400_000
const FAULT_RATE = 0.15

interface DryPlan {
  at: number
  what: (typeof KINDS)[number]
  /** The earlier request's thread (a comment), the new issue (a label), the merged PR (automation). */
  request?: PersonRequest
  merge?: Merge
}

/** A dry run as it went: its record, and what it wrote or sent that it should not have. */
interface Tried {
  record: RunRecord
  traces: string[]
}

export class DryRuns {
  readonly plans: DryPlan[] = []
  private readonly tried: Tried[] = []
  private readonly faults: Random
  private typical = 20

  constructor(random: Random, scenario: Pick<Scenario, 'months' | 'merges' | 'requests'>) {
    const draws = random.fork()
    this.faults = random.fork()
    let number = DRY_THREADS
    for (let m = 0; m < scenario.months; m++) {
      const days = Math.round((monthStart(m + 1) - monthStart(m)) / DAY)
      for (const what of KINDS) {
        // Every draw is made whether or not a plan comes of it: a shorter soak is the longer one's
        // beginning.
        const day = monthStart(m) + draws.int(0, days - 1) * DAY
        const at = day + 8 * HOUR + draws.int(0, 11 * HOUR)
        const which = draws.next()
        const pick = <T extends { at: number }>(items: T[], ok: (item: T) => boolean) => {
          const found = items.filter(item => item.at >= monthStart(m) && item.at < at && ok(item))
          return found[Math.floor(which * found.length)] as T | undefined
        }
        const plan = planOf({ what, at, number: number++ }, scenario, pick)
        if (plan) this.plans.push(plan)
      }
    }
  }

  /** The year's steps of the dry runs, each a run of its own (never beside another). */
  steps(soak: Soak, fakes: Fakes): Step[] {
    return this.plans.map(plan => ({
      at: plan.at,
      run: start => this.run(soak, fakes, plan, start)
    }))
  }

  private async run(soak: Soak, fakes: Fakes, plan: DryPlan, start: number): Promise<number> {
    const spec = specOf(fakes, plan)
    const fault = drawFault(this.faults, FAULT_RATE, this.typical)
    const [calls, sent] = [soak.github.calls.length, soak.emulator.requests.length]
    const record = await soak.run(start, { ...spec, fault })
    if (!fault) this.typical = record.github + record.service
    const writes = soak.github.calls.slice(calls).filter(isWrite)
    const sends = soak.emulator.requests.slice(sent).filter(r => r.method !== 'GET')
    const traces = [...writes, ...sends].map(c => `${c.method} ${c.path}`)
    if (record.jobs.length > 0) traces.push(`jobs ${record.jobs.join(', ')}`)
    this.tried.push({ record, traces })
    return record.end
  }

  /** Invariant 8: every dry run's traces. */
  violations(): Violation[] {
    return this.tried.flatMap(({ record, traces }) =>
      traces.length === 0
        ? []
        : [{ invariant: 8, text: `a dry run left ${traces.join(', ')}`, run: record }]
    )
  }

  /** What the dry runs ended with, for the verdict's "Looked at". */
  line(): string {
    const statuses: Record<string, number> = {}
    for (const { record } of this.tried) {
      const status = record.outputs.status || `exit ${record.exitCode}`
      statuses[status] = (statuses[status] ?? 0) + 1
    }
    const ended = Object.entries(statuses).map(([status, n]) => `${status} ${n}`)
    const following = this.tried.filter(({ record }) => record.outputs['job-id']).length
    return `Dry runs: ${this.tried.length} (${ended.join(', ') || 'none'}; ${following} naming the job they would continue).`
  }
}

type Picker = <T extends { at: number }>(items: T[], ok: (item: T) => boolean) => T | undefined

/** A dry run of `what`: on an earlier request's thread, a new issue, the digest, an earlier merge. */
function planOf(
  { what, at, number }: { what: DryPlan['what']; at: number; number: number },
  { requests, merges }: Pick<Scenario, 'merges' | 'requests'>,
  pick: Picker
): DryPlan | undefined {
  switch (what) {
    case 'comment': {
      const earlier = pick(requests, r => r.kind === 'issue comment' && !r.overlap)
      return earlier && { at, what, request: { ...earlier, at } }
    }
    case 'label':
      return { at, what, request: { kind: 'issue label', at, number } }
    case 'digest':
      return { at, what }
    case 'automation': {
      const merge = pick(merges, x => x.kind === 'code')
      return merge && { at, what, merge }
    }
  }
}

/** A GitHub call that changes something: the identity query (GraphQL) only reads. */
function isWrite({ method, path, body }: { method: string; path: string; body: unknown }): boolean {
  if (path === '/graphql') return /\bmutation\b/.test(JSON.stringify(body))
  return method !== 'GET'
}

/** The workflow's run as its plan says, switched to a dry run. */
function specOf(fakes: Fakes, plan: DryPlan): Omit<RunSpec, 'fault'> {
  const dry = { kind: 'dry-run' as const }
  const spec =
    plan.what === 'digest'
      ? { ...digestSpec(fakes), about: 'the digest' }
      : plan.merge
        ? automationSpec(
            fakes,
            { merge: plan.merge, at: plan.at, automation: 'update-docs', mode: 'follow' },
            GUARDS
          )
        : requestSpec(fakes, plan.request as PersonRequest, { detach: true })
  // Not `<automation> #n`: the automation requests' reader (triggers.ts) must not count it.
  const about = `dry ${plan.what}: ${spec.about ?? ''}`
  return { ...spec, ...dry, about, inputs: { ...spec.inputs, 'dry-run': 'true' } }
}
