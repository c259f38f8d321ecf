/**
 * The faults of the soak, one run at a time: what can go wrong in a run, where the seeded draw puts
 * it, and the traffic counter that applies it. Both fakes ask `RunTraffic` about every request before
 * their own fault rules (their `intercept` hook); runs never overlap, so every request that reaches a
 * fake while a run is current is that run's.
 */
import { secondaryRateLimit, type Fault } from '../../fakes/faults.js'
import { serviceError } from '../../fakes/service-emulator.js'
import type { Random } from './random.js'

/** Faults of a run's traffic (a job that fails or outlives its run is the job's script). */
export type RunFault =
  'kill' | '5xx' | 'reset' | 'unanswered create' | '429' | 'secondary limit' | TriggerFault

/**
 * Faults at an automation's trigger (POST …/trigger), whatever its place in the run: its 429
 * (`Retry-After: 20`); a 503 after the service started the run; the answer lost after the run
 * started (a timeout or reset after sending); a reset before it reached the service (the run
 * cannot tell it from the one before); the run killed right after the trigger was carried out.
 */
type TriggerFault =
  | 'trigger 429'
  | 'trigger 5xx after sending'
  | 'unanswered trigger'
  | 'trigger reset'
  | 'kill after trigger'

export interface FaultPlan {
  fault: RunFault
  /** The run's request (0-based, both fakes counted together) at or after which it strikes. */
  at: number
}

/** How often each fault is drawn for a run that has one. */
const WEIGHTS: Record<Exclude<RunFault, TriggerFault>, number> = {
  kill: 3,
  '5xx': 2,
  reset: 2,
  'unanswered create': 1,
  '429': 1,
  'secondary limit': 1
}

/** An automation run's faults: those of every run, and those at its trigger. */
const TRIGGER_WEIGHTS: Record<RunFault, number> = {
  ...WEIGHTS,
  'trigger 429': 2,
  'trigger 5xx after sending': 2,
  'unanswered trigger': 2,
  'trigger reset': 2,
  'kill after trigger': 2
}

/** A plan for a run (or none): `typical` is how many requests a run of its kind made last time. */
export function drawFault(
  random: Random,
  rate: number,
  typical: number,
  weights: Readonly<Partial<Record<RunFault, number>>> = WEIGHTS
): FaultPlan | undefined {
  if (!random.chance(rate)) return undefined
  return {
    fault: random.weighted(weights as Record<RunFault, number>),
    at: random.int(0, Math.max(1, typical))
  }
}

/** The plan of an automation run, whose faults include those at the trigger. */
export function drawTriggerFault(
  random: Random,
  rate: number,
  typical: number
): FaultPlan | undefined {
  return drawFault(random, rate, typical, TRIGGER_WEIGHTS)
}

const CREATE = /^\/v2\/agent\/[^/]+\/job$/
const TRIGGER = /^\/v1\/workflow\/[^/]+\/[^/]+\/trigger$/
/** What starts a paid run: a job's create or an automation's trigger. */
const SEND = (method: string, path: string) =>
  method === 'POST' && (CREATE.test(path) || TRIGGER.test(path))
const USE = /^\/v2\/agent\/[^/]+\/job(\/[^/]+\/message)?$/

/** One run's requests: counted, and the plan's fault applied at its point. */
export class RunTraffic {
  github = 0
  service = 0
  /** Of those, the requests a run makes per item of its work (see `perItem`), not per run. */
  githubPerItem = 0
  servicePerItem = 0
  /** Creates and follow-up messages the service carried out. */
  uses = 0
  killed = false
  /** A create the service carried out, after which the run was killed or never heard the answer. */
  lostCreate = false
  /** What the fault hit (`kill before GET /repos/…`), once it did. */
  struck?: string
  private carriedCreate = false

  constructor(
    private readonly plan: FaultPlan | undefined,
    private readonly onKill: () => void,
    private readonly perItem: (side: 'github' | 'service', method: string, path: string) => boolean
  ) {}

  get requests(): number {
    return this.github + this.service
  }

  /** The GitHub fake's question: the fault for this call, if any. */
  onGitHub = (method: string, path: string): Fault | undefined => {
    const fault = this.faultFor('github', method, path)
    if (fault === undefined || fault.process) {
      this.github += 1
      if (this.perItem('github', method, path)) this.githubPerItem += 1
    }
    return fault
  }

  /** The emulator's question: the fault for this request, if any. */
  onService = (method: string, path: string): Fault | undefined => {
    const fault = this.faultFor('service', method, path)
    const carried = fault === undefined || fault.kind === 'reset-after-body' || fault.process
    if (carried) this.service += 1
    if (carried && this.perItem('service', method, path)) this.servicePerItem += 1
    if (carried && method === 'POST' && USE.test(path)) this.uses += 1
    if (carried && SEND(method, path)) {
      this.carriedCreate = true
      if (fault !== undefined) this.lostCreate = true
    }
    return fault
  }

  private faultFor(side: 'github' | 'service', method: string, path: string): Fault | undefined {
    if (this.killed) return { kind: 'reset' }
    const plan = this.plan
    if (plan === undefined || this.struck !== undefined) return undefined
    const fault = this.strike(plan, side, method, path)
    if (fault !== undefined) this.struck = `${plan.fault} at ${method} ${path}`
    return fault
  }

  private strike(
    plan: FaultPlan,
    side: 'github' | 'service',
    method: string,
    path: string
  ): Fault | undefined {
    if (plan.fault === 'unanswered create') {
      return side === 'service' && method === 'POST' && CREATE.test(path)
        ? { kind: 'reset-after-body' }
        : undefined
    }
    if (plan.fault === 'kill after trigger') return this.carriedCreate ? this.kill() : undefined
    if (plan.fault.startsWith('trigger') || plan.fault === 'unanswered trigger') {
      const atTrigger = side === 'service' && method === 'POST' && TRIGGER.test(path)
      return atTrigger ? triggerFault(plan.fault as TriggerFault) : undefined
    }
    if (this.requests < plan.at) return undefined
    switch (plan.fault) {
      case 'kill':
        return this.kill()
      case '5xx':
        return side === 'github' ? { status: 502 } : serviceError(503, 'Service Unavailable')
      case 'reset':
        return { kind: 'reset' }
      case '429':
        return side === 'service' ? rateLimited() : undefined
      default:
        return side === 'github' ? secondaryRateLimit(30) : undefined
    }
  }

  /** From now on every request of the run is reset before it is carried out. */
  private kill(): Fault {
    this.killed = true
    this.lostCreate ||= this.carriedCreate
    this.onKill()
    return { kind: 'reset' }
  }
}

/** The fault a trigger meets. */
function triggerFault(fault: TriggerFault): Fault {
  switch (fault) {
    case 'trigger 429':
      return rateLimited()
    case 'trigger 5xx after sending':
      return { ...serviceError(503, 'Service Unavailable'), process: true }
    case 'unanswered trigger':
      return { kind: 'reset-after-body' }
    default:
      return { kind: 'reset' }
  }
}

/** The service's 429 with a Retry-After the run can wait out. */
function rateLimited(): Fault {
  return { ...serviceError(429, 'Too many requests'), headers: { 'retry-after': '20' } }
}
