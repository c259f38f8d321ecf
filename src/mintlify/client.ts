/**
 * One small typed client for the endpoints this action uses (agent jobs, analytics). Base URL, key and project are
 * injected; every request has its own timeout; every failure becomes a MintlifyError. One call is
 * one attempt: retries are the caller's choice (see retry-policy.ts).
 */
import { MintlifyError, type Operation } from './errors.js'
import { httpRequest, HttpTimeoutError, type HttpAnswer } from './http.js'
import { parseRetryAfter } from '../shared/retry-after.js'
import type { ServiceSettings } from '../shared/service-settings.js'
import {
  parseAgentJob,
  parsePageViewsPage,
  ShapeError,
  type AgentJob,
  type PageViewsPage,
  type PageViewsQuery
} from './types.js'
import {
  parseFeedbackPage,
  parseSearchesPage,
  parseVisitorsPage,
  type CursorQuery,
  type FeedbackPage,
  type SearchesPage,
  type VisitorsPage
} from './analytics-types.js'

export interface MintlifyClientOptions {
  baseUrl: string
  apiKey: string
  projectId: string
  /** Per-request timeout; a request with no answer by then fails with kind `timeout`. */
  requestTimeoutMs?: number
  userAgent?: string
  /** For tests of the time-keeping; defaults to Date.now. */
  now?: () => number
}

export interface CallOptions {
  /** Cancels the request (a run cancelled by the runner); its reason is rethrown as is. */
  signal?: AbortSignal
}

const DEFAULT_TIMEOUT_MS = 30_000

/** What a request is about, as its errors name it: the project, or one job. */
type Target = { kind: 'project' } | { kind: 'job'; jobId: string }

const PROJECT: Target = { kind: 'project' }

/** One request to the service. */
interface ServiceRequest {
  operation: Operation
  method: 'GET' | 'POST'
  path: string
  /** Sent as JSON; none for a GET. */
  body?: unknown
  target: Target
}

/** The analytics operations and the resource each one reads. */
const ANALYTICS_RESOURCES = {
  'get-page-views': 'views',
  'get-visitors': 'visitors',
  'get-searches': 'searches',
  'get-feedback': 'feedback'
} as const satisfies Partial<Record<Operation, string>>
type AnalyticsRead = keyof typeof ANALYTICS_RESOURCES

/** The code of an answer to a job read that names another job. */
export const JOB_MISMATCH = 'JOB_MISMATCH'

/**
 * Codes of a request Node refused to build (an invalid header value, URL or method): nothing left the
 * machine, and trying again cannot help.
 */
const NOT_BUILT_CODES = new Set([
  'ERR_INVALID_CHAR',
  'ERR_INVALID_HTTP_TOKEN',
  'ERR_HTTP_INVALID_HEADER_VALUE',
  'ERR_INVALID_ARG_VALUE',
  'ERR_INVALID_ARG_TYPE',
  'ERR_INVALID_URL',
  'ERR_UNESCAPED_CHARACTERS',
  // undici's own check of a header value or URL.
  'UND_ERR_INVALID_ARG'
])

/**
 * Codes that prove the request never reached the server: safe to retry even a create. So does
 * `EPROXY<status>`: the proxy refused to open the tunnel (see http.ts).
 */
const NEVER_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT'
])

export class MintlifyClient {
  private readonly baseUrl: string
  private readonly timeoutMs: number
  private readonly now: () => number

