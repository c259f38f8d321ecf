/**
 * The service's resources, as the OpenAPI documents in spec/ describe them, and the checks that
 * turn an answer into a typed value (an unexpected shape is a clear error, not a crash later).
 */

/** The statuses the service documents; anything else is carried as a string and warned about. */
const KNOWN_JOB_STATUSES = ['active', 'completed', 'archived', 'failed'] as const
export type KnownJobStatus = (typeof KNOWN_JOB_STATUSES)[number]
const TERMINAL_JOB_STATUSES = ['completed', 'archived', 'failed'] as const
type TerminalJobStatus = (typeof TERMINAL_JOB_STATUSES)[number]

export interface AgentJob {
  id: string
  /** One of KNOWN_JOB_STATUSES, or a value the service added later. */
  status: string
  source?: { repository?: string; ref?: string | null }
  model?: string
  prLink: string | null
  createdAt?: string
  archivedAt?: string | null
}

export type PageViewRow = { path: string; human: number; ai: number; total: number }

export type ViewTotals = Omit<PageViewRow, 'path'>

/** Site-wide totals, per-path rows under `K`, `hasMore`: the shape views and visitors share. */
export type TrafficPage<K extends string> = { totals: ViewTotals; hasMore: boolean } & {
  [key in K]: PageViewRow[]
}
export type PageViewsPage = TrafficPage<'views'>

export interface PageViewsQuery {
  dateFrom?: string
  dateTo?: string
  limit: number
  offset: number
}

export function isKnownJobStatus(status: string): status is KnownJobStatus {
  return (KNOWN_JOB_STATUSES as readonly string[]).includes(status)
}

/** A job whose status says it will not change any more. */
export type EndedJob = AgentJob & { status: TerminalJobStatus }

export function isEndedJob(job: AgentJob): job is EndedJob {
  return (TERMINAL_JOB_STATUSES as readonly string[]).includes(job.status)
}

/** Thrown by the parsers below; the client rewraps it with the operation. */
export class ShapeError extends Error {
  override name = 'ShapeError'
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function optionalString(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw new ShapeError(`field "${field}" is not a string`)
  return value
}

/** One printable word: ids and statuses are logged, and a line break could forge a workflow command. */
export const TOKEN = /^[^\s\p{Cc}]{1,200}$/u

export function parseAgentJob(body: unknown): AgentJob {
  if (!isRecord(body)) throw new ShapeError('the job is not a JSON object')
  const { id, status, prLink, source } = body
  if (typeof id !== 'string' || id === '') throw new ShapeError('the job has no "id"')
  if (!TOKEN.test(id)) throw new ShapeError('the job "id" is not one printable word')
  if (typeof status !== 'string' || status === '') throw new ShapeError('the job has no "status"')
  if (!TOKEN.test(status)) throw new ShapeError('the job "status" is not one printable word')
  if (prLink !== undefined && prLink !== null && typeof prLink !== 'string') {
    throw new ShapeError('field "prLink" is neither a string nor null')
  }
  return {
    id,
    status,
    prLink: typeof prLink === 'string' && prLink !== '' ? prLink : null,
    source: isRecord(source)
      ? {
          repository: optionalString(source.repository, 'source.repository'),
          ref: optionalString(source.ref, 'source.ref') ?? null
        }
      : undefined,
    model: optionalString(body.model, 'model'),
    createdAt: optionalString(body.createdAt, 'createdAt'),
    archivedAt: optionalString(body.archivedAt, 'archivedAt') ?? null
  }
}

export function count(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new ShapeError(`field "${field}" is not a non-negative number`)
  }
  return value
}

export function parsePageViewsPage(body: unknown): PageViewsPage {
  return parseTrafficPage(body, 'views', 'page views')
}

export function parseTrafficPage<K extends string>(
  body: unknown,
  key: K,
  what: string
): TrafficPage<K> {
  if (!isRecord(body)) throw new ShapeError(`the ${what} answer is not a JSON object`)
  const { totals, hasMore } = body
  const rows = body[key]
  if (!isRecord(totals)) throw new ShapeError('the answer has no "totals" object')
  if (!Array.isArray(rows)) throw new ShapeError(`the answer has no "${key}" array`)
  if (typeof hasMore !== 'boolean') throw new ShapeError('the answer has no boolean "hasMore"')
  const counts = (of: Record<string, unknown>, at: string): ViewTotals => ({
    human: count(of.human, `${at}.human`),
    ai: count(of.ai, `${at}.ai`),
    total: count(of.total, `${at}.total`)
  })
  return {
    totals: counts(totals, 'totals'),
    [key]: rows.map((row: unknown, index) => {
      if (!isRecord(row) || typeof row.path !== 'string') {
        throw new ShapeError(`${key}[${index}] has no "path"`)
      }
      return { path: row.path, ...counts(row, `${key}[${index}]`) }
    }),
    hasMore
  } as TrafficPage<K>
}
