/**
 * The soak's world: the service emulator and the GitHub fake on loopback, and one run of an action
 * at a time, in process and in virtual time, with its fault. A killed run: from its kill point on,
 * both fakes reset every request of it before carrying it out (nothing it does reaches their state),
 * and its abort signal is fired so that its promise ends now instead of lingering into the next run.
 */
import { cleanUp, runInProcess } from '../../fakes/action-env.js'
import { GitHubFake } from '../../fakes/github-fake.js'
import { ServiceEmulator } from '../../fakes/service-emulator.js'
import { EVENT_LOOP_TURNS, VirtualTime } from '../../fakes/virtual-time.js'
import { run as runAgent } from '../../src/agent/main.js'
import { run as runAnalytics } from '../../src/analytics/main.js'
import { run as runSweep } from '../../src/sweep/main.js'
import { RunTraffic, type FaultPlan } from './faults.js'
import type { BesideRun } from './overlap.js'

export type RunKind =
  | 'digest'
  | 'sweep'
  | 'request'
  | 'report'
  | 'gaps'
  | 'automation'
  | 'dry-run'
  | 'automation digest'
  | 'automation backstop'
export const RUN_KINDS: readonly RunKind[] = [
  'digest',
  'sweep',
  'request',
  'report',
  'gaps',
  'automation',
  'dry-run',
  'automation digest',
  'automation backstop'
]

export interface RunSpec {
  kind: RunKind
  action: 'agent' | 'sweep' | 'analytics'
  eventName: string
  event: unknown
  inputs: Record<string, string>
  /** GITHUB_RUN_ID: a new one unless the step belongs to a run already (the report's gaps step). */
  runId?: string
  /** GITHUB_RUN_ATTEMPT of a re-run (the same run id, a later attempt). */
  attempt?: string
  fault?: FaultPlan
  /** What the run is about (`#123`), for the reports. */
  about?: string
}

export interface RunRecord {
  runId: string
  kind: RunKind
  about: string
  at: number
  end: number
  github: number
  service: number
  /** Requests beyond those made per item of the run's work (perItemOf): what history could grow. */
  githubBeyond: number
  serviceBeyond: number
  uses: number
  exitCode: number
  outputs: Record<string, string>
  fault?: FaultPlan
  /** What the fault hit, when it did. */
  struck?: string
  killed: boolean
  /** A create the service carried out whose answer the run never acted on. */
  lostCreate: boolean
  /** Jobs the service created during the run. */
  jobs: string[]
  /** Of those, the runs of Mintlify automations its triggers started. */
  triggers: number
  /** Real milliseconds the run took. */
  wallMs: number
}

/** A pair of requests on one issue at once (pairs.ts runs them): the first run and its child beside it. */
export interface Pair {
  number: number
  first: RunRecord
  second: RunRecord
}

export class Soak {
  readonly records: RunRecord[] = []
  readonly byRunId = new Map<string, RunRecord>()
  /** The pairs of requests on one issue at once. */
  readonly pairs: Pair[] = []
  private current?: RunTraffic
  /** A run in a child process beside the current one (overlap.ts); its traffic counts to the current. */
  private beside?: BesideRun
  private jobCount = 0
  private nextRunId = 100_000

  /** The runs' own randomness (retry jitter), seeded so that a seed gives the same year. */
  random: () => number = Math.random

  private constructor(
    readonly emulator: ServiceEmulator,
    readonly github: GitHubFake
  ) {
    emulator.intercept = (method, path) =>
      this.beside?.onService(method, path) ?? this.current?.onService(method, path)
    github.intercept = (method, path) => this.current?.onGitHub(method, path)
  }

  static async start(): Promise<Soak> {
    const [emulator, github] = await Promise.all([ServiceEmulator.start(), GitHubFake.start()])
    return new Soak(emulator, github)
  }

  close(): Promise<void> {
    return Promise.all([this.emulator.close(), this.github.close()]).then(() => undefined)
  }

