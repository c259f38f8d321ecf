/**
 * The start-up every action shares, so each entry's `run` is its flow and nothing else. A signal
 * handler keeps the process alive, so a cancelled run must exit itself.
 */
import * as core from '@actions/core'
import { listenForCancellation, type Cancellation } from './cancellation.js'
import { getErrorMessage } from './errors.js'
import type { InputReader } from './inputs.js'
import { actionsLog, createRuntime, type Runtime, type RuntimeOverrides } from './runtime.js'
import { maskSecretInputs } from './secrets.js'
import { writeStepSummary } from './step-summary.js'

/** Inputs that hold secrets in any of the actions. */
const SECRET_INPUTS = ['api-key', 'github-token']

/** What an entry's caller (a test, the bench) may set; the rest comes from the runner. */
export interface RunOptions extends RuntimeOverrides {
  /** Per-request timeout of service calls (30 s by default). */
  requestTimeoutMs?: number
  /** Listen for SIGINT / SIGTERM, and exit after reporting a cancel they brought (true by default). */
  handleSignals?: boolean
}

export interface ActionRun {
  read: InputReader
  rt: Runtime
  /** Cuts the secret inputs out of a text bound for a summary, a comment or an output. */
  redact: (text: string) => string
  readonly cancelled: boolean
  /** Appends Markdown (redacted) to the step summary; failing to write it is only a warning. */
  summary(markdown: string): Promise<void>
  /** Fails the step with the message, redacted. */
  fail(message: string): void
}

export interface Action {
  flow(run: ActionRun): Promise<void>
  /**
   * The message a throw from `flow` fails the step with (redacted here), after reporting what the
   * action reports on a failure; by default the error's message.
   */
  failure?(error: unknown, run: ActionRun): Promise<string>
}

export async function runAction(action: Action, options: RunOptions = {}): Promise<void> {
  const read: InputReader = name => core.getInput(name)
  let redact = (text: string): string => text
  let cancellation: Cancellation | undefined
  try {
    // First of all: the runner then hides the secrets in every later line.
    redact = maskSecretInputs(read, SECRET_INPUTS)
    cancellation = listenForCancellation({
      external: options.signal,
      handleSignals: options.handleSignals
    })
    await runFlow(action, actionRun(read, redact, cancellation, options))
  } catch (error) {
    // Start-up itself failed (masking, the cancel listener), or the failure report did: one error.
    core.setFailed(redact(getErrorMessage(error)))
  } finally {
    cancellation?.dispose()
  }
  if (cancellation?.byProcessSignal) process.exit(1)
}

function actionRun(
  read: InputReader,
  redact: ActionRun['redact'],
  cancellation: Cancellation,
  options: RunOptions
): ActionRun {
  const rt = createRuntime(cancellation.signal, { log: actionsLog(redact), ...options })
  return {
    read,
    rt,
    redact,
    get cancelled() {
      return cancellation.cancelled
    },
    summary: markdown => writeStepSummary(redact(markdown), rt),
    fail: message => core.setFailed(redact(message))
  }
}

async function runFlow(action: Action, run: ActionRun): Promise<void> {
  try {
    await action.flow(run)
  } catch (error) {
    run.fail(action.failure ? await action.failure(error, run) : getErrorMessage(error))
  }
}
