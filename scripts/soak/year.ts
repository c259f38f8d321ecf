/**
 * The year, event by event in time order: merges reach the GitHub fake as they happen, and each
 * scheduled or requested run starts at its time, or when the run before it ended (runs never overlap:
 * one process, one environment; a request seconds after another starts once that one ended or
 * detached), but for a few pairs of requests on one issue at once (pairs.ts). Each run may meet a
 * fault, drawn from the seed; after each sweep (without the sweep: each digest) the end watch looks at
 * the tracking comments (invariant 3). The automation workflow's runs (automations.ts) are steps
 * among the others (automation-steps.ts), with faults of their own draw, and so are the dry runs
 * (dry-runs.ts).
 */
import { runAutomationPair as runAutomationPairOf } from './automation-pair.js'
import { automationSteps } from './automation-steps.js'
import type { AutomationRun } from './automations.js'
import type { DryRuns } from './dry-runs.js'
import { automationDigestSteps, type AutomationDigestRun } from './automation-digests.js'
import { drawFault, drawTriggerFault } from './faults.js'
import type { RunKind, RunRecord, RunSpec, Soak } from './harness.js'
import type { Random } from './random.js'
import type { Runner, Step } from './runner.js'
import type { PersonRequest, Scenario } from './scenario.js'
import { runPair as runPairOf } from './pairs.js'
import {
  addMerge,
  digestSpec,
  gapsSpec,
  JobDraw,
  reportSpec,
  requestSpec,
  sweepSpec,
  type Fakes
} from './specs.js'

/** The share of runs of every kind that meet a fault of their traffic. */
const FAULT_RATE = 0.15
/** The share of automation runs that meet one (half of them at the trigger). */
const AUTOMATION_FAULT_RATE = 0.3

export interface YearHooks {
  /** After each sweep and each digest (the end watch of invariant 3 looks after one of them). */
  afterRun(record: RunRecord): void
  /** When virtual time passes into a new month (0-based), for progress. */
  onMonth?(month: number): void
}

export async function runYear(
  soak: Soak,
  scenario: Scenario & {
    automations: AutomationRun[]
    dryRuns: DryRuns
    automationDigests: AutomationDigestRun[]
  },
  random: Random,
  hooks: YearHooks
): Promise<void> {
  const fakes: Fakes = { emulator: soak.emulator, github: soak.github }
  const jobs = new JobDraw(random.fork())
  const faults = random.fork()
  // Their own draws: the other runs meet the faults they met before automations ran.
  const triggerFaults = random.fork()
  const digestTriggerFaults = random.fork()
  const typical = new Map<RunKind, number>()
  const runOne = async (at: number, spec: Omit<RunSpec, 'fault'>): Promise<RunRecord> => {
    const usual = typical.get(spec.kind) ?? 20
    const fault =
      spec.kind === 'automation'
        ? drawTriggerFault(triggerFaults, AUTOMATION_FAULT_RATE, usual)
        : spec.kind === 'automation digest' || spec.kind === 'automation backstop'
          ? drawTriggerFault(digestTriggerFaults, FAULT_RATE, usual)
          : drawFault(faults, FAULT_RATE, usual)
    if (spec.action === 'agent') fakes.emulator.setDefaultJobScript(jobs.script(fakes.github))
    const record = await soak.run(at, { ...spec, fault })
    if (!fault) typical.set(spec.kind, record.github + record.service)
    return record
  }
  const runPair = (at: number, first: PersonRequest, second: PersonRequest) => {
    fakes.emulator.setDefaultJobScript(jobs.script(fakes.github))
    return runPairOf(soak, at, { first, second }, fakes, { detach: scenario.sweep })
  }
  const runAutomationPair = (at: number, run: AutomationRun) => {
    fakes.emulator.setDefaultJobScript(jobs.script(fakes.github))
    return runAutomationPairOf(soak, at, run, fakes)
  }
  const steps = stepsOf(scenario, { fakes, jobs, runOne, runPair }, hooks)
  steps.push(...automationSteps(scenario.automations, { fakes, runOne, runAutomationPair }))
  steps.push(...scenario.dryRuns.steps(soak, fakes))
  const digests = scenario.automationDigests
  steps.push(...automationDigestSteps(digests, { fakes, runOne }, r => hooks.afterRun(r)))
  steps.sort((a, b) => a.at - b.at)
  let merged = 0
  let now = 0
  for (const step of steps) {
    const at = Math.max(step.at, now)
    for (; merged < scenario.merges.length && scenario.merges[merged].at <= at; merged++) {
      addMerge(fakes.github, scenario.merges[merged])
    }
    now = await step.run(at)
  }
}

function stepsOf(scenario: Scenario, runner: Runner, hooks: YearHooks): Step[] {
  const { fakes, jobs, runOne } = runner
  let month = -1
  const steps: Step[] = scenario.scheduled.map(({ at, what }) => ({
    at,
    run: async (start: number): Promise<number> => {
      if (what === 'review') {
        jobs.review(fakes.github, start)
        return start
      }
      if (what === 'digest' || what === 'sweep') {
        const record = await runOne(start, what === 'digest' ? digestSpec(fakes) : sweepSpec(fakes))
        hooks.afterRun(record)
        return record.end
      }
      const report = await runOne(start, reportSpec(fakes))
      const prompt = report.outputs.prompt ?? ''
      if (prompt === '') return report.end
      return (await runOne(report.end, gapsSpec(fakes, prompt, report.runId))).end
    }
  }))
  for (const request of scenario.requests) {
    if (request.overlap === 'second') continue
    if (request.overlap === 'first') {
      const second = scenario.requests.find(
        r => r.overlap === 'second' && r.number === request.number
      )
      if (!second) continue
      steps.push({
        at: request.at,
        run: async start => (await runner.runPair(start, request, second)).end
      })
      continue
    }
    steps.push({
      at: request.at,
      run: async start =>
        (await runOne(start, requestSpec(fakes, request, { detach: scenario.sweep }))).end
    })
  }
  steps.sort((a, b) => a.at - b.at)
  return steps.map(step => ({
    at: step.at,
    run: async start => {
      const m = new Date(start).getUTCMonth()
      if (m !== month) hooks.onMonth?.((month = m))
      return step.run(start)
    }
  }))
}
