/** Raw action inputs into typed values; each failure is one InputError naming the input. */

/** Reads one input by its kebab-case name; '' when unset. */
export type InputReader = (name: string) => string

/** An action's optional inputs' defaults: action.yml repeats them, and a test keeps the two equal. */
export type InputDefaults = Readonly<Record<string, string | number | boolean | readonly string[]>>

export class InputError extends Error {
  constructor(
    readonly input: string,
    expected: string,
    received?: string
  ) {
    const got = received === undefined ? '' : `; got ${JSON.stringify(clip(received))}`
    super(`Input '${input}' ${expected}${got}.`)
    this.name = 'InputError'
  }
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}

export function readString(read: InputReader, name: string): string {
  return read(name).trim()
}

export function requireString(read: InputReader, name: string, expected: string): string {
  const value = readString(read, name)
  if (!value) throw new InputError(name, `is required: ${expected}`)
  return value
}

const TRUE_WORDS = ['true', 'True', 'TRUE']
const FALSE_WORDS = ['false', 'False', 'FALSE']

/** The YAML 1.2 core booleans, as @actions/core's getBooleanInput accepts them. */
export function parseBoolean(
  read: InputReader,
  name: string,
  { fallback }: { fallback: boolean }
): boolean {
  const value = readString(read, name)
  if (!value) return fallback
  if (TRUE_WORDS.includes(value)) return true
  if (FALSE_WORDS.includes(value)) return false
  throw new InputError(name, 'must be `true` or `false`', value)
}

export interface NumberRule {
  fallback: number
  /** Words for the error, e.g. "a number of minutes greater than 0 (for example 30 or 0.5)". */
  expected: string
  integer?: boolean
  min?: number
  /** When true, `min` itself is not allowed. */
  minExclusive?: boolean
  max?: number
}

export function parseNumber(read: InputReader, name: string, rule: NumberRule): number {
  const raw = readString(read, name)
  if (!raw) return rule.fallback
  const pattern = rule.integer ? /^[+]?\d+$/ : /^[+]?(\d+(\.\d*)?|\.\d+)$/
  const value = Number(raw)
  const tooLow =
    rule.min !== undefined && (rule.minExclusive ? value <= rule.min : value < rule.min)
  const tooHigh = rule.max !== undefined && value > rule.max
  if (!pattern.test(raw) || !Number.isFinite(value) || tooLow || tooHigh) {
    throw new InputError(name, `must be ${rule.expected}`, raw)
  }
  return value
}

export function parseChoice<T extends string>(
  read: InputReader,
  name: string,
  { choices, fallback }: { choices: readonly T[]; fallback: T }
): T {
  const raw = readString(read, name)
  if (!raw) return fallback
  const value = raw.toLowerCase() as T
  if (!choices.includes(value)) {
    throw new InputError(name, `must be one of ${choices.map(c => `\`${c}\``).join(', ')}`, raw)
  }
  return value
}

/** A comma- or newline-separated list, blanks dropped. */
export function parseList(read: InputReader, name: string): string[] {
  return readString(read, name)
    .split(/[,\n]/)
    .map(item => item.trim())
    .filter(item => item.length > 0)
}

/** An issue or pull-request number, or undefined when empty. */
export function parseIssueNumber(read: InputReader, name: string): number | undefined {
  const raw = readString(read, name).replace(/^#/, '')
  if (!raw) return undefined
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    throw new InputError(name, 'must be an issue or pull-request number such as 42', raw)
  }
  return Number(raw)
}

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/

/** The service base URL: https anywhere, http only on a loopback host (the local emulator). */
export function parseApiUrl(read: InputReader, name: string, fallback: string): string {
  const raw = readString(read, name) || fallback
  const expected =
    'must be an https URL such as https://api.mintlify.com (http only for localhost / 127.0.0.1)'
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new InputError(name, expected, raw)
  }
  const secure = url.protocol === 'https:'
  const loopback = url.protocol === 'http:' && LOOPBACK_HOSTS.test(url.hostname)
  if ((!secure && !loopback) || url.username || url.password || url.search || url.hash) {
    throw new InputError(name, expected, raw)
  }
  return url.toString().replace(/\/+$/, '')
}
