/**
 * What every flow and client call runs on: time, randomness, the run's cancel signal and a log. Built
 * once at the entry and passed down unchanged, so tests and the bench swap one object, not five.
 */
import * as core from '@actions/core'
import { systemClock, type Clock } from './clock.js'
import { logLine } from './log-line.js'

export interface Log {
  debug(message: string): void
  info(message: string): void
  warning(message: string): void
  error(message: string): void
  notice(message: string): void
}

export interface Runtime {
  clock: Clock
  /** A number in [0, 1), for jitter. */
  random: () => number
  /** Aborts when the runner cancels the step (SIGINT / SIGTERM). */
  signal: AbortSignal
  log: Log
}

/**
 * The runner's log through @actions/core. `redact` runs over every line first (the key is masked by
 * the runner too, but a line can also reach the summary or a comment). Plain lines are kept on one
 * line and never start a workflow command (logLine); warnings and errors are escaped by core.
 */
export function actionsLog(redact: (text: string) => string = text => text): Log {
  return {
    debug: message => core.debug(redact(message)),
    info: message => core.info(logLine(redact(message))),
    warning: message => core.warning(redact(message)),
    error: message => core.error(redact(message)),
    notice: message => core.notice(redact(message))
  }
}

export function createRuntime(signal: AbortSignal, overrides: RuntimeOverrides = {}): Runtime {
  return {
    clock: overrides.clock ?? systemClock,
    random: overrides.random ?? Math.random,
    signal,
    log: overrides.log ?? actionsLog()
  }
}

/** What an entry's caller (a test, the bench) may replace (a signal stands for the runner's cancel). */
export type RuntimeOverrides = Partial<Runtime>
