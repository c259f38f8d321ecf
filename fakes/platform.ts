/**
 * The platform endpoints of the emulator (spec/platform-openapi.json): a production deployment
 * (`POST /v1/project/update/{projectId}`), a branch preview (`POST /v1/project/preview/{projectId}`),
 * a deployment's update status (`GET /v1/project/update-status/{statusId}`) and an automation's
 * trigger (`POST /v1/workflow/{projectId}/{workflowSchemaId}/trigger`). A status goes `queued`,
 * `in_progress`, then `success` or `failure` as tests script it, with logs and screenshots; a switch
 * stands for a plan without previews (403). An automation known to the project runs as an agent job
 * of the emulator (202 `{schemaId, instanceId, jobId}`); a malformed id, or one without a custom
 * schedule, or not active, answers 400, one the project does not have 404. Previews, deployments
 * and automation triggers share the service's limit: 5 a minute per organization, then 429 with
 * Retry-After.
 */
import type { Answer } from './analytics-data.js'

export interface DeploymentScript {
  /** Reads answered `queued`, then `in_progress`, before the outcome (default 1 and 2). */
  queuedPolls?: number
  inProgressPolls?: number
  /** Instead of the poll counts: in progress until this many ms after the trigger. */
  buildMs?: number
  /** Default 'success'. */
  outcome?: 'success' | 'failure'
  /** A status the documents do not name, answered instead of `in_progress` (an unknown value). */
  rawStatus?: string
  /** Log lines (default: a few of a build). */
  logs?: string[]
  summary?: string
  /** Screenshot URLs (default https ones of light and dark). */
  screenshots?: { screenshot?: string; screenshotLight?: string; screenshotDark?: string }
  commitMessage?: string
  author?: string
}

interface Deployment {
  id: string
  branch?: string
  script: DeploymentScript
  createdAt: number
  polls: number
  endedAt?: number
}

/** Triggers a minute per organization: previews, deployments and automations together. */
export const TRIGGER_LIMIT_PER_MINUTE = 5

/** An automation of the project, as its dashboard settings make it answer a trigger. */
export interface AutomationSetup {
  /** Only `custom` (a Custom schedule trigger) can be triggered from a workflow (default). */
  trigger?: 'custom' | 'code-change' | 'manual'
  /** Default true. */
  active?: boolean
}

/** One triggered run: its automation, run id and agent job. */
export interface AutomationRunRecord {
  schemaId: string
  instanceId: string
  jobId: string
}

/** Starts the agent job of an automation's run; returns its id (the emulator's own jobs). */
export type AutomationJobStarter = (automationId: string) => string

/** What an automation id can look like: letters, digits, `-` and `_`. */
const AUTOMATION_ID = /^[A-Za-z0-9_-]+$/

const DEFAULT_LOGS = ['Cloning the repository', 'Installing dependencies', 'Building the pages']

const ROUTES = {
  update: /^\/v1\/project\/update\/([^/]+)$/,
  preview: /^\/v1\/project\/preview\/([^/]+)$/,
  status: /^\/v1\/project\/update-status\/([^/]+)$/,
  workflow: /^\/v1\/workflow\/([^/]+)\/([^/]+)\/trigger$/
}

export class PlatformDeployments {
  /** False: the plan has no previews (403 on a preview). */
  previewsAvailable = true
  private readonly deployments = new Map<string, Deployment>()
  private readonly scripts: DeploymentScript[] = []
  /** When each trigger of the last minute came: the limit previews, deployments and automations share. */
  private readonly triggerTimes: number[] = []
  private count = 0
  private readonly automations = new Map<string, AutomationSetup>()
  /** Every automation run triggered so far, in order. */
  readonly automationRuns: AutomationRunRecord[] = []

  constructor(
    private readonly projectId: string,
    private readonly now: () => number,
    private readonly startAutomationJob: AutomationJobStarter = () => {
      throw new Error('this emulator runs no automation jobs')
    }
  ) {}

  /** An automation of the project (a custom-schedule one, active, by default). */
  addAutomation(id: string, setup: AutomationSetup = {}): void {
    this.automations.set(id, setup)
  }

  /** Scripts for the next triggers, in order; after them the default (success after 3 reads). */
  script(...scripts: DeploymentScript[]): void {
    this.scripts.push(...scripts)
  }

  /** Every deployment triggered so far: its branch (undefined for production) and reads. */
  list(): { id: string; branch?: string; polls: number }[] {
    return [...this.deployments.values()].map(({ id, branch, polls }) => ({ id, branch, polls }))
  }

  /** The answer to a platform request, or undefined when the path is not one of them. */
  route(method: string, path: string, body: unknown): Answer | undefined {
    let match: RegExpExecArray | null
    if (method === 'POST' && (match = ROUTES.update.exec(path))) {
      return this.forProject(match[1], () => this.limited() ?? this.counted(this.trigger()))
    }
    if (method === 'POST' && (match = ROUTES.preview.exec(path))) {
      return this.forProject(match[1], () => this.preview(body))
    }
    if (method === 'GET' && (match = ROUTES.status.exec(path))) {
      return this.status(decodeURIComponent(match[1]))
    }
    if (method === 'POST' && (match = ROUTES.workflow.exec(path))) {
      const automationId = decodeURIComponent(match[2])
      return this.forProject(match[1], () => this.limited() ?? this.runAutomation(automationId))
    }
    return undefined
  }