  constructor(private readonly options: MintlifyClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '')
    this.timeoutMs = options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS
    this.now = options.now ?? Date.now
  }

  get projectId(): string {
    return this.options.projectId
  }

  async createJob(prompt: string, call: CallOptions = {}): Promise<AgentJob> {
    const body = await this.request(
      {
        operation: 'create-job',
        method: 'POST',
        path: this.agentPath('job'),
        body: { prompt },
        target: PROJECT
      },
      call
    )
    return this.parse('create-job', PROJECT, () => parseAgentJob(body))
  }

  async getJob(jobId: string, call: CallOptions = {}): Promise<AgentJob> {
    const path = this.agentPath(`job/${encodeURIComponent(jobId)}`)
    const target: Target = { kind: 'job', jobId }
    const body = await this.request({ operation: 'get-job', method: 'GET', path, target }, call)
    const job = this.parse('get-job', target, () => parseAgentJob(body))
    // An answer about another job is a bad answer, never this job's status (or its PR).
    if (job.id !== jobId) {
      throw new MintlifyError({
        operation: 'get-job',
        kind: 'invalid-response',
        code: JOB_MISMATCH,
        serviceMessage: `the answer is about job ${job.id}, not job ${jobId}`,
        mayHaveReachedServer: true,
        target: this.describe(target)
      })
    }
    return job
  }

  async sendMessage(jobId: string, prompt: string, call: CallOptions = {}): Promise<AgentJob> {
    const path = this.agentPath(`job/${encodeURIComponent(jobId)}/message`)
    const target: Target = { kind: 'job', jobId }
    const body = await this.request(
      { operation: 'send-message', method: 'POST', path, body: { prompt }, target },
      call
    )
    return this.parse('send-message', target, () => parseAgentJob(body))
  }

  async getPageViews(query: PageViewsQuery, call: CallOptions = {}): Promise<PageViewsPage> {
    return this.read(
      { operation: 'get-page-views', params: offsetParams(query), parser: parsePageViewsPage },
      call
    )
  }

  /** Unique visitors per path; offset paging like page views. */
  async getVisitors(query: PageViewsQuery, call: CallOptions = {}): Promise<VisitorsPage> {
    return this.read(
      { operation: 'get-visitors', params: offsetParams(query), parser: parseVisitorsPage },
      call
    )
  }

  /** Search terms by hits; cursor paging (`nextCursor`). */
  async getSearches(query: CursorQuery, call: CallOptions = {}): Promise<SearchesPage> {
    return this.read(
      { operation: 'get-searches', params: cursorParams(query), parser: parseSearchesPage },
      call
    )
  }

  /** Feedback entries; cursor paging (`nextCursor`, `hasMore`). */
  async getFeedback(query: CursorQuery, call: CallOptions = {}): Promise<FeedbackPage> {
    return this.read(
      { operation: 'get-feedback', params: cursorParams(query), parser: parseFeedbackPage },
      call
    )
  }

  /** One analytics read: `GET /v1/analytics/{project}/{resource}?params`, parsed. */
  private async read<T>(
    {
      operation,
      params,
      parser
    }: { operation: AnalyticsRead; params: URLSearchParams; parser: (body: unknown) => T },
    call: CallOptions
  ): Promise<T> {
    const project = encodeURIComponent(this.options.projectId)
    const path = `/v1/analytics/${project}/${ANALYTICS_RESOURCES[operation]}?${params}`
    const body = await this.request({ operation, method: 'GET', path, target: PROJECT }, call)
    return this.parse(operation, PROJECT, () => parser(body))
  }

  private agentPath(rest: string): string {
    return `/v2/agent/${encodeURIComponent(this.options.projectId)}/${rest}`
  }

  private parse<T>(operation: Operation, target: Target, parser: () => T): T {
    try {
      return parser()
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error
      throw new MintlifyError({
        operation,
        kind: 'invalid-response',
        serviceMessage: error.message,
        mayHaveReachedServer: true,
        schemaBroken: true,
        target: this.describe(target)
      })
    }
  }

  private describe(target: Target): string {
    return target.kind === 'job' ? `job ${target.jobId}` : `project ${this.options.projectId}`
  }

  private async request(request: ServiceRequest, call: CallOptions): Promise<unknown> {
    const { operation, method, path, body } = request
    const target = this.describe(request.target)
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.options.apiKey}`,
      Accept: 'application/json',
      'User-Agent': this.options.userAgent ?? 'mintlify-docs-agent-action'
    }
    if (body !== undefined) headers['Content-Type'] = 'application/json'

    let response: HttpAnswer
    try {
      response = await httpRequest(new URL(this.baseUrl + path), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs: this.timeoutMs,
        signal: call.signal,
        reuseConnection: method === 'GET'
      })
    } catch (error) {
      if (call.signal?.aborted) throw call.signal.reason
      if (error instanceof HttpTimeoutError) {
        throw new MintlifyError({ operation, kind: 'timeout', mayHaveReachedServer: true, target })
      }
      const code = networkCode(error)
      if (code && NOT_BUILT_CODES.has(code)) {
        throw new MintlifyError({
          operation,
          kind: 'not-sent',
          code,
          mayHaveReachedServer: false,
          target
        })
      }
      throw new MintlifyError({
        operation,
        kind: 'network',
        code,
        mayHaveReachedServer: !(code && (NEVER_SENT_CODES.has(code) || code.startsWith('EPROXY'))),
        target,
        host: new URL(this.baseUrl).host
      })
    }
    const text = response.text
    const ok = response.status >= 200 && response.status < 300

    if (!ok) {
      const { message, details } = this.readErrorBody(text)
      throw new MintlifyError({
        operation,
        kind: 'http',
        status: response.status,
        serviceMessage: message,
        details,
        mayHaveReachedServer: true,
        retryAfterMs: parseRetryAfter(firstHeader(response.headers['retry-after']), this.now()),
        target
      })
    }

    try {
      return JSON.parse(text) as unknown
    } catch {
      throw new MintlifyError({
        operation,
        kind: 'invalid-response',
        status: response.status,
        serviceMessage: 'the body is not valid JSON',
        mayHaveReachedServer: true,
        target
      })
    }
  }

  /** The documented error shape `{error, details?: [{message}]}`, with the key cut out. */
  private readErrorBody(text: string): { message?: string; details: string[] } {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      return { message: text ? this.redact(text).slice(0, 500) : undefined, details: [] }
    }
    if (typeof parsed !== 'object' || parsed === null) return { details: [] }
    const record = parsed as { error?: unknown; message?: unknown; details?: unknown }
    const raw = typeof record.error === 'string' ? record.error : record.message
    const details = Array.isArray(record.details)
      ? record.details
          .map(detail =>
            typeof detail === 'object' && detail !== null && 'message' in detail
              ? String((detail as { message: unknown }).message)
              : String(detail)
          )
          .map(detail => this.redact(detail))
      : []
    return { message: typeof raw === 'string' ? this.redact(raw) : undefined, details }
  }

  private redact(text: string): string {
    const key = this.options.apiKey
    return key ? text.split(key).join('***') : text
  }
}

function rangeParams(query: { dateFrom?: string; dateTo?: string }): URLSearchParams {
  const params = new URLSearchParams()
  if (query.dateFrom) params.set('dateFrom', query.dateFrom)
  if (query.dateTo) params.set('dateTo', query.dateTo)
  return params
}

function offsetParams(query: PageViewsQuery): URLSearchParams {
  const params = rangeParams(query)
  params.set('limit', String(query.limit))
  params.set('offset', String(query.offset))
  return params
}

function cursorParams(query: CursorQuery): URLSearchParams {
  const params = rangeParams(query)
  params.set('limit', String(query.limit))
  if (query.cursor !== undefined) params.set('cursor', query.cursor)
  return params
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

/** The system error code of a failed request (it may be nested in `cause` or an AggregateError). */
function networkCode(error: unknown): string | undefined {
  const seen = new Set<unknown>()
  const queue: unknown[] = [error]
  while (queue.length > 0) {
    const current = queue.shift()
    if (typeof current !== 'object' || current === null || seen.has(current)) continue
    seen.add(current)
    const { code, cause, errors } = current as { code?: unknown; cause?: unknown; errors?: unknown }
    if (typeof code === 'string') return code
    queue.push(cause)
    if (Array.isArray(errors)) queue.push(...errors)
  }
  return undefined
}

/** The one place a client is built from the parsed service inputs. */
export function createMintlifyClient(
  service: ServiceSettings,
  options: { requestTimeoutMs?: number } = {}
): MintlifyClient {
  return new MintlifyClient({
    baseUrl: service.apiUrl,
    apiKey: service.apiKey,
    projectId: service.projectId,
    requestTimeoutMs: options.requestTimeoutMs
  })
}
