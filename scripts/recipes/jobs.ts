/**
 * One delivered event's run of a workflow: jobs in `needs` order with their outputs, each job's
 * `if:`, its token limited to its `permissions:` (the workflow's when the job has none; every scope
 * not listed is `none`; no block at all: GitHub's restricted default, `contents: read`), and its
 * steps in order in a fresh workspace, each step's `if:` with the status functions as they stand.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Job, ActionStep } from '@actions/workflow-parser/model/workflow-template'
import { scopesOf } from '../../fakes/github/scopes.js'
import { holds, interpolate, type JobState } from './expressions.js'
import { installGh } from './stand-ins.js'
import { runnerFolder, runStep, stepLabel, type StepResult } from './steps.js'
import type { Workflow } from './workflow.js'
import { OWNER, paidRequests, REPO, type World } from './world.js'

export interface EventSpec {
  eventName: string
  payload: Record<string, unknown>
  /** workflow_dispatch's inputs. */
  inputs?: Record<string, string>
}

interface JobRun {
  id: string
  result: 'success' | 'failure' | 'skipped'
  steps: StepResult[]
  outputs: Record<string, string>
  /** The job's step summaries, as the run's page shows them. */
  summary: string
}

export interface WorkflowRun {
  jobs: JobRun[]
}

/** The `github` context's fields the steps and the runner's variables read. */
interface GitHubContext {
  event_name: string
  event: unknown
  actor: string
  ref: string
  sha: string
  [field: string]: unknown
}

let tokens = 0

/** A `pull_request` event of a fork's pull request (GitHub gives its runs no secrets, a read-only token). */
function fromFork(event: EventSpec): boolean {
  const pull = event.payload.pull_request as
    { head?: { repo?: { full_name?: string } } } | undefined
  return (
    ['pull_request', 'pull_request_review_comment'].includes(event.eventName) &&
    pull?.head?.repo?.full_name !== `${OWNER}/${REPO}`
  )
}

/** The ref and commit a run of this event sees: the default branch's for events that run its file. */
function refOf(event: EventSpec): { ref: string; sha: string } {
  const p = event.payload as Record<string, Record<string, unknown> | undefined> & { ref?: string }
  const defaultSha = 'f'.repeat(40)
  switch (event.eventName) {
    case 'pull_request':
      return { ref: `refs/pull/${String(p.pull_request?.number)}/merge`, sha: defaultSha }
    case 'push':
      return { ref: String(p.ref), sha: String((p as Record<string, unknown>).after) }
    case 'release':
      return { ref: `refs/tags/${String(p.release?.tag_name)}`, sha: defaultSha }
    default:
      // issue_comment, issues, pull_request_target, workflow_run, schedule, workflow_dispatch
      return { ref: 'refs/heads/main', sha: defaultSha }
  }
}