  /** The trigger of an automation: its run queued as an agent job, or why not. */
  private runAutomation(id: string): Answer {
    // The document's first 400: an id that cannot be one (the action's own input check's set).
    if (!AUTOMATION_ID.test(id)) {
      return { status: 400, body: { error: 'The automation ID is malformed' } }
    }
    const setup = this.automations.get(id)
    if (setup === undefined) {
      return { status: 404, body: { error: 'Automation not found for this project' } }
    }
    if (setup.active === false) return { status: 400, body: { error: 'Automation is not active' } }
    if ((setup.trigger ?? 'custom') !== 'custom') {
      return {
        status: 400,
        body: { error: 'Automation is not configured with a custom schedule' }
      }
    }
    this.triggerTimes.push(this.now())
    const run = {
      schemaId: id,
      instanceId: `run_${this.automationRuns.length + 1}`,
      jobId: this.startAutomationJob(id)
    }
    this.automationRuns.push(run)
    return { status: 202, body: { ...run } }
  }

  /** The 429 of the shared limit, or undefined when a trigger may go (it is counted by the caller). */
  private limited(): Answer | undefined {
    const now = this.now()
    while (this.triggerTimes.length > 0 && now - this.triggerTimes[0] >= 60_000) {
      this.triggerTimes.shift()
    }
    if (this.triggerTimes.length < TRIGGER_LIMIT_PER_MINUTE) return undefined
    const waitS = Math.ceil((this.triggerTimes[0] + 60_000 - now) / 1000)
    return {
      status: 429,
      headers: { 'retry-after': String(Math.max(1, waitS)) },
      body: { error: 'Too many requests: 5 triggers per minute per organization.' }
    }
  }

  private forProject(segment: string, handler: () => Answer): Answer {
    if (decodeURIComponent(segment) !== this.projectId) {
      return { status: 404, body: { error: 'Project not found' } }
    }
    return handler()
  }

  private trigger(branch?: string): Answer {
    const id = `status_${++this.count}`
    const script = this.scripts.shift() ?? {}
    this.deployments.set(id, { id, branch, script, createdAt: this.now(), polls: 0 })
    return { status: 202, body: { statusId: id } }
  }

  private preview(body: unknown): Answer {
    const branch = (body as { branch?: unknown } | undefined)?.branch
    if (typeof branch !== 'string' || branch === '') {
      return { status: 400, body: { error: 'The `branch` field is required.' } }
    }
    if (!this.previewsAvailable) {
      return {
        status: 403,
        body: { error: 'Preview deployments are not available on your current plan.' }
      }
    }
    const limited = this.limited()
    if (limited) return limited
    const answer = this.counted(this.trigger(branch))
    const slug = branch.toLowerCase().replace(/[^a-z0-9]+/g, '-')
    const body202 = answer.body as { statusId: string }
    return { ...answer, body: { ...body202, previewUrl: `https://acme-${slug}.mintlify.app` } }
  }

  /** A trigger the service took counts against the shared limit. */
  private counted(answer: Answer): Answer {
    this.triggerTimes.push(this.now())
    return answer
  }

  private status(id: string): Answer {
    const deployment = this.deployments.get(id)
    if (deployment === undefined) return { status: 404, body: { error: 'Status not found' } }
    deployment.polls += 1
    return { status: 200, body: this.view(deployment, this.advance(deployment)) }
  }

  private advance(deployment: Deployment): string {
    const { script, polls } = deployment
    const queued = script.queuedPolls ?? 1
    const building =
      script.buildMs !== undefined
        ? this.now() - deployment.createdAt < script.buildMs
        : polls <= queued + (script.inProgressPolls ?? 2)
    if (deployment.endedAt === undefined && script.buildMs === undefined && polls <= queued) {
      return 'queued'
    }
    if (deployment.endedAt === undefined && building) return script.rawStatus ?? 'in_progress'
    deployment.endedAt ??= this.now()
    return script.outcome ?? 'success'
  }

  private view(deployment: Deployment, status: string): Record<string, unknown> {
    const { script } = deployment
    const ended = deployment.endedAt !== undefined
    const shots = script.screenshots ?? {
      screenshotLight: `https://screenshots.mintlify.test/${deployment.id}-light.png`,
      screenshotDark: `https://screenshots.mintlify.test/${deployment.id}-dark.png`
    }
    return {
      _id: deployment.id,
      projectId: this.projectId,
      createdAt: new Date(deployment.createdAt).toISOString(),
      ...(ended ? { endedAt: new Date(deployment.endedAt ?? 0).toISOString() } : {}),
      status,
      summary:
        script.summary ?? (status === 'failure' ? 'The build failed.' : 'Deployment updated.'),
      logs: script.logs ?? DEFAULT_LOGS,
      subdomain: 'acme',
      ...(ended ? shots : {}),
      author: { name: script.author ?? 'Octo Cat', avatarUrl: '', githubUserId: 1 },
      commit: {
        sha: '0123456789abcdef0123456789abcdef01234567',
        ref: deployment.branch ?? 'main',
        message: script.commitMessage ?? 'Update the quickstart\n\nMore words.',
        filesChanged: { added: ['new.mdx'], modified: ['quickstart.mdx', 'docs.json'], removed: [] }
      },
      source: 'api'
    }
  }
}