  /** The spec's run at `at` (virtual ms), to its end; its record. */
  async run(at: number, spec: RunSpec, beside?: BesideRun): Promise<RunRecord> {
    const runId = spec.runId ?? this.newRunId()
    const controller = new AbortController()
    const traffic = new RunTraffic(spec.fault, () => controller.abort(), perItemOf(spec.kind))
    this.github.setRun('acme', 'docs', runId, 'in_progress')
    this.current = traffic
    this.beside = beside
    const wall = process.hrtime.bigint()
    const time = VirtualTime.install(at)
    beside?.attach(time)
    const work = async () => {
      await this.start(spec, controller.signal)
      await beside?.finished()
    }
    try {
      const result = await runInProcess(
        {
          eventName: spec.eventName,
          event: spec.event,
          inputs: spec.inputs,
          env: {
            GITHUB_API_URL: this.github.url,
            GITHUB_RUN_ID: runId,
            ...(spec.attempt ? { GITHUB_RUN_ATTEMPT: spec.attempt } : {})
          }
        },
        () => time.drive(work(), this.watched(), EVENT_LOOP_TURNS)
      )
      const end = time.now()
      cleanUp(result)
      const wallMs = Number(process.hrtime.bigint() - wall) / 1e6
      return this.record({ spec, runId, at, end, traffic, result, wallMs })
    } finally {
      this.current = undefined
      this.beside = undefined
      time.uninstall()
      this.github.setRun('acme', 'docs', runId, 'completed')
    }
  }

  private watched() {
    const hold = this.beside ? [this.beside.hold] : []
    return [this.emulator.traffic, this.github.traffic, ...hold]
  }

  private start(spec: RunSpec, signal: AbortSignal): Promise<void> {
    const options = { requestTimeoutMs: 5_000, handleSignals: false, signal, random: this.random }
    if (spec.action === 'sweep') return runSweep(options)
    if (spec.action === 'analytics') return runAnalytics(options)
    return runAgent(options)
  }

  /** A run the soak carried out apart (the child of a pair): recorded with the others. */
  keep(record: RunRecord): void {
    this.records.push(record)
    this.byRunId.set(record.runId, record)
  }

  /** A run id for a run started apart. */
  newRunId(): string {
    return String(this.nextRunId++)
  }

  private record(done: {
    spec: RunSpec
    runId: string
    at: number
    end: number
    traffic: RunTraffic
    result: { exitCode: number; outputs: Record<string, string> }
    wallMs: number
  }): RunRecord {
    const { spec, traffic } = done
    const jobs = this.newJobs()
    const record: RunRecord = {
      runId: done.runId,
      kind: spec.kind,
      about: spec.about ?? '',
      at: done.at,
      end: done.end,
      github: traffic.github,
      service: traffic.service,
      githubBeyond: traffic.github - traffic.githubPerItem,
      serviceBeyond: traffic.service - traffic.servicePerItem,
      uses: traffic.uses,
      exitCode: done.result.exitCode,
      outputs: done.result.outputs,
      fault: spec.fault,
      struck: traffic.struck,
      killed: traffic.killed,
      lostCreate: traffic.lostCreate,
      jobs,
      triggers: jobs.filter(job => this.emulator.job(job)?.automation !== undefined).length,
      wallMs: done.wallMs
    }
    this.keep(record)
    return record
  }

  /** The jobs the emulator created since the last look (its ids are job_1, job_2, …). */
  private newJobs(): string[] {
    const jobs: string[] = []
    while (this.emulator.job(`job_${this.jobCount + 1}`) !== undefined) {
      this.jobCount += 1
      jobs.push(`job_${this.jobCount}`)
    }
    return jobs
  }

  /** Every job the emulator holds, oldest first. */
  jobIds(): string[] {
    return Array.from({ length: this.jobCount }, (_, i) => `job_${i + 1}`)
  }
}

/**
 * The requests a run makes per item of its work, which follow the work and not the history: the
 * job reads while following a job (one per poll: the job's duration and the backoff); a digest's (or
 * a sweep's, for a detached digest) listing pages of merged PRs, files reads and notes on code PRs.
 */
function perItemOf(kind: RunKind) {
  const notes = kind === 'digest' || kind === 'sweep' || kind.startsWith('automation ')
  return (side: 'github' | 'service', method: string, path: string): boolean => {
    if (side === 'service') return method === 'GET' && /^\/v2\/agent\/[^/]+\/job\/[^/]+$/.test(path)
    if (/^\/repos\/acme\/docs\/pulls(\/\d+\/files)?$/.test(path)) return true
    const thread = /^\/repos\/acme\/docs\/issues\/(\d+)\/comments$/.exec(path)
    return notes && thread !== null && Number(thread[1]) >= 100 && Number(thread[1]) < 100_000
  }
}
