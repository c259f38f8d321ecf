/**
 * Two requests on one thread at once (one job a thread): a `/mintlify` comment runs in process, and
 * the `docs` label on the same issue, seconds later, runs as the committed bundle in a child process,
 * started when the comment run asks for its job: its claim is written, still `pending`. The create's
 * answer is a 429 (Retry-After 1 s), and virtual time stands still until the label run says it waits
 * for the claim (or ends without waiting); from then until it ends, virtual time runs at real speed
 * and the child's clock (child-clock.mjs) with it, so that both runs see one time.
 */
import { setTimeout as realSleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { resolve } from 'node:path'
import { cleanUp, runBundle, type ActionRunSpec, type BundleRun } from '../../fakes/action-env.js'
import type { Fault } from '../../fakes/faults.js'
import { RequestTraffic } from '../../fakes/http-util.js'
import type { VirtualTime } from '../../fakes/virtual-time.js'
import { CLAIM_WAIT_MS } from '../../src/agent/claim-rule.js'

const CREATE = /^\/v2\/agent\/[^/]+\/job$/
/** The label run's log line when it finds the claim and waits (claim-wait.ts). */
const WAITING = 'is starting its agent job right now; waiting up to'
const CLOCK = resolve(fileURLToPath(import.meta.url), '..', 'child-clock.mjs')
const REAL_STEP_MS = 10
/**
 * How long the child may take: the whole claim wait and a minute more, so a first run that never
 * names its job (killed after its claim) lets the child wait its two minutes out and go on.
 */
const CHILD_TIMEOUT_MS = CLAIM_WAIT_MS + 60_000

/** What the child run left: its result and when (virtual ms) it started. */
export interface BesideResult {
  at: number
  end: number
  run: BundleRun
  wallMs: number
}

export class BesideRun {
  /** Held open while the child lives: the drive does not jump virtual time meanwhile. */
  readonly hold = new RequestTraffic()
  private time?: VirtualTime
  private child?: Promise<BesideResult>
  private ticking = false
  private stopped = false

  /**
   * `spec`: the child's run, made when it starts (the label goes on the thread then). `startsOn`:
   * the first run's request that starts it (a create; an automation's trigger).
   */
  constructor(
    private readonly spec: (at: number) => ActionRunSpec,
    private readonly startsOn: RegExp = CREATE
  ) {}

  attach(time: VirtualTime): void {
    this.time = time
  }

  /** The emulator's question, before the run's own: the first create starts the child. */
  onService = (method: string, path: string): Fault | undefined => {
    if (this.child || !this.time || method !== 'POST' || !this.startsOn.test(path)) return undefined
    this.hold.open += 1
    this.child = this.start(this.time.now())
    return { status: 429, headers: { 'retry-after': '1' }, body: '{"error":"rate limited"}' }
  }

  /** The child's result, once it ended; undefined if the first run never asked for a job. */
  async finished(): Promise<BesideResult | undefined> {
    return this.child
  }

  private async start(at: number): Promise<BesideResult> {
    const spec = this.spec(at)
    const realStart = process.hrtime.bigint()
    try {
      const run = await runBundle(
        'dist/index.js',
        {
          ...spec,
          env: { ...(spec.env ?? {}), NODE_OPTIONS: `--import=${CLOCK}`, SOAK_CLOCK_AT: String(at) }
        },
        {
          onStdout: text => text.includes(WAITING) && this.realSpeed(),
          timeoutMs: CHILD_TIMEOUT_MS
        }
      )
      cleanUp(run)
      const wallMs = Number(process.hrtime.bigint() - realStart) / 1e6
      return { at, end: this.time?.now() ?? at, run, wallMs }
    } finally {
      this.stopped = true
      this.hold.open -= 1
    }
  }

  /** From now until the child ends, virtual time moves as real time does. */
  private realSpeed(): void {
    if (this.ticking) return
    this.ticking = true
    void (async () => {
      let last = process.hrtime.bigint()
      while (!this.stopped) {
        await realSleep(REAL_STEP_MS)
        const now = process.hrtime.bigint()
        await this.time?.advance(Number(now - last) / 1e6)
        last = now
      }
    })()
  }
}
