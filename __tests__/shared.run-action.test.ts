/**
 * runAction's start-up: a throw while masking the secrets or listening for the runner's cancel fails
 * the step with one error, as a throw of the flow does, never an unhandled rejection.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { cleanUp, runInProcess, type ActionRunResult } from '../fakes/action-env.js'
import { runAction } from '../src/shared/run-action.js'

const results: ActionRunResult[] = []
afterEach(() => results.splice(0).forEach(cleanUp))

/** Runs runAction in the runner's environment; `flowRan` says whether the flow was reached. */
async function start(
  options: Parameters<typeof runAction>[1],
  wrapWrite?: (write: typeof process.stdout.write) => typeof process.stdout.write
): Promise<ActionRunResult & { flowRan: boolean }> {
  let flowRan = false
  const result = await runInProcess({ inputs: { 'api-key': 'mint_secret' } }, async () => {
    const write = process.stdout.write
    if (wrapWrite) process.stdout.write = wrapWrite(write)
    try {
      await runAction(
        {
          flow: async () => {
            flowRan = true
          }
        },
        { handleSignals: false, ...options }
      )
    } finally {
      process.stdout.write = write
    }
  })
  results.push(result)
  return { ...result, flowRan }
}

const errorLines = (stdout: string): string[] =>
  stdout.split('\n').filter(line => line.startsWith('::error::'))

describe('runAction: start-up failures', () => {
  it('a throw while masking the secrets fails the step with one error', async () => {
    const refuseMasks =
      (write: typeof process.stdout.write): typeof process.stdout.write =>
      (chunk: string | Uint8Array, ...rest: unknown[]) => {
        if (String(chunk).startsWith('::add-mask::')) throw new Error('the runner refused a mask')
        return (write as (c: string | Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest)
      }
    const result = await start({}, refuseMasks)
    expect(result.flowRan).toBe(false)
    expect(result.exitCode).toBe(1)
    expect(errorLines(result.stdout)).toEqual(['::error::the runner refused a mask'])
  })

  it('a throw while listening for the cancel fails the step with one error, the secret cut out', async () => {
    const signal = {
      aborted: false,
      addEventListener: () => {
        throw new Error('cannot listen with mint_secret')
      },
      removeEventListener: () => undefined
    } as unknown as AbortSignal
    const result = await start({ signal })
    expect(result.flowRan).toBe(false)
    expect(result.exitCode).toBe(1)
    expect(errorLines(result.stdout)).toEqual(['::error::cannot listen with ***'])
  })
})
