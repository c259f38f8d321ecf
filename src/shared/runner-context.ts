/**
 * What the runner tells a step through its environment: the event and where the run lives. Read
 * afresh on each call (not at import, as @actions/github's `context` is) so tests can run the action
 * several times in one process.
 */
import { readFileSync } from 'node:fs'

export interface RunnerContext {
  eventName: string
  /** The webhook payload; {} when there is no event file. */
  payload: Record<string, unknown>
  owner: string
  repo: string
  serverUrl: string
  apiUrl: string
  runId: string
  runAttempt: number
  /** GITHUB_JOB: the job's id in the workflow (the same for every leg of a matrix). */
  job: string
  /** GITHUB_ACTION: the step's id, or the name the runner gives a step without one. */
  step: string
  workflow: string
  actor: string
  workspace: string
}

export function readRunnerContext(env: NodeJS.ProcessEnv = process.env): RunnerContext {
  const [owner = '', repo = ''] = (env.GITHUB_REPOSITORY ?? '').split('/')
  let payload: Record<string, unknown> = {}
  const eventPath = env.GITHUB_EVENT_PATH
  if (eventPath) {
    try {
      payload = JSON.parse(readFileSync(eventPath, 'utf8')) as Record<string, unknown>
    } catch {
      payload = {}
    }
  }
  const attempt = Number(env.GITHUB_RUN_ATTEMPT ?? '1')
  return {
    eventName: env.GITHUB_EVENT_NAME ?? '',
    payload,
    owner,
    repo,
    serverUrl: (env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, ''),
    apiUrl: (env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, ''),
    runId: env.GITHUB_RUN_ID ?? '',
    runAttempt: Number.isInteger(attempt) && attempt > 0 ? attempt : 1,
    job: env.GITHUB_JOB ?? '',
    step: env.GITHUB_ACTION ?? '',
    workflow: env.GITHUB_WORKFLOW ?? '',
    actor: env.GITHUB_ACTOR ?? '',
    workspace: env.GITHUB_WORKSPACE ?? process.cwd()
  }
}

/** The link to this workflow run, or '' when the run id is unknown (a local run). */
export function runUrl(context: RunnerContext): string {
  if (!context.runId || !context.owner) return ''
  const attempt = context.runAttempt > 1 ? `/attempts/${context.runAttempt}` : ''
  return `${context.serverUrl}/${context.owner}/${context.repo}/actions/runs/${context.runId}${attempt}`
}

/** The repository's default branch as the event's payload names it, when it does. */
export function payloadDefaultBranch(context: Pick<RunnerContext, 'payload'>): string | undefined {
  const repository = context.payload.repository
  if (typeof repository !== 'object' || repository === null) return undefined
  const branch = (repository as { default_branch?: unknown }).default_branch
  return typeof branch === 'string' && branch !== '' ? branch : undefined
}
