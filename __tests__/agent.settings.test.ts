/**
 * Settings (docs/RELIABILITY.md, checklist 20): every wrong form of each input fails the step with
 * one error that names the input and the form it expects, before any request to the service or to
 * GitHub. The key is masked first.
 */
import { describe, expect, it } from '@jest/globals'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { baseInputs, commentScenario, runAgent, runComment, useWorld } from './helpers/world.js'
import { commandLines } from './helpers/text.js'
import { useTempDirs } from './helpers/temp-dirs.js'

const world = useWorld()
const tempDir = useTempDirs()

/** A trigger comment run with the base inputs changed by `change` (undefined removes an input). */
async function runWith(
  change: Record<string, string | undefined>,
  env: Record<string, string> = {}
) {
  const inputs = baseInputs(world())
  for (const [name, value] of Object.entries(change)) {
    if (value === undefined) delete inputs[name]
    else inputs[name] = value
  }
  return runAgent(world(), { ...commentScenario(world()), rawInputs: inputs, env })
}

function expectOneInputError(
  result: Awaited<ReturnType<typeof runWith>>,
  input: string,
  expected: RegExp
): void {
  expect(result.exitCode).toBe(1)
  const errors = commandLines(result.stdout, 'error')
  expect(errors).toHaveLength(1)
  expect(errors[0]).toContain(`Input '${input}' `)
  expect(errors[0]).toMatch(expected)
  expect(world().svc.requests).toHaveLength(0)
  expect(world().gh.calls).toHaveLength(0)
  expect(result.outputs).toEqual({})
}

