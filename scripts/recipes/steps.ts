/**
 * One step, as the runner runs it: `run:` in bash in the job's workspace; this project's actions
 * (`OWNER/mintlify-docs-agent-action[/analytics|/sweep|/deploy]@any-ref`) as the committed bundles
 * of this checkout, with INPUT_* from `with` over action.yml's defaults (an input the action does
 * not declare gets the runner's "Unexpected input" warning); other actions by stand-ins. The step's
 * GITHUB_OUTPUT, GITHUB_ENV and GITHUB_STEP_SUMMARY files are read back after it.
 */
import { spawn } from 'node:child_process'
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { parseOutputFile, PROJECT_ROOT } from '../../fakes/action-env.js'
import { readActionYaml } from '../action-docs.js'
import { interpolate, type JobState } from './expressions.js'
import { standIn } from './stand-ins.js'
import type { RawStep } from './workflow.js'
import type { World } from './world.js'

export interface StepResult {
  label: string
  outcome: 'success' | 'failure' | 'skipped'
  outputs: Record<string, string>
  /** `::warning::` lines and the runner's own warnings. */
  warnings: string[]
  /** `::error::` lines, decoded. */
  errors: string[]
  notices: string[]
  log: string
  /** Paid requests the step made (jobs, triggers, deployments, analytics reads). */
  paid: number
}

/** What a step runs with: the job's world, workspace, environment and contexts. */
export interface StepContext {
  world: World
  state: JobState
  /** GITHUB_* and RUNNER_* variables, and GITHUB_ENV's so far. */
  env: Record<string, string>
  contexts: Record<string, unknown>
  /** Folder of the runner's files (outputs, summaries) and the stand-ins' programs. */
  runnerDir: string
  /** The job's token (granted its `permissions:` in the GitHub fake). */
  token: string
}

const OURS = /^[^/]+\/mintlify-docs-agent-action(?:\/(analytics|sweep|deploy))?@\S+$/
const STEP_TIMEOUT_MS = 180_000

export function stepLabel(step: RawStep, index: number): string {
  return step.name ?? step.id ?? step.uses ?? `run #${index + 1}`
}