export async function runWorkflow(
  world: World,
  workflow: Workflow,
  event: EventSpec
): Promise<WorkflowRun> {
  const { ref, sha } = refOf(event)
  const inputs = event.inputs ?? {}
  // A pull_request run of a fork's pull request: a read-only token and no secrets.
  const fork = fromFork(event)
  const github: GitHubContext = {
    event_name: event.eventName,
    event: event.payload,
    repository: `${OWNER}/${REPO}`,
    repository_owner: OWNER,
    run_id: '4242',
    run_number: '7',
    run_attempt: '1',
    actor: (event.payload.sender as { login?: string } | undefined)?.login ?? 'maintainer',
    ref,
    ref_name: ref.replace(/^refs\/(heads|tags)\//, ''),
    sha,
    workflow: workflow.name,
    server_url: world.gh.serverUrl,
    api_url: world.gh.url
  }
  const done: JobRun[] = []
  const pending = [...workflow.template.jobs]
  while (pending.length > 0) {
    const at = pending.findIndex(job =>
      (job.needs ?? []).every(n => done.some(d => d.id === n.value))
    )
    const [job] = pending.splice(at === -1 ? 0 : at, 1)
    const needs = Object.fromEntries(
      (job.needs ?? []).map(n => {
        const need = done.find(d => d.id === n.value)
        return [n.value, { result: need?.result ?? 'skipped', outputs: need?.outputs ?? {} }]
      })
    )
    const needFailed = Object.values(needs).some(n => n.result !== 'success')
    const jobId = job.id.value
    const raw = workflow.raw.jobs[jobId]
    const workspace = runnerFolder()
    const state: JobState = { failed: needFailed, cancelled: false, workspace }
    const token = `ghs_job_${++tokens}`
    const jobContexts = {
      github: { ...github, job: jobId, token, workspace },
      inputs,
      vars: world.vars,
      needs
    }
    if (!holds(job.if.expression, jobContexts, state)) {
      done.push({ id: jobId, result: 'skipped', steps: [], outputs: {}, summary: '' })
      continue
    }
    const scopes = scopesOf(raw.permissions ?? workflow.raw.permissions ?? { contents: 'read' })
    world.gh.grantToken(
      token,
      fork ? Object.fromEntries(Object.keys(scopes).map(scope => [scope, 'read'])) : scopes
    )
    done.push(
      await runJob(
        world,
        workflow,
        jobId,
        { ...jobContexts, secrets: fork ? {} : world.secrets },
        state,
        token
      )
    )
    rmSync(workspace, { recursive: true, force: true })
  }
  return { jobs: done }
}

async function runJob(
  world: World,
  workflow: Workflow,
  jobId: string,
  contexts: Record<string, unknown> & { github: GitHubContext },
  state: JobState,
  token: string
): Promise<JobRun> {
  const raw = workflow.raw.jobs[jobId]
  const template = workflow.template.jobs.find(j => j.id.value === jobId) as Job
  const runnerDir = runnerFolder()
  installGh(join(runnerDir, 'bin'))
  const env: Record<string, string> = {
    PATH: `${join(runnerDir, 'bin')}:${process.env.PATH ?? ''}`,
    HOME: process.env.HOME ?? runnerDir,
    LANG: 'C.UTF-8',
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: contexts.github.event_name,
    GITHUB_EVENT_PATH: join(runnerDir, 'event.json'),
    GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
    GITHUB_REPOSITORY_OWNER: OWNER,
    GITHUB_SERVER_URL: world.gh.serverUrl,
    GITHUB_API_URL: world.gh.url,
    GITHUB_RUN_ID: '4242',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_JOB: jobId,
    GITHUB_WORKFLOW: workflow.name,
    GITHUB_ACTOR: contexts.github.actor,
    GITHUB_REF: contexts.github.ref,
    GITHUB_SHA: contexts.github.sha,
    GITHUB_WORKSPACE: state.workspace,
    RUNNER_TEMP: runnerDir
  }
  mkdirSync(state.workspace, { recursive: true })
  writeFileSync(env.GITHUB_EVENT_PATH, JSON.stringify(contexts.github.event))
  writeFileSync(join(runnerDir, 'summary.md'), '')
  const steps: StepResult[] = []
  const stepsContext: Record<
    string,
    { outputs: Record<string, string>; outcome: string; conclusion: string }
  > = {}
  for (const [index, step] of raw.steps.entries()) {
    const all = {
      ...contexts,
      steps: stepsContext,
      env: {},
      job: { status: state.failed ? 'failure' : 'success' },
      runner: { os: 'Linux', temp: runnerDir },
      strategy: {},
      matrix: {}
    }
    const condition = (template.steps[index] as ActionStep).if.expression
    let result: StepResult
    if (holds(condition, all, state)) {
      const ctx = { world, state, env, contexts: all, runnerDir, token }
      const paidBefore = paidRequests(world)
      result = await runStep(step, index, ctx)
      result.paid = paidRequests(world) - paidBefore
    } else {
      result = {
        label: stepLabel(step, index),
        outcome: 'skipped',
        outputs: {},
        warnings: [],
        errors: [],
        notices: [],
        log: '',
        paid: 0
      }
    }
    steps.push(result)
    const conclusion =
      result.outcome === 'failure' && step['continue-on-error'] === true
        ? 'success'
        : result.outcome
    if (conclusion === 'failure') state.failed = true
    if (step.id)
      stepsContext[step.id] = { outputs: result.outputs, outcome: result.outcome, conclusion }
  }
  const outputs = Object.fromEntries(
    Object.entries(raw.outputs ?? {}).map(([name, value]) => [
      name,
      interpolate(String(value), { ...contexts, steps: stepsContext }, state)
    ])
  )
  const summary = readFileSync(join(runnerDir, 'summary.md'), 'utf8')
  rmSync(runnerDir, { recursive: true, force: true })
  return { id: jobId, result: state.failed ? 'failure' : 'success', steps, outputs, summary }
}
