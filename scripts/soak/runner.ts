/**
 * What a step of the year is, and what runs the steps' workflows (year.ts builds it): one run with
 * its drawn fault, a pair of requests on one issue at once, an automation delivered twice at once.
 */
import type { AutomationRun } from './automations.js'
import type { RunRecord, RunSpec } from './harness.js'
import type { PersonRequest } from './scenario.js'
import type { Fakes, JobDraw } from './specs.js'

/** A step at its time; `run` gets when it starts (never before the step before it ended) and returns its end. */
export type Step = { at: number; run: (at: number) => Promise<number> }

export interface Runner {
  fakes: Fakes
  jobs: JobDraw
  runOne: (at: number, spec: Omit<RunSpec, 'fault'>) => Promise<RunRecord>
  /** A pair of requests on one issue at once (pairs.ts), without a drawn fault. */
  runPair: (at: number, first: PersonRequest, second: PersonRequest) => Promise<RunRecord>
  /** A merged PR's automation delivered twice at once (automation-pair.ts), without a drawn fault. */
  runAutomationPair?: (at: number, run: AutomationRun) => Promise<RunRecord>
}
