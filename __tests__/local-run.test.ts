/**
 * The local run of CONTRIBUTING.md works as written: `npm run emulator` starts what `.env.example`
 * points at, and each entry it names for `npx @github/local-action . <entry> .env` runs once with
 * those values (here on free ports, in virtual time, with the runner's files in a temporary folder).
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { cleanUp, PROJECT_ROOT, runInProcess, type ActionRunResult } from '../fakes/action-env.js'
import { LOCAL_PORTS, startLocalEmulator, type LocalEmulator } from '../fakes/local-emulator.js'
import { VirtualTime } from '../fakes/virtual-time.js'

const contributing = readFileSync(join(PROJECT_ROOT, 'CONTRIBUTING.md'), 'utf8')
const example = readFileSync(join(PROJECT_ROOT, '.env.example'), 'utf8')

/** KEY=VALUE lines, as local-action (dotenv) reads them. */
function parseEnv(text: string): Record<string, string> {
  const env: Record<string, string> = {}
  for (const line of text.split('\n')) {
    const match = /^([A-Z_][A-Z0-9_-]*)=(.*)$/.exec(line.trim())
    if (match) env[match[1]] = match[2]
  }
  return env
}

let local: LocalEmulator
const results: ActionRunResult[] = []
beforeEach(async () => {
  local = await startLocalEmulator({})
})
afterEach(async () => {
  await local.close()
  results.splice(0).forEach(cleanUp)
})

/** .env.example with the emulator's free ports in place of the fixed ones. */
function envFile(): Record<string, string> {
  const env = parseEnv(example)
  for (const [name, value] of Object.entries(env)) {
    env[name] = value
      .replace(`127.0.0.1:${LOCAL_PORTS.service}`, new URL(local.svc.url).host)
      .replace(`127.0.0.1:${LOCAL_PORTS.github}`, new URL(local.gh.url).host)
  }
  // The runner's files stay in the run's temporary folder.
  delete env.GITHUB_STEP_SUMMARY
  return env
}

async function runEntry(entry: string): Promise<ActionRunResult> {
  expect(contributing).toContain(`npx @github/local-action . ${entry} .env`)
  const { run } = (await import(join(PROJECT_ROOT, entry))) as { run: () => Promise<void> }
  const result = await runInProcess({ env: envFile() }, async () => {
    const time = VirtualTime.install()
    try {
      await time.drive(run(), [local.svc.traffic, local.gh.traffic])
    } finally {
      time.uninstall()
    }
  })
  results.push(result)
  return result
}

describe('.env.example with npm run emulator', () => {
  it('points at the emulator’s fixed ports with the key and project id it accepts, and sets GITHUB_STEP_SUMMARY', () => {
    const env = parseEnv(example)
    expect(env['INPUT_API-URL']).toBe(`http://127.0.0.1:${LOCAL_PORTS.service}`)
    expect(env.GITHUB_API_URL).toBe(`http://127.0.0.1:${LOCAL_PORTS.github}`)
    expect(env['INPUT_API-KEY']).toBe(local.svc.apiKey)
    expect(env['INPUT_PROJECT-ID']).toBe(local.svc.projectId)
    expect(env['INPUT_GITHUB-TOKEN']).toBe(local.gh.token)
    expect(env.GITHUB_STEP_SUMMARY).toBeTruthy()
  })

  it('runs the agent entry to a finished job reported on issue #1', async () => {
    const result = await runEntry('src/agent/main.ts')
    expect(result.exitCode).toBe(0)
    expect(result.outputs.status).toBe('completed')
    expect(local.svc.requestsTo('POST', /\/job$/)).toHaveLength(1)
    expect(local.gh.comments('your-org', 'your-docs', 1)).toHaveLength(1)
    expect(result.summary).toContain('### Mintlify docs agent')
  })

  it('runs the analytics entry to a CSV of every page', async () => {
    const result = await runEntry('src/analytics/main.ts')
    expect(result.exitCode).toBe(0)
    expect(result.outputs.pages).toBe('1234')
    expect(result.outputs.file).toBe(join(result.workDir, 'page-views.csv'))
    expect(readFileSync(result.outputs.file, 'utf8').split('\n')[0]).toBe('path,human,ai,total')
  })

  it('runs the sweep entry: it lists the repository’s comments and finds none to finish', async () => {
    const result = await runEntry('src/sweep/main.ts')
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toEqual({ checked: '0', finished: '0', pending: '0' })
    expect(local.gh.calls.some(c => c.path === '/repos/your-org/your-docs/issues/comments')).toBe(
      true
    )
  })

  it('runs the deploy entry: a production deployment followed to success, reported on issue #1', async () => {
    const result = await runEntry('src/deploy/main.ts')
    expect(result.exitCode).toBe(0)
    expect(result.outputs.status).toBe('success')
    const comments = local.gh.comments('your-org', 'your-docs', 1)
    expect(
      comments.some(c => c.body.includes('✅ The production deployment of `main` succeeded.'))
    ).toBe(true)
  })
})