describe('settings: one error naming the input, before any request', () => {
  const cases: [string, Record<string, string | undefined>, string, RegExp][] = [
    ['a missing api-key', { 'api-key': undefined }, 'api-key', /is required/],
    ['a blank api-key', { 'api-key': '   ' }, 'api-key', /is required/],
    [
      'an api-key with a line break inside (a malformed key is bad input, never an unknown outcome)',
      { 'api-key': 'mint_abc\ndef' },
      'api-key',
      /no spaces or line breaks/
    ],
    [
      'an api-key with a zero-width character inside',
      { 'api-key': 'mint_abc\u200bdef' },
      'api-key',
      /no invisible characters/
    ],
    ['a missing project-id', { 'project-id': undefined }, 'project-id', /is required/],
    ['a project-id with a slash', { 'project-id': 'a/b' }, 'project-id', /no spaces or slashes/],
    [
      'prompt together with prompt-file',
      { prompt: 'x', 'prompt-file': 'p.md' },
      'prompt-file',
      /must be empty when `prompt` is set/
    ],
    [
      'a prompt file that does not exist',
      { 'prompt-file': 'missing.md' },
      'prompt-file',
      /readable text file \(ENOENT\)/
    ],
    [
      'a non-numeric max-wait-minutes',
      { 'max-wait-minutes': 'ten' },
      'max-wait-minutes',
      /number of minutes greater than 0.*got "ten"/
    ],
    [
      'a negative max-wait-minutes',
      { 'max-wait-minutes': '-5' },
      'max-wait-minutes',
      /number of minutes greater than 0/
    ],
    ['a zero max-wait-minutes', { 'max-wait-minutes': '0' }, 'max-wait-minutes', /greater than 0/],
    [
      'max-wait-minutes with a unit',
      { 'max-wait-minutes': '30m' },
      'max-wait-minutes',
      /got "30m"/
    ],
    [
      'max-wait-minutes above six hours',
      { 'max-wait-minutes': '361' },
      'max-wait-minutes',
      /greater than 0/
    ],
    [
      'max-poll-interval-seconds above an hour',
      { 'max-poll-interval-seconds': '3601' },
      'max-poll-interval-seconds',
      /from 1 to 3600/
    ],
    [
      'a non-numeric poll-interval-seconds',
      { 'poll-interval-seconds': 'soon' },
      'poll-interval-seconds',
      /from 1 to 3600/
    ],
    [
      'a negative poll-interval-seconds',
      { 'poll-interval-seconds': '-1' },
      'poll-interval-seconds',
      /from 1 to 3600/
    ],
    [
      'a zero poll-interval-seconds',
      { 'poll-interval-seconds': '0' },
      'poll-interval-seconds',
      /from 1 to 3600/
    ],
    [
      'a zero max-poll-interval-seconds',
      { 'max-poll-interval-seconds': '0' },
      'max-poll-interval-seconds',
      /from 1 to 3600/
    ],
    [
      'poll-interval-seconds above max-poll-interval-seconds',
      { 'poll-interval-seconds': '10', 'max-poll-interval-seconds': '5' },
      'poll-interval-seconds',
      /must not be above `max-poll-interval-seconds` \(5\)/
    ],
    [
      'an unknown required-permission',
      { 'required-permission': 'owner' },
      'required-permission',
      /one of `read`, `triage`, `write`, `maintain`, `admin`/
    ],
    [
      'an http api-url that is not loopback',
      { 'api-url': 'http://api.mintlify.com' },
      'api-url',
      /https URL/
    ],
    ['an api-url that is not a URL', { 'api-url': 'api.mintlify.com' }, 'api-url', /https URL/],
    [
      'an api-url with credentials',
      { 'api-url': 'https://user:pw@api.mintlify.com' },
      'api-url',
      /https URL/
    ],
    ['a bad boolean for wait', { wait: 'yes' }, 'wait', /must be `true` or `false`/],
    ['a bad boolean for comment', { comment: 'no' }, 'comment', /must be `true` or `false`/],
    [
      'a bad boolean for fail-on-error',
      { 'fail-on-error': '1' },
      'fail-on-error',
      /must be `true` or `false`/
    ],
    [
      'a bad boolean for include-context',
      { 'include-context': 'on' },
      'include-context',
      /must be `true` or `false`/
    ],
    [
      'a bad boolean for follow-up',
      { 'follow-up': 'off' },
      'follow-up',
      /must be `true` or `false`/
    ],
    ['a bad boolean for back-link', { 'back-link': 'y' }, 'back-link', /must be `true` or `false`/],
    [
      'a non-numeric issue-number',
      { 'issue-number': 'seven' },
      'issue-number',
      /issue or pull-request number/
    ],
    [
      'a zero issue-number',
      { 'issue-number': '0' },
      'issue-number',
      /issue or pull-request number/
    ],
    [
      'a fractional issue-number',
      { 'issue-number': '7.5' },
      'issue-number',
      /issue or pull-request number/
    ],
    [
      'allowed-bots with a space inside a login',
      { 'allowed-bots': 'renovate[bot], evil bot' },
      'allowed-bots',
      /comma-separated logins/
    ],
    [
      'allowed-bots with a path',
      { 'allowed-bots': '../x' },
      'allowed-bots',
      /comma-separated logins/
    ],
    [
      'a trigger-phrase of two words',
      { 'trigger-phrase': '/docs please' },
      'trigger-phrase',
      /one word/
    ],
    ['a job-id with a space', { 'job-id': 'job 1' }, 'job-id', /one word without spaces/],
    [
      'a skip-label longer than GitHub allows',
      { 'skip-label': 'x'.repeat(51) },
      'skip-label',
      /one label name of at most 50 characters/
    ],
    [
      'a label-trigger longer than GitHub allows',
      { 'label-trigger': 'x'.repeat(51) },
      'label-trigger',
      /one label name of at most 50 characters/
    ],
    [
      'a label-trigger of two lines',
      { 'label-trigger': 'docs\nurgent' },
      'label-trigger',
      /one label name/
    ],
    [
      'an absolute path in ignore-paths',
      { 'ignore-paths': 'docs/**\n/etc/passwd' },
      'ignore-paths',
      /globs relative to the repository root/
    ],
    [
      'a Windows path in ignore-paths',
      { 'ignore-paths': 'docs\\*.md' },
      'ignore-paths',
      /forward slashes/
    ],
    [
      'a bad boolean for include-diff',
      { 'include-diff': 'maybe' },
      'include-diff',
      /must be `true` or `false`/
    ]
  ]

  it.each(cases)('fails on %s', async (_name, change, input, expected) => {
    const result = await runWith(change)
    expectOneInputError(result, input, expected)
  })

  it('fails on an empty prompt file, naming prompt-file', async () => {
    const dir = tempDir('agent-settings-')
    writeFileSync(join(dir, 'empty.md'), '  \n\n')
    const result = await runWith({ 'prompt-file': 'empty.md' }, { GITHUB_WORKSPACE: dir })
    expectOneInputError(result, 'prompt-file', /it is empty/)
  })

  it('fails on a prompt file that is a directory, naming prompt-file', async () => {
    const dir = tempDir('agent-settings-')
    const result = await runWith({ 'prompt-file': '.' }, { GITHUB_WORKSPACE: dir })
    expectOneInputError(result, 'prompt-file', /readable text file \(EISDIR\)/)
  })

  it.each([
    ['PNG bytes (NUL bytes inside)', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
    ['invalid UTF-8', Buffer.from([0x44, 0x6f, 0x63, 0xff, 0xfe, 0x73])]
  ])(
    'refuses a prompt file that is not text (%s), naming prompt-file, before any request',
    async (_name, bytes) => {
      const dir = tempDir('agent-settings-')
      writeFileSync(join(dir, 'prompt.md'), bytes)
      const result = await runWith({ 'prompt-file': 'prompt.md' }, { GITHUB_WORKSPACE: dir })
      expectOneInputError(result, 'prompt-file', /must name a UTF-8 text file/)
    }
  )

  it('accepts loopback http api-urls, fractions of minutes and the YAML booleans', async () => {
    world().svc.scriptJobs({ activePolls: 0 })
    const result = await runAgent(world(), {
      eventName: 'workflow_dispatch',
      inputs: {
        prompt: 'Check the changelog',
        'max-wait-minutes': '0.5',
        wait: 'True',
        comment: 'FALSE'
      }
    })
    expect(result.exitCode).toBe(0)
    expect(result.outputs.status).toBe('completed')
    expect(world().creates()).toHaveLength(1)
  })
})

describe('settings: the key is masked first', () => {
  it('writes ::add-mask:: for the key before any other line of stdout', async () => {
    world().svc.scriptJobs({ activePolls: 0 })
    const result = await runComment(world())
    const lines = result.stdout.split('\n').filter(Boolean)
    expect(lines[0]).toBe(`::add-mask::${world().svc.apiKey}`)
    expect(lines.slice(1).join('\n')).not.toContain(world().svc.apiKey)
  })

  it('masks the key even when another input is wrong', async () => {
    const result = await runWith({ 'max-wait-minutes': 'forever' })
    expect(result.stdout.split('\n')[0]).toBe(`::add-mask::${world().svc.apiKey}`)
    expect(result.exitCode).toBe(1)
  })

  it('masks the key without its surrounding white space', async () => {
    const result = await runWith({
      'api-key': `  ${world().svc.apiKey}\n`,
      'poll-interval-seconds': 'x'
    })
    expect(result.stdout.split('\n')[0]).toBe(`::add-mask::${world().svc.apiKey}`)
  })
})
