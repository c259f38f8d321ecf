/**
 * Invariant 7, from the runs' records and the emulator's automation runs: an automation request (a
 * merged PR's, with its automation) is triggered at most once, whatever its runs met (a second
 * delivery, a re-run, a trigger whose outcome the run could not know: answered 5xx after the service
 * started the run, its answer lost, the connection reset, the run killed after it); a merged PR that
 * a guard skips triggers nothing; and a request whose runs met no fault was triggered.
 */
import type { AutomationRun } from './automations.js'
import type { RunRecord, Soak } from './harness.js'
import { describeRun, trackingComments, type Violation } from './state.js'

export interface TriggersReport {
  violations: Violation[]
  looked: {
    /** Automation requests (merged PR and automation) and the triggers the service carried out. */
    requests: number
    triggers: number
    /** Requests that ran more than once (a second delivery or a re-run). */
    again: number
    /** Requests whose trigger's outcome a run could not know, and that ran again after it. */
    unknownThenAgain: number
    /** Requests that a guard skipped. */
    skipped: number
    /** Automation comments that name no job: the trigger's outcome unknown, by their state. */
    withoutJob: Record<string, number>
    /** The second runs of deliveries at once, by the status they ended with. */
    atOnce: Record<string, number>
    /** The later runs of a request (second deliveries, re-runs), by the status they ended with. */
    later: Record<string, number>
  }
}

const ABOUT = /^(\S+) #(\d+)/

/** The automation runs' records by request (`update-docs#123`), in the order they ran. */
function runsByRequest(soak: Soak): Map<string, RunRecord[]> {
  const byRequest = new Map<string, RunRecord[]>()
  for (const record of soak.records) {
    const match = record.kind === 'automation' ? ABOUT.exec(record.about) : null
    if (!match) continue
    const key = `${match[1]}#${match[2]}`
    byRequest.set(key, [...(byRequest.get(key) ?? []), record])
  }
  return byRequest
}

/** A run whose trigger may have reached the service without the run learning its outcome. */
function unknownOutcome(run: RunRecord): boolean {
  return run.lostCreate || (run.struck ?? '').includes('/trigger')
}

export function checkOneTrigger(soak: Soak, automations: AutomationRun[]): TriggersReport {
  const byRequest = runsByRequest(soak)
  const violations: Violation[] = []
  const looked = {
    requests: 0,
    triggers: 0,
    again: 0,
    unknownThenAgain: 0,
    skipped: 0,
    withoutJob: withoutJob(soak),
    atOnce: {} as Record<string, number>,
    later: {} as Record<string, number>
  }
  const seen = new Set<string>()
  for (const { merge, automation } of automations) {
    const key = `${automation}#${merge.number}`
    const runs = byRequest.get(key) ?? []
    if (seen.has(key) || runs.length === 0) continue
    seen.add(key)
    const triggers = runs.reduce((sum, run) => sum + run.triggers, 0)
    looked.requests += 1
    looked.triggers += triggers
    if (runs.length > 1) looked.again += 1
    if (runs.length > 1 && unknownOutcome(runs[0])) looked.unknownThenAgain += 1
    if (merge.kind !== 'code') looked.skipped += 1
    for (const [i, run] of runs.entries()) {
      const status = run.outputs.status || `exit ${run.exitCode}`
      const tally = run.about.includes('at once beside') ? looked.atOnce : looked.later
      if (i > 0) tally[status] = (tally[status] ?? 0) + 1
    }
    const text = problemOf({ key, kind: merge.kind, triggers, runs })
    if (text) {
      const run = runs.find(r => r.triggers > 0) ?? runs[0]
      const all = runs.map(describeRun).join('; ')
      violations.push({ invariant: 7, text: `${text} (its runs: ${all})`, run })
    }
  }
  return { violations, looked }
}

function withoutJob(soak: Soak): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const { marker } of trackingComments(soak.github)) {
    if (!marker.automation || marker.job) continue
    const state = marker.state ?? 'none'
    counts[state] = (counts[state] ?? 0) + 1
  }
  return counts
}

function problemOf(request: {
  key: string
  kind: string
  triggers: number
  runs: RunRecord[]
}): string | undefined {
  const { key, kind, triggers, runs } = request
  if (kind !== 'code' && triggers > 0) return `request ${key} (${kind}, a guard skips it) triggered`
  if (triggers > 1) return `request ${key} triggered ${triggers} times`
  const faulted = runs.some(run => run.struck !== undefined)
  if (kind === 'code' && triggers === 0 && !faulted) return `request ${key} never triggered`
  return undefined
}