export async function runStep(step: RawStep, index: number, ctx: StepContext): Promise<StepResult> {
  const files = stepFiles(ctx.runnerDir, index)
  const stepEnv: Record<string, string> = { ...ctx.env }
  for (const [name, value] of Object.entries(step.env ?? {})) {
    stepEnv[name] = interpolate(String(value), ctx.contexts, ctx.state)
  }
  Object.assign(stepEnv, {
    // The step's id, or the runner's made-up one (`__run`, `__owner_repo`, numbered after the first).
    GITHUB_ACTION:
      step.id ??
      `__${(step.uses ?? 'run').replace(/@.*$/, '').replace(/[^A-Za-z0-9]/g, '_')}_${index}`,
    GITHUB_OUTPUT: files.output,
    GITHUB_ENV: files.env,
    GITHUB_STEP_SUMMARY: files.summary
  })
  const label = stepLabel(step, index)
  let ran: { code: number; stdout: string; warnings: string[] }
  if (step.run !== undefined) {
    const script = join(ctx.runnerDir, `step-${index}.sh`)
    writeFileSync(script, interpolate(step.run, ctx.contexts, ctx.state))
    const cwd = join(ctx.state.workspace, step['working-directory'] ?? '')
    ran = {
      ...(await spawnStep(
        'bash',
        ['--noprofile', '--norc', '-eo', 'pipefail', script],
        cwd,
        stepEnv
      )),
      warnings: []
    }
  } else {
    const uses = step.uses ?? ''
    const inputs = Object.fromEntries(
      Object.entries(step.with ?? {}).map(([k, v]) => [
        k,
        interpolate(String(v), ctx.contexts, ctx.state)
      ])
    )
    const ours = OURS.exec(uses)
    if (ours) {
      ran = await runOurs(ours[1], inputs, stepEnv, ctx)
    } else {
      const result = await standIn(uses, inputs, { ...ctx, env: stepEnv })
      appendFileSync(files.output, result.outputs)
      ran = { code: result.code, stdout: result.stdout, warnings: [] }
    }
  }
  const lines = ran.stdout.split('\n')
  const command = (kind: string) =>
    lines
      .filter(l => l.startsWith(`::${kind}`) || l.startsWith(`##[${kind}]`))
      .map(l => decode(l.replace(/^::[a-z]+[^:]*::|^##\[[a-z]+\]/, '')))
  const fileEnv = parseOutputFile(readFileSync(files.env, 'utf8'))
  Object.assign(ctx.env, fileEnv)
  appendFileSync(join(ctx.runnerDir, 'summary.md'), readFileSync(files.summary, 'utf8'))
  return {
    label,
    outcome: ran.code === 0 ? 'success' : 'failure',
    outputs: parseOutputFile(readFileSync(files.output, 'utf8')),
    warnings: [...ran.warnings, ...command('warning')],
    errors: command('error'),
    notices: command('notice'),
    log: ran.stdout,
    paid: 0
  }
}

/** A bundle of this checkout, as the runner starts a `node24` action. */
async function runOurs(
  sub: string | undefined,
  given: Record<string, string>,
  env: Record<string, string>,
  ctx: StepContext
): Promise<{ code: number; stdout: string; warnings: string[] }> {
  const actionFile = sub ? `${sub}/action.yml` : 'action.yml'
  const action = readActionYaml(PROJECT_ROOT, actionFile) as ReturnType<typeof readActionYaml> & {
    runs: { main: string }
  }
  const declared = Object.keys(action.inputs ?? {})
  const unexpected = Object.keys(given).filter(name => !declared.includes(name))
  const warnings = unexpected.length
    ? [
        `Unexpected input(s) '${unexpected.join("', '")}', valid inputs are ['${declared.join("', '")}']`
      ]
    : []
  // The world's address and a short poll: what points the action at the fakes, not what it is asked.
  const harness: Record<string, string> = { 'api-url': ctx.world.svc.url }
  if (declared.includes('poll-interval-seconds')) {
    Object.assign(harness, { 'poll-interval-seconds': '1', 'max-poll-interval-seconds': '1' })
  }
  const inputs: Record<string, string> = {}
  for (const [name, input] of Object.entries(action.inputs ?? {})) {
    inputs[name] = interpolate(String(input.default ?? ''), ctx.contexts, ctx.state)
  }
  Object.assign(inputs, harness, given)
  const inputEnv = Object.fromEntries(
    Object.entries(inputs).map(([name, value]) => [
      `INPUT_${name.replace(/ /g, '_').toUpperCase()}`,
      value
    ])
  )
  const main = join(PROJECT_ROOT, dirname(actionFile), action.runs.main)
  const ran = await spawnStep(
    'bash',
    [join(PROJECT_ROOT, 'scripts', 'node24.sh'), main],
    ctx.state.workspace,
    { ...env, ...inputEnv }
  )
  return { ...ran, warnings }
}

function stepFiles(runnerDir: string, index: number) {
  const files = {
    output: join(runnerDir, `output-${index}`),
    env: join(runnerDir, `env-${index}`),
    summary: join(runnerDir, `summary-${index}`)
  }
  for (const file of Object.values(files)) writeFileSync(file, '')
  return files
}

/** The folder of one job's runner files. */
export function runnerFolder(): string {
  return mkdtempSync(join(tmpdir(), 'recipe-runner-'))
}

/** A process of the step: its output (stderr too, as the log shows both) and its exit code. */
function spawnStep(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string>
): Promise<{ code: number; stdout: string }> {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  child.stdout.on('data', (data: Buffer) => (stdout += data.toString('utf8')))
  child.stderr.on('data', (data: Buffer) => (stdout += data.toString('utf8')))
  return new Promise(resolve => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STEP_TIMEOUT_MS)
    child.on('close', code => {
      clearTimeout(timer)
      resolve({ code: code ?? 1, stdout })
    })
  })
}

function decode(text: string): string {
  return text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%')
}
