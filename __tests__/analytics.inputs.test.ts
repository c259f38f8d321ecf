/**
 * docs/RELIABILITY.md, checklist 20: every bad input ends the step with one error that names the
 * input and the expected form, before any request reaches the service.
 */
import { describe, expect, it } from '@jest/globals'
import { chmodSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { ActionRunResult } from '../fakes/action-env.js'
import { runAnalytics, useWorld } from './helpers/world.js'

const world = useWorld(world => world.svc.generatePageViews(10))

function runWith(
  inputs: Record<string, string>,
  prepare?: (workspace: string) => void
): Promise<ActionRunResult> {
  return runAnalytics(world(), { inputs, prepare }, { today: new Date('2024-03-10T00:00:00Z') })
}

function errorLines(result: ActionRunResult): string[] {
  return result.stdout.split('\n').filter(line => line.startsWith('::error::'))
}

/** The step ended with exactly one error, one containing `message`, and sent no request. */
function expectOnlyError(result: ActionRunResult, message: string): void {
  expect(errorLines(result)).toEqual([expect.stringContaining(message)])
  expect(world().svc.requests).toHaveLength(0)
}

const cases: [string, string, RegExp][] = [
  ['api-key', '', /is required: the Mintlify admin API key/],
  ['api-key', 'mint_one two', /no spaces or line breaks/],
  ['api-key', 'mint_one\ntwo', /no spaces or line breaks/],
  ['api-key', 'mint_zero\u200bwidth', /no invisible characters/],
  ['project-id', '', /is required: the project id/],
  ['project-id', 'proj/../x', /no spaces or slashes/],
  ['api-url', 'http://api.mintlify.com', /must be an https URL/],
  ['api-url', 'ftp://127.0.0.1', /must be an https URL/],
  ['api-url', 'https://user:pw@api.mintlify.com', /must be an https URL/],
  ['page-size', '0', /whole number of rows per request from 1 to 250/],
  ['page-size', '300', /from 1 to 250/],
  ['page-size', '2.5', /whole number/],
  ['page-size', 'max', /whole number/],
  ['date-from', '2024-02-31', /YYYY-MM-DD.*ISO 8601 date-time.*-Nd/],
  ['date-from', 'yesterday', /YYYY-MM-DD/],
  ['date-from', '-7days', /-Nd/],
  ['date-to', '2024-01-01T24:00:00Z', /ISO 8601 date-time/],
  ['date-to', '31.01.2024', /YYYY-MM-DD/],
  ['format', 'xlsx', /must be one of `json`, `csv`/],
  ['output-file', 'reports/', /must be a file path/],
  ['output-file', 'no-such-folder/views.json', /must be in an existing folder/],
  ['summary-rows', '0', /whole number of pages from 1 to 1000/],
  ['summary-rows', '-1', /whole number/],
  ['summary-rows', 'all', /whole number/],
  ['issue-number', 'PR-12', /issue or pull-request number/],
  ['issue-number', '1.5', /issue or pull-request number/]
]

describe('bad inputs', () => {
  it.each(cases)(
    'rejects %s = %j with one error naming it, before any request',
    async (input, value, expected) => {
      const result = await runWith({ [input]: value })
      expect(result.exitCode).toBe(1)
      const errors = errorLines(result)
      expect(errors).toHaveLength(1)
      expect(errors[0]).toContain(`Input '${input}'`)
      expect(errors[0]).toMatch(expected)
      expect(world().svc.requests).toHaveLength(0)
      expect(result.outputs).toEqual({})
    }
  )

  it('rejects date-from after date-to, naming date-from', async () => {
    const result = await runWith({ 'date-from': '-1d', 'date-to': '-3d' })
    expectOnlyError(result, "Input 'date-from' must be before date-to (2024-03-07")
  })

  it('rejects an empty range (date-from equal to date-to, which is exclusive) before any request', async () => {
    const result = await runWith({ 'date-from': '2024-03-01', 'date-to': '2024-03-01' })
    expectOnlyError(result, "Input 'date-from' must be before date-to (2024-03-01")
    expect(errorLines(result)[0]).toContain('equal dates are an empty range')
  })

  it('asks for github-token when issue-number is set without one', async () => {
    const result = await runWith({ 'issue-number': '5', 'github-token': '' })
    expectOnlyError(result, "Input 'github-token' is required")
  })

  it('rejects an output-file that is an existing folder', async () => {
    const result = await runWith({ 'output-file': 'out' }, workspace =>
      mkdirSync(join(workspace, 'out'))
    )
    expectOnlyError(result, "Input 'output-file' must name a file, not an existing folder")
  })

  const root = process.getuid?.() === 0
  ;(root ? it.skip : it)('rejects an output-file in a folder it cannot write to', async () => {
    const result = await runWith({ 'output-file': 'locked/views.json' }, workspace => {
      mkdirSync(join(workspace, 'locked'))
      chmodSync(join(workspace, 'locked'), 0o555)
    })
    expectOnlyError(result, 'is not writable')
  })
})
