/**
 * The platform endpoints' resources (spec/platform-openapi.json): a deployment's trigger answer, its
 * update status, and an automation run's trigger answer. Every field but the ids is optional there, so each is checked and kept only
 * when it has the documented type.
 */
import { isRecord, optionalString, ShapeError, TOKEN } from './types.js'

/** The statuses the service documents; anything else is followed like `in_progress`. */
const KNOWN_DEPLOYMENT_STATUSES = ['queued', 'in_progress', 'success', 'failure'] as const
const ENDED_DEPLOYMENT_STATUSES = ['success', 'failure'] as const
type EndedDeploymentStatus = (typeof ENDED_DEPLOYMENT_STATUSES)[number]

export interface DeploymentTrigger {
  statusId: string
  /** Only for a preview. */
  previewUrl?: string
}

interface DeploymentCommit {
  sha?: string
  ref?: string
  message?: string
  filesChanged?: { added: string[]; modified: string[]; removed: string[] }
}

export interface DeploymentStatus {
  id: string
  /** One of KNOWN_DEPLOYMENT_STATUSES, or a value the service added later. */
  status: string
  createdAt?: string
  endedAt?: string
  summary?: string
  logs: string[]
  subdomain?: string
  screenshot?: string
  screenshotLight?: string
  screenshotDark?: string
  author?: string
  commit?: DeploymentCommit
}

export type EndedDeployment = DeploymentStatus & { status: EndedDeploymentStatus }

export function isKnownDeploymentStatus(status: string): boolean {
  return (KNOWN_DEPLOYMENT_STATUSES as readonly string[]).includes(status)
}

export function isEndedDeployment(status: DeploymentStatus): status is EndedDeployment {
  return (ENDED_DEPLOYMENT_STATUSES as readonly string[]).includes(status.status)
}

/** `body[field]`, one printable word (ids and statuses are logged and written into markers). */
function word(body: Record<string, unknown>, field: string): string {
  const value = body[field]
  if (typeof value !== 'string' || !TOKEN.test(value)) {
    throw new ShapeError(`the answer has no "${field}" of one printable word`)
  }
  return value
}

export function parseDeploymentTrigger(body: unknown): DeploymentTrigger {
  if (!isRecord(body)) throw new ShapeError('the answer is not a JSON object')
  return {
    statusId: word(body, 'statusId'),
    previewUrl: optionalString(body.previewUrl, 'previewUrl')
  }
}

/** A triggered automation run (202): the automation, the run (`instanceId`) and its agent job. */
export type AutomationRun = { schemaId: string; instanceId: string; jobId: string }

/**
 * The trigger's answer. The document marks no field required, but without `jobId` and `instanceId`
 * there is nothing to follow or to name: such an answer is a broken one. A missing `schemaId` is the
 * automation asked for.
 */
export function parseAutomationRun(body: unknown, automationId: string): AutomationRun {
  if (!isRecord(body)) throw new ShapeError('the answer is not a JSON object')
  const schemaId = body.schemaId === undefined ? automationId : word(body, 'schemaId')
  return { schemaId, instanceId: word(body, 'instanceId'), jobId: word(body, 'jobId') }
}

function stringList(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) throw new ShapeError(`field "${field}" is not a list`)
  return value.map(item => String(item))
}

function parseCommit(value: unknown): DeploymentCommit | undefined {
  if (!isRecord(value)) return undefined
  const files = isRecord(value.filesChanged) ? value.filesChanged : undefined
  return {
    sha: optionalString(value.sha, 'commit.sha'),
    ref: optionalString(value.ref, 'commit.ref'),
    message: optionalString(value.message, 'commit.message'),
    filesChanged: files && {
      added: stringList(files.added, 'commit.filesChanged.added'),
      modified: stringList(files.modified, 'commit.filesChanged.modified'),
      removed: stringList(files.removed, 'commit.filesChanged.removed')
    }
  }
}

export function parseDeploymentStatus(body: unknown, statusId: string): DeploymentStatus {
  if (!isRecord(body)) throw new ShapeError('the status is not a JSON object')
  const status = word(body, 'status')
  const text = (field: string): string | undefined => optionalString(body[field], field)
  const author = isRecord(body.author) ? optionalString(body.author.name, 'author.name') : undefined
  return {
    id: typeof body._id === 'string' && body._id !== '' ? body._id : statusId,
    status,
    createdAt: text('createdAt'),
    endedAt: text('endedAt'),
    summary: text('summary'),
    logs: stringList(body.logs, 'logs'),
    subdomain: text('subdomain'),
    screenshot: text('screenshot'),
    screenshotLight: text('screenshotLight'),
    screenshotDark: text('screenshotDark'),
    author,
    commit: parseCommit(body.commit)
  }
}
