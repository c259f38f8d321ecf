/**
 * Runs an action the way the runner does: inputs as INPUT_* variables, the event in a file named by
 * GITHUB_EVENT_PATH, outputs and the step summary in files. `runInProcess` calls run() here (fast,
 * and dependencies can be injected); `runBundle` starts a committed dist bundle under Node 24.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export interface ActionRunSpec {
  inputs?: Record<string, string>
  eventName?: string
  event?: unknown
  /** Extra or overriding environment variables. */
  env?: Record<string, string>
}

export interface ActionRunResult {
  outputs: Record<string, string>
  summary: string
  stdout: string
  exitCode: number
  workDir: string
}

export const PROJECT_ROOT = resolve(import.meta.dirname, '..')

/** The environment the runner would give the step, in a fresh temporary folder. */
export function actionEnvironment(spec: ActionRunSpec): {
  env: Record<string, string>
  workDir: string
} {
  const workDir = mkdtempSync(join(tmpdir(), 'mintlify-action-'))
  const eventPath = join(workDir, 'event.json')
  writeFileSync(eventPath, JSON.stringify(spec.event ?? {}))
  writeFileSync(join(workDir, 'output.txt'), '')
  writeFileSync(join(workDir, 'summary.md'), '')
  const env: Record<string, string> = {
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: spec.eventName ?? 'workflow_dispatch',
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_OUTPUT: join(workDir, 'output.txt'),
    GITHUB_STEP_SUMMARY: join(workDir, 'summary.md'),
    GITHUB_REPOSITORY: 'acme/docs',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '4242',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_JOB: 'docs',
    GITHUB_ACTION: 'agent',
    GITHUB_WORKFLOW: 'docs-agent',
    GITHUB_ACTOR: 'octocat',
    GITHUB_WORKSPACE: workDir,
    RUNNER_TEMP: workDir
  }
  for (const [name, value] of Object.entries(spec.inputs ?? {})) {
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value
  }
  return { env: { ...env, ...spec.env }, workDir }
}

/** GITHUB_OUTPUT's and GITHUB_ENV's format: `name=value` lines and `name<<DELIMITER` blocks. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<=]+)<<(.+)$/.exec(lines[i])
    if (match) {
      const [, name, delimiter] = match
      const value: string[] = []
      for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i])
      outputs[name] = value.join('\n')
    } else if (lines[i].includes('=')) {
      const at = lines[i].indexOf('=')
      outputs[lines[i].slice(0, at)] = lines[i].slice(at + 1)
    }
  }
  return outputs
}

function readResults(workDir: string): { outputs: Record<string, string>; summary: string } {
  const read = (name: string): string =>
    existsSync(join(workDir, name)) ? readFileSync(join(workDir, name), 'utf8') : ''
  return { outputs: parseOutputFile(read('output.txt')), summary: read('summary.md') }
}

/**
 * Calls `run` with the runner's environment set in this process, then restores it. stdout is
 * captured; process.exitCode is read and reset.
 */
export async function runInProcess(
  spec: ActionRunSpec,
  run: () => Promise<void>
): Promise<ActionRunResult> {
  const { env, workDir } = actionEnvironment(spec)
  const saved = { ...process.env }
  for (const name of Object.keys(process.env)) {
    if (name.startsWith('INPUT_') || name.startsWith('GITHUB_')) delete process.env[name]
  }
  Object.assign(process.env, env)
  const chunks: string[] = []
  const write = process.stdout.write.bind(process.stdout)
  process.stdout.write = ((chunk: string | Uint8Array) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))
    return true
  }) as typeof process.stdout.write
  const previousExitCode = process.exitCode
  process.exitCode = undefined
  try {
    await run()
  } finally {
    process.stdout.write = write
    for (const name of Object.keys(process.env)) {
      if (!(name in saved)) delete process.env[name]
    }
    Object.assign(process.env, saved)
  }
  const exitCode = Number(process.exitCode ?? 0)
  process.exitCode = previousExitCode
  return { ...readResults(workDir), stdout: chunks.join(''), exitCode, workDir }
}

export interface BundleRun extends ActionRunResult {
  stderr: string
}

/** Starts `node24 dist/...js` as the runner would and waits for it to end. */
export function runBundle(
  bundle: string,
  spec: ActionRunSpec,
  options: {
    onStdout?: (text: string, child: ReturnType<typeof spawn>) => void
    timeoutMs?: number
  } = {}
): Promise<BundleRun> {
  const { env, workDir } = actionEnvironment(spec)
  const baseEnv: Record<string, string> = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !name.startsWith('INPUT_') && !name.startsWith('GITHUB_')) {
      baseEnv[name] = value
    }
  }
  const child = spawn(
    'bash',
    [join(PROJECT_ROOT, 'scripts', 'node24.sh'), join(PROJECT_ROOT, bundle)],
    {
      cwd: workDir,
      env: { ...baseEnv, ...env },
      stdio: ['ignore', 'pipe', 'pipe']
    }
  )
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (data: Buffer) => {
    stdout += data.toString('utf8')
    options.onStdout?.(stdout, child)
  })
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString('utf8')))
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(
        new Error(`bundle ${bundle} did not finish in time; stdout:\n${stdout}\nstderr:\n${stderr}`)
      )
    }, options.timeoutMs ?? 60_000)
    child.on('close', code => {
      clearTimeout(timer)
      resolvePromise({ ...readResults(workDir), stdout, stderr, exitCode: code ?? 1, workDir })
    })
  })
}

export function cleanUp(result: { workDir: string }): void {
  rmSync(result.workDir, { recursive: true, force: true })
}
