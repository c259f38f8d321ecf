/**
 * The runner cancels a step with SIGINT, then SIGTERM 7.5 s later, then kills it 2.5 s after that.
 * A Node signal handler stops the default exit, so the handler only aborts: the flow stops its work,
 * reports the cancel, and the run ends non-zero.
 */
export class CancelledError extends Error {
  constructor(readonly signalName: string) {
    super(`The run was cancelled (${signalName}).`)
    this.name = 'CancelledError'
  }
}

export interface Cancellation {
  signal: AbortSignal
  readonly cancelled: boolean
  /** True once SIGINT or SIGTERM reached this process: its handler keeps the process alive. */
  readonly byProcessSignal: boolean
  dispose(): void
}

export interface CancellationSources {
  /** Aborting it stands for the runner's cancel (tests, the bench). */
  external?: AbortSignal
  /** Listen for SIGINT and SIGTERM (true by default). */
  handleSignals?: boolean
}

export function listenForCancellation(sources: CancellationSources = {}): Cancellation {
  const { external, handleSignals = true } = sources
  const controller = new AbortController()
  let byProcessSignal = false
  const cancel = (name: NodeJS.Signals): void => {
    if (!controller.signal.aborted) controller.abort(new CancelledError(name))
  }
  const onSignal = (name: NodeJS.Signals): void => {
    byProcessSignal = true
    cancel(name)
  }
  const onExternal = (): void => cancel('SIGINT')
  external?.addEventListener('abort', onExternal, { once: true })
  if (external?.aborted) onExternal()
  if (handleSignals) {
    process.on('SIGINT', onSignal)
    process.on('SIGTERM', onSignal)
  }
  return {
    signal: controller.signal,
    get cancelled() {
      return controller.signal.aborted
    },
    get byProcessSignal() {
      return byProcessSignal
    },
    dispose() {
      external?.removeEventListener('abort', onExternal)
      if (handleSignals) {
        process.off('SIGINT', onSignal)
        process.off('SIGTERM', onSignal)
      }
    }
  }
}

export function isCancellation(error: unknown): boolean {
  return error instanceof CancelledError
}
