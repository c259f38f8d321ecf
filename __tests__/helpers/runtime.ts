/**
 * A runtime for tests of single calls: the system clock (virtual once `useVirtualTime` installed fake
 * timers), no jitter, a signal the test may abort, and a log that keeps its lines.
 */
import { afterEach, beforeEach } from '@jest/globals'
import { systemClock } from '../../src/shared/clock.js'
import type { Log, Runtime } from '../../src/shared/runtime.js'
import { VirtualTime } from '../../fakes/virtual-time.js'

export interface TestRuntime extends Runtime {
  lines: string[]
  abort(reason?: unknown): void
}

export function testRuntime(overrides: Partial<Runtime> = {}): TestRuntime {
  const lines: string[] = []
  const keep =
    (level: string) =>
    (message: string): void => {
      lines.push(`${level}: ${message}`)
    }
  const log: Log = {
    debug: keep('debug'),
    info: keep('info'),
    warning: keep('warning'),
    error: keep('error'),
    notice: keep('notice')
  }
  const controller = new AbortController()
  return {
    clock: systemClock,
    random: () => 0,
    signal: controller.signal,
    log,
    ...overrides,
    lines,
    abort: reason => controller.abort(reason)
  }
}

/** Fake timers from `now` for each test of the file; the accessor gives the current VirtualTime. */
export function useVirtualTime(now = Date.parse('2024-03-10T12:00:00Z')): () => VirtualTime {
  let time: VirtualTime | undefined
  beforeEach(() => {
    time = VirtualTime.install(now)
  })
  afterEach(() => {
    time?.uninstall()
    time = undefined
  })
  return () => {
    if (!time) throw new Error('useVirtualTime: no test is running')
    return time
  }
}
