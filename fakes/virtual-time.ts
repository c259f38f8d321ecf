/**
 * Virtual time for the tests and the bench. The action waits the way it does on a runner (p-retry's
 * backoff and the runtime clock: setTimeout, Date, performance); here those run on fake timers, and
 * `drive` moves time on to the next timer whenever nothing else is going on, so a 30-minute job is
 * followed in milliseconds. Real I/O (the loopback fakes, the per-request timeouts, which use timer
 * signals) keeps real time: while a fake holds a request open, virtual time stands still.
 */
import { withGlobal, type Clock as FakeClock } from '@sinonjs/fake-timers'
import { setTimeout as realSleep } from 'node:timers/promises'
import type { RequestTraffic } from './http-util.js'

/** Real milliseconds of quiet before time moves on: the run is waiting, not working. */
const IDLE_TICKS = 3

/** How `drive` looks for quiet: one look a tick, time moves on after `idleTicks` quiet looks. */
export interface DrivePace {
  tick(): Promise<void>
  idleTicks: number
}

const REAL_MILLISECONDS: DrivePace = { tick: () => realSleep(1), idleTicks: IDLE_TICKS }

/**
 * Turns of the event loop instead of real milliseconds (the soak's thousands of runs): I/O is
 * looked at on every turn, so a few dozen quiet turns mean the same as a few quiet milliseconds
 * on loopback, at a fraction of the wait.
 */
export const EVENT_LOOP_TURNS: DrivePace = {
  tick: () => new Promise(resolve => setImmediate(resolve)),
  idleTicks: 40
}

export class VirtualTime {
  private constructor(private readonly clock: FakeClock) {}

  /** Fakes the global timers from `now` (epoch ms) on, until `uninstall`. */
  static install(now: number = Date.now()): VirtualTime {
    return new VirtualTime(
      withGlobal(globalThis).install({
        now,
        toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'],
        // A timer set before the install (an HTTP client's) is still cleared when asked.
        shouldClearNativeTimers: true
      })
    )
  }

  uninstall(): void {
    this.clock.uninstall()
  }

  /** Moves virtual time on by `ms`, running the timers due meanwhile (the soak's runs at real speed). */
  async advance(ms: number): Promise<void> {
    await this.clock.tickAsync(ms)
  }

  /** Virtual ms since the epoch. */
  now(): number {
    return this.clock.now
  }

  /**
   * Runs `work` to its end, jumping to the next timer each time nothing has happened for a few real
   * milliseconds: no fake of `watched` serves a request, and none took or answered one.
   */
  async drive<T>(
    work: Promise<T>,
    watched: readonly RequestTraffic[] = [],
    pace: DrivePace = REAL_MILLISECONDS
  ): Promise<T> {
    const busy = (): boolean => watched.some(traffic => traffic.open > 0)
    const activity = (): number => watched.reduce((sum, traffic) => sum + traffic.events, 0)
    let settled = false
    const done = work.finally(() => {
      settled = true
    })
    // Handled here already: the caller awaits it only after the loop.
    done.catch(() => undefined)
    let seen = activity()
    let quiet = 0
    while (!settled) {
      await pace.tick()
      const now = activity()
      quiet = now === seen && !busy() ? quiet + 1 : 0
      seen = now
      if (!settled && quiet >= pace.idleTicks && this.clock.countTimers() > 0) {
        quiet = 0
        await this.clock.nextAsync()
      }
    }
    return done
  }
}
