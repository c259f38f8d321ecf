/**
 * One small typed client for the endpoints this action uses (agent jobs, analytics, platform). Base
 * URL, key and project are injected; every request has its own timeout; every failure becomes a MintlifyError. One call is
 * one attempt: retries are the one retry entry's (with-retry.ts), by the request's class.
 */
import { MintlifyError } from './errors.js'
import {
  describeTarget,
  type CallOptions,
  type MintlifyClientOptions,
  REQUESTS,
  type ServiceRequest,
  type Target
} from './request-shape.js'
import { httpRequest, type HttpAnswer } from './http.js'
import { answerBody, parseAnswer } from './answer.js'
import { analyticsPath, type AnalyticsRead } from './analytics-resources.js'
import { cursorParams, offsetParams } from './query-params.js'
import { parseFeedbackByPage, type ByPageQuery, type FeedbackByPage } from './feedback-by-page.js'
import { unansweredError } from './unanswered.js'
import {
  parseAutomationRun,
  parseDeploymentStatus,
  parseDeploymentTrigger,
  type AutomationRun,
  type DeploymentStatus,
  type DeploymentTrigger
} from './platform-types.js'
import type { ServiceSettings } from '../shared/service-settings.js'
import {
  parseAgentJob,
  parsePageViewsPage,
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

const DEFAULT_TIMEOUT_MS = 30_000

const PROJECT: Target = { kind: 'project' }

/** The code of an answer to a job read that names another job. */
export const JOB_MISMATCH = 'JOB_MISMATCH'

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
    const path = this.agentPath('job')
    const request = { operation: 'create-job', method: 'POST', path, body: { prompt } } as const
    return this.send({ ...request, target: PROJECT }, call, parseAgentJob)
  }

  async getJob(jobId: string, call: CallOptions = {}): Promise<AgentJob> {
    const path = this.agentPath(`job/${encodeURIComponent(jobId)}`)
    const target: Target = { kind: 'job', jobId }
    const request = { operation: 'get-job', method: 'GET', path, target } as const
    const job = await this.send(request, call, parseAgentJob)
    // An answer about another job is a bad answer, never this job's status (or its PR).
    if (job.id !== jobId) {
      throw new MintlifyError({
        operation: 'get-job',
        kind: 'invalid-response',
        code: JOB_MISMATCH,
        serviceMessage: `the answer is about job ${job.id}, not job ${jobId}`,
        mayHaveReachedServer: true,
        target: describeTarget(target, this.options.projectId)
      })
    }
    return job
  }

  async sendMessage(jobId: string, prompt: string, call: CallOptions = {}): Promise<AgentJob> {
    const path = this.agentPath(`job/${encodeURIComponent(jobId)}/message`)
    const target: Target = { kind: 'job', jobId }
    const request = { operation: 'send-message', method: 'POST', path, body: { prompt } } as const
    return this.send({ ...request, target }, call, parseAgentJob)
  }

  /** Feedback counts of the pages the service ranks first (`limit`, at most 100); no paging. */
  getFeedbackByPage(query: ByPageQuery, call: CallOptions = {}): Promise<FeedbackByPage> {
    return this.read('get-feedback-by-page', cursorParams(query), parseFeedbackByPage, call)
  }

  getPageViews(query: PageViewsQuery, call: CallOptions = {}): Promise<PageViewsPage> {
    return this.read('get-page-views', offsetParams(query), parsePageViewsPage, call)
  }

  /** Unique visitors per path; offset paging like page views. */
  getVisitors(query: PageViewsQuery, call: CallOptions = {}): Promise<VisitorsPage> {
    return this.read('get-visitors', offsetParams(query), parseVisitorsPage, call)
  }

  /** Search terms by hits; cursor paging (`nextCursor`). */
  getSearches(query: CursorQuery, call: CallOptions = {}): Promise<SearchesPage> {
    return this.read('get-searches', cursorParams(query), parseSearchesPage, call)
  }

  /** Feedback entries; cursor paging (`nextCursor`, `hasMore`). */
  getFeedback(query: CursorQuery, call: CallOptions = {}): Promise<FeedbackPage> {
    return this.read('get-feedback', cursorParams(query), parseFeedbackPage, call)
  }

  /** Deploys the project's configured deployment branch (no body). */
  async triggerDeployment(call: CallOptions = {}): Promise<DeploymentTrigger> {
    const path = `/v1/project/update/${encodeURIComponent(this.options.projectId)}`
    const request = { operation: 'trigger-deployment', method: 'POST', path } as const
    return this.send({ ...request, target: PROJECT }, call, parseDeploymentTrigger)
  }

  /** Creates or redeploys the preview of `branch`. */
  async triggerPreview(branch: string, call: CallOptions = {}): Promise<DeploymentTrigger> {
    const path = `/v1/project/preview/${encodeURIComponent(this.options.projectId)}`
    const body = { branch }
    const request = { operation: 'trigger-preview', method: 'POST', path, body } as const
    return this.send({ ...request, target: PROJECT }, call, parseDeploymentTrigger)
  }

  /** Runs a custom-schedule automation now (no body); a paid run each time: sent once. */
  async triggerAutomation(automationId: string, call: CallOptions = {}): Promise<AutomationRun> {
    const operation = 'trigger-automation'
    const project = encodeURIComponent(this.options.projectId)
    const path = `/v1/workflow/${project}/${encodeURIComponent(automationId)}/trigger`
    const target: Target = { kind: 'automation', id: automationId }
    return this.send({ operation, method: 'POST', path, target }, call, body =>
      parseAutomationRun(body, automationId)
    )
  }

  async getDeploymentStatus(statusId: string, call: CallOptions = {}): Promise<DeploymentStatus> {
    const path = `/v1/project/update-status/${encodeURIComponent(statusId)}`
    const target: Target = { kind: 'status', id: statusId }
    const operation = 'get-deployment-status'
    return this.send({ operation, method: 'GET', path, target }, call, body =>
      parseDeploymentStatus(body, statusId)
    )
  }

  /** One analytics read: `GET /v1/analytics/{project}/{resource}?params`, parsed (assistant.ts). */
  async read<T>(
    operation: AnalyticsRead,
    params: URLSearchParams,
    parser: (body: unknown) => T,
    call: CallOptions
  ): Promise<T> {
    const path = analyticsPath(this.options.projectId, operation, params)
    return this.send({ operation, method: 'GET', path, target: PROJECT }, call, parser)
  }

  private agentPath(rest: string): string {
    return `/v2/agent/${encodeURIComponent(this.options.projectId)}/${rest}`
  }

  /** One request, its 2xx body read by `parser` (a body off the schema is a MintlifyError). */
  private async send<T>(
    request: ServiceRequest,
    call: CallOptions,
    parser: (body: unknown) => T
  ): Promise<T> {
    const body = await this.request(request, call)
    const target = describeTarget(request.target, this.options.projectId)
    return parseAnswer({ operation: request.operation, target }, () => parser(body))
  }

  private async request(request: ServiceRequest, call: CallOptions): Promise<unknown> {
    const { operation, method, path, body } = request
    const target = describeTarget(request.target, this.options.projectId)
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
        reuseConnection: REQUESTS[operation].class === 'read'
      })
    } catch (error) {
      if (call.signal?.aborted) throw call.signal.reason
      throw unansweredError(error, { operation, target, host: new URL(this.baseUrl).host })
    }
    return answerBody(response, { operation, target, apiKey: this.options.apiKey, now: this.now() })
  }
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
