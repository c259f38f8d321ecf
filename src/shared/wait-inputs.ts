/**
 * The inputs that say how long and how often something the service runs is followed:
 * `max-wait-minutes`, `poll-interval-seconds` and `max-poll-interval-seconds`, with the same rules and
 * errors wherever they appear.
 */
import { InputError, parseNumber, type InputReader } from './inputs.js'

export interface WaitSettings {
  maxWaitMs: number
  pollIntervalMs: number
  maxPollIntervalMs: number
}

type WaitDefaults = Record<
  'max-wait-minutes' | 'poll-interval-seconds' | 'max-poll-interval-seconds',
  number
>

export function parseWaitInputs(read: InputReader, defaults: WaitDefaults): WaitSettings {
  const maxWaitMinutes = parseNumber(read, 'max-wait-minutes', {
    fallback: defaults['max-wait-minutes'],
    expected: `a number of minutes greater than 0, for example ${defaults['max-wait-minutes']} or 0.5`,
    min: 0,
    minExclusive: true,
    max: 6 * 60
  })
  const seconds = (name: keyof WaitDefaults, example: number): number =>
    parseNumber(read, name, {
      fallback: defaults[name],
      expected: `a number of seconds from 1 to 3600, for example ${example}`,
      min: 1,
      max: 3600
    })
  const pollIntervalSeconds = seconds('poll-interval-seconds', 5)
  const maxPollIntervalSeconds = seconds('max-poll-interval-seconds', 30)
  if (pollIntervalSeconds > maxPollIntervalSeconds) {
    throw new InputError(
      'poll-interval-seconds',
      `must not be above \`max-poll-interval-seconds\` (${maxPollIntervalSeconds})`,
      String(pollIntervalSeconds)
    )
  }
  return {
    maxWaitMs: Math.round(maxWaitMinutes * 60_000),
    pollIntervalMs: Math.round(pollIntervalSeconds * 1000),
    maxPollIntervalMs: Math.round(maxPollIntervalSeconds * 1000)
  }
}
