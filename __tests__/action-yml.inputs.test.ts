/**
 * Each action.yml against its settings parser: the inputs it declares are exactly the ones the parser
 * reads, and each optional input's default is the one the parser's defaults table holds (the one
 * place a default is written; action.yml repeats it for the runner and for readers).
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parse } from 'yaml'
import { AGENT_DEFAULTS } from '../src/agent/defaults.js'
import { parseAgentSettings } from '../src/agent/settings.js'
import { ANALYTICS_DEFAULTS } from '../src/analytics/defaults.js'
import { parseAnalyticsSettings } from '../src/analytics/settings.js'
import type { InputDefaults, InputReader } from '../src/shared/inputs.js'
import { DEPLOY_DEFAULTS, parseDeploySettings } from '../src/deploy/settings.js'
import { SWEEP_DEFAULTS } from '../src/sweep/defaults.js'
import { parseSweepSettings } from '../src/sweep/settings.js'

const ROOT = resolve(import.meta.dirname, '..')

interface ActionYml {
  inputs: Record<string, { required?: boolean; default?: string }>
}

interface Case {
  file: string
  defaults: InputDefaults
  parse: (read: InputReader) => unknown
  /** Inputs whose empty value means something else than the default (none, or nothing). */
  emptyMeansNone: string[]
  /** Inputs that switch on a mode whose own inputs are read only then. */
  modes?: Record<string, string>[]
}

const noFile = (): Uint8Array => {
  throw new Error('no prompt file in this test')
}
const TODAY = new Date('2024-03-10T12:00:00Z')

const CASES: Case[] = [
  {
    file: 'action.yml',
    defaults: AGENT_DEFAULTS,
    parse: read => parseAgentSettings(read, noFile, TODAY.getTime()),
    emptyMeansNone: ['skip-label', 'ignore-paths'],
    // The digest's inputs are read when it is on (it needs its tracking issue).
    modes: [{ digest: 'true', 'issue-number': '1' }]
  },
  {
    file: 'analytics/action.yml',
    defaults: ANALYTICS_DEFAULTS,
    parse: read => parseAnalyticsSettings(read, TODAY),
    emptyMeansNone: []
  },
  {
    file: 'sweep/action.yml',
    defaults: SWEEP_DEFAULTS,
    parse: parseSweepSettings,
    emptyMeansNone: []
  },
  {
    file: 'deploy/action.yml',
    defaults: DEPLOY_DEFAULTS,
    parse: parseDeploySettings,
    emptyMeansNone: []
  }
]

/** The required inputs, and a token (the sweep needs one; the runner always passes one). */
const GIVEN: Record<string, string> = {
  'api-key': 'mint_x',
  'project-id': 'p',
  'github-token': 'ghs_test'
}
// An expression the runner evaluates (the workflow's token): the parser sees a token, never this.
const RUNNER_EXPRESSION = /^\$\{\{.*\}\}$/

/** A default as action.yml writes it: a list one item a line. */
const declared = (value: InputDefaults[string]): string =>
  Array.isArray(value) ? value.join('\n') : String(value)

/** The parser's result for the inputs given, every other input left empty. */
const parsed = (parseWith: Case['parse'], inputs: Record<string, string>): unknown =>
  parseWith(name => inputs[name] ?? GIVEN[name] ?? '')

describe.each(CASES)('$file', ({ file, defaults, parse: parseWith, emptyMeansNone, modes }) => {
  const action = parse(readFileSync(join(ROOT, file), 'utf8')) as ActionYml

  it('declares exactly the inputs the settings parser reads', () => {
    const read = new Set<string>()
    for (const mode of [{}, ...(modes ?? [])]) {
      parseWith(name => {
        read.add(name)
        return (mode as Record<string, string>)[name] ?? GIVEN[name] ?? ''
      })
    }
    expect([...read].sort()).toEqual(Object.keys(action.inputs).sort())
  })

  it('requires api-key and project-id, with no default, and nothing else', () => {
    const required = Object.entries(action.inputs).filter(([, input]) => input.required)
    expect(required.map(([name]) => name)).toEqual(['api-key', 'project-id'])
    for (const [, input] of required) expect(input.default).toBeUndefined()
  })

  it("declares each optional input's default as the parser's defaults table holds it", () => {
    const optional = Object.entries(action.inputs).filter(([, input]) => !input.required)
    expect(Object.keys(defaults).sort()).toEqual(optional.map(([name]) => name).sort())
    for (const [name, input] of optional)
      expect([name, (input.default ?? '').trimEnd()]).toEqual([name, declared(defaults[name])])
  })

  it('parses an input left empty as its default, except where empty means none', () => {
    expect.hasAssertions()
    for (const [name, value] of Object.entries(defaults)) {
      if (RUNNER_EXPRESSION.test(declared(value))) continue
      const empty = parsed(parseWith, { [name]: '' })
      const given = parsed(parseWith, { [name]: declared(value) })
      if (emptyMeansNone.includes(name)) expect([name, empty]).not.toEqual([name, given])
      else expect([name, empty]).toEqual([name, given])
    }
  })
})
