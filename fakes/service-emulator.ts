/**
 * A loopback emulator of the Mintlify service (agent jobs v2, analytics: views, visitors, searches,
 * feedback, assistant, and the platform's deployments, previews and automation triggers:
 * platform.ts), built from the
 * OpenAPI documents in spec/. Tests script each job's life and inject network faults; every
 * request and every answer is checked against the documents (see contract.ts).
 */
import http from 'node:http'
import https from 'node:https'
import type { Socket } from 'node:net'
import { contract } from './contract.js'
import { FaultQueue, throughFault, type Fault, type FaultRule } from './faults.js'
import {
  isJsonContentType,
  listen,
  readCall,
  RequestTraffic,
  serve,
  shutdown
} from './http-util.js'
import {
  arrayRows,
  byPageAnswer,
  cursorPage,
  generatedRow,
  generatedRows,
  offsetPage,
  PeriodRows,
  type Answer,
  type FeedbackItem,
  type PageFeedbackRow,
  type SearchTerm
} from './analytics-data.js'
import { PlatformDeployments } from './platform.js'
import {
  assistantData,
  DEMO_ASSISTANT,
  generatedAssistant,
  type AssistantData,
  type AssistantItem,
  type CallerStatsItem
} from './assistant-data.js'

export type { AssistantItem, CallerStatsItem } from './assistant-data.js'
export type { Fault, FaultRule } from './faults.js'
export type { FeedbackItem, SearchTerm } from './analytics-data.js'
export type { PageFeedbackRow } from './analytics-data.js'

/** An answer of `status` with the service's error body: `{error}`, and `details` when given. */
export function serviceError(status: number, error: string, ...details: string[]): Fault {
  const body = details.length
    ? { error, details: details.map(message => ({ message })) }
    : { error }
  return { status, body: JSON.stringify(body) }
}

export interface JobScript {
  /** GETs answered `active` before the final status (default 2). */
  activePolls?: number
  /** Instead of activePolls: active until this many ms after creation (or after the last message). */
  activeForMs?: number
  /** Default 'completed'. */
  outcome?: 'completed' | 'failed' | 'archived'
  /** For completed; default `https://github.com/acme/docs/pull/<job number>`; null = no files changed. */
  prLink?: string | null
  /** Raw status answered once the job is no longer active (e.g. 'paused', to test unknown values). */
  status?: string
  /** How many GETs answer the raw `status` before `outcome` (default: forever). */
  statusPolls?: number
  /** The first N GETs of the job answer 404 (eventual consistency after create). */
  notFoundPolls?: number
}

export interface RecordedRequest {
  method: string
  path: string
  query: Record<string, string>
  headers: http.IncomingHttpHeaders
  /** Parsed JSON; undefined when the body is empty or not JSON (see rawBody). */
  body: unknown
  rawBody: string
  at: number
  /** Which connection it came on (1, 2, …): equal numbers mean a reused connection. */
  connection: number
}

export type {
  TrafficRow as PageViewRow,
  TrafficTotals as PageViewTotals
} from './analytics-data.js'
import type {
  TrafficRow as PageViewRow,
  TrafficTotals as PageViewTotals
} from './analytics-data.js'

export interface JobSnapshot {
  id: string
  prompt: string
  messages: string[]
  polls: number
  status: string
  /** When the job's current phase ends (epoch ms), for a job scripted with `activeForMs`. */
  endsAt?: number
  /** The status its script ends in. */
  outcome: 'completed' | 'failed' | 'archived'
  /** The automation whose run this job is. */
  automation?: string
}

/**
 * Sees every request before the fault rules: a fault it returns answers that request (the soak kills
 * a run this way: every later request of that run is reset before it is carried out).
 */
export type Interceptor = (method: string, path: string) => Fault | undefined

export interface EmulatorOptions {
  apiKey?: string
  projectId?: string
  /** Clock for createdAt, archivedAt, activeForMs and RecordedRequest.at (default Date.now). */
  now?: () => number
  /** Serve HTTPS with this key and certificate (PEM) instead of plain HTTP. */
  tls?: { key: string; cert: string }
  /** Listen on this loopback port (default: a free one). */
  port?: number
}

/** Row `i` (0-based) of generatePageViews: the same numbers every time, computed from the index. */
export function generatedPageView(i: number, variant = 0): PageViewRow {
  return generatedRow(i, variant)
}

interface Job {
  id: string
  number: number
  prompt: string
  messages: string[]
  script: JobScript
  polls: number
  status: string
  prLink: string | null
  /** The pull request the job opened at some point; shown again after a later failure or archive. */
  openedPr: string | null
  createdAt: string
  archivedAt: string | null
  /** Lifecycle since creation or the last message. */
  phaseStartedAt: number
  activeAnswers: number
  rawAnswers: number
  notFoundLeft: number
  /** The automation whose run this job is. */
  automation?: string
}

const DEFAULT_SCRIPT: JobScript = { activePolls: 2, outcome: 'completed' }

const ROUTES = {
  feedbackByPage: /^\/v1\/analytics\/([^/]+)\/feedback\/by-page$/,
  create: /^\/v2\/agent\/([^/]+)\/job$/,
  get: /^\/v2\/agent\/([^/]+)\/job\/([^/]+)$/,
  message: /^\/v2\/agent\/([^/]+)\/job\/([^/]+)\/message$/,
  assistant: /^\/v1\/analytics\/([^/]+)\/assistant(\/caller-stats)?$/,
  analytics: /^\/v1\/analytics\/([^/]+)\/(views|visitors|searches|feedback)$/
}

export class ServiceEmulator {
  readonly url: string
  /** Requests open and taken so far: virtual time waits for quiet. */
  readonly traffic = new RequestTraffic()
  readonly apiKey: string
  readonly projectId: string
  readonly requests: RecordedRequest[] = []
  readonly contractViolations: string[] = []
  /** The platform endpoints: deployments and previews, scripted by tests. */
  readonly platform: PlatformDeployments
  /** Consulted before the fault rules for every request (see Interceptor). */
  intercept?: Interceptor
  /**
   * True: the job read answers 404 for the agent jobs of automation runs (the service may not show
   * them as agent jobs), so both outcomes of following an automation are tested.
   */
  hideAutomationJobs = false
  /** The automations whose jobs the job read answers 404 for, the switch off (the soak has both). */
  readonly hiddenAutomations = new Set<string>()

  private readonly now: () => number
  private readonly faults = new FaultQueue()
  private readonly jobs = new Map<string, Job>()
  private readonly scripts: JobScript[] = []
  private defaultScript: JobScript = DEFAULT_SCRIPT
  private jobCount = 0
  private readonly connections = new WeakMap<Socket, number>()
  private connectionCount = 0
  /** `feedback/by-page` rows by the `dateFrom` they answer ('' for any other period). */
  private readonly feedbackByPage = new Map<string, PageFeedbackRow[]>()
  private readonly views = new PeriodRows()
  /** Totals of one-day reads (`limit=1`, the report's views per day) by the day they start. */
  private readonly dayTotals = new Map<string, PageViewTotals>()
  private readonly visitors = new PeriodRows()
  private searches: SearchTerm[] = []
  private totalSearches: number | undefined
  private feedback: FeedbackItem[] = []
  private assistant: AssistantData = DEMO_ASSISTANT

  private constructor(
    private readonly server: http.Server,
    url: string,
    options: EmulatorOptions
  ) {
    this.url = url
    this.apiKey = options.apiKey ?? 'mint_test_key_0123456789'
    this.projectId = options.projectId ?? 'proj_test'
    this.now = options.now ?? (() => Date.now())
    this.platform = new PlatformDeployments(
      this.projectId,
      () => this.now(),
      automationId => this.automationJob(automationId)
    )
  }

  static async start(options: EmulatorOptions = {}): Promise<ServiceEmulator> {
    contract() // compile the OpenAPI validators now, so the first request is not the slow one
    const server = options.tls ? https.createServer(options.tls) : http.createServer()
    const emulator = new ServiceEmulator(server, await listen(server, options), options)
    serve(
      server,
      emulator.traffic,
      (req, res) => emulator.handle(req, res),
      error => JSON.stringify({ error: `emulator bug: ${String(error)}` })
    )
    return emulator
  }

  /** Scripts for the next creates, in order; after them the default script. */
  scriptJobs(...scripts: JobScript[]): void {
    this.scripts.push(...scripts)
  }

  setDefaultJobScript(script: JobScript): void {
    this.defaultScript = script
  }

  /** A job that already exists (to attach to, or to send a follow-up to); returns its id. */
  addJob(script: JobScript & { id?: string; prompt?: string } = {}): string {
    const { id, prompt, ...rest } = script
    return this.createJob(prompt ?? 'an earlier request', rest, id).id
  }

  job(id: string): JobSnapshot | undefined {
    const job = this.jobs.get(id)
    if (job === undefined) return undefined
    const { prompt, messages, polls, status, script } = job
    const endsAt =
      script.activeForMs === undefined ? undefined : job.phaseStartedAt + script.activeForMs
    const outcome = script.outcome ?? 'completed'
    const { automation } = job
    return { id, prompt, messages: [...messages], polls, status, endsAt, outcome, automation }
  }

  inject(rule: FaultRule): void {
    this.faults.add(rule)
  }

  /**
   * `feedback/by-page` rows, in the service's ranking; with `dateFrom`, only for requests of the
   * period starting then (as setPageViews).
   */
  setFeedbackByPage(rows: PageFeedbackRow[], dateFrom?: string): void {
    this.feedbackByPage.set(
      dateFrom ?? '',
      rows.map(row => ({ ...row }))
    )
  }

  /** Page views; with `dateFrom`, only for requests of the period starting then (a comparison). */
  setPageViews(rows: PageViewRow[], totals?: PageViewTotals, dateFrom?: string): void {
    this.views.set(arrayRows(rows, totals), dateFrom)
  }

  /**
   * The totals a one-day (or one-week) read of views answers, by its `dateFrom`: the report's points
   * per day. A day not given answers as the period starting then (setPageViews).
   */
  setDayTotals(days: Record<string, PageViewTotals>): void {
    for (const [date, totals] of Object.entries(days)) this.dayTotals.set(date, { ...totals })
  }

  /** n rows from generatedPageView(i, variant), made on demand: 1,000,000 rows cost no memory. */
  generatePageViews(n: number, dateFrom?: string, variant = 0): void {
    this.views.set(generatedRows(n, variant), dateFrom)
  }

  /** Unique visitors per path; `totals` are deduplicated (give them: they are not human + AI). */
  setVisitors(rows: PageViewRow[], totals?: PageViewTotals, dateFrom?: string): void {
    this.visitors.set(arrayRows(rows, totals), dateFrom)
  }

  /** Search terms (the service orders them by hits); totalSearches defaults to the sum of hits. */
  setSearches(rows: SearchTerm[], totalSearches?: number): void {
    this.searches = rows.map(row => ({ ...row }))
    this.totalSearches = totalSearches
  }

  setFeedback(entries: FeedbackItem[]): void {
    this.feedback = entries.map(entry => ({ ...entry }))
  }

  /** Assistant conversations (the demo's by default); the caller split defaults to all from the web. */
  setAssistant(conversations: AssistantItem[], callerStats?: CallerStatsItem): void {
    this.assistant = assistantData(conversations, callerStats)
  }

  /** n conversations made on demand (a quarter unanswered): 1,000,000 cost no memory. */
  generateAssistant(n: number): void {
    this.assistant = generatedAssistant(n)
  }

  requestsTo(method: string, pathPattern: RegExp): RecordedRequest[] {
    return this.requests.filter(r => {
      pathPattern.lastIndex = 0
      return r.method === method.toUpperCase() && pathPattern.test(r.path)
    })
  }

  /** Stops listening and destroys every open socket, hanging ones included. */
  close(): Promise<void> {
    return shutdown(this.server)
  }

  private connectionOf(socket: Socket): number {
    let id = this.connections.get(socket)
    if (id === undefined) {
      id = ++this.connectionCount
      this.connections.set(socket, id)
    }
    return id
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const { method, url, query, body, rawBody } = await readCall(req, this.url)
    const recorded: RecordedRequest = {
      method,
      path: url.pathname,
      query,
      headers: req.headers,
      body,
      rawBody,
      at: this.now(),
      connection: this.connectionOf(req.socket)
    }
    this.requests.push(recorded)
    const spec = contract()
    const documented = spec.isDocumented(method, recorded.path)
    this.contractViolations.push(
      ...spec.checkRequest(method, recorded.path, recorded.query, recorded.body, {
        headers: req.headers,
        rawBody
      })
    )

    const fault = this.intercept?.(method, recorded.path) ?? this.faults.take(method, recorded.path)
    const work = () => {
      const answer = this.route(method, recorded, rawBody)
      return { answer, text: JSON.stringify(answer.body) }
    }
    const done = throughFault(res, fault, work, errorBody)
    if (done === undefined) return
    const { answer, text } = done
    if (documented) {
      this.contractViolations.push(
        ...spec.checkResponse(method, recorded.path, answer.status, JSON.parse(text))
      )
    }
    res.writeHead(answer.status, {
      'content-type': 'application/json; charset=utf-8',
      ...answer.headers
    })
    res.end(text)
  }

  private route(method: string, req: RecordedRequest, rawBody: string): Answer {
    const auth = /^bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')
    if (auth === null || auth[1].trim() !== this.apiKey) {
      return { status: 401, body: { error: 'Unauthorized' } }
    }
    let match: RegExpExecArray | null
    if (method === 'POST' && (match = ROUTES.create.exec(req.path))) {
      return this.forProject(match[1], () => this.createRoute(req, rawBody))
    }
    if (method === 'GET' && (match = ROUTES.get.exec(req.path))) {
      const id = decode(match[2])
      return this.forProject(match[1], () => this.getRoute(id))
    }
    if (method === 'POST' && (match = ROUTES.message.exec(req.path))) {
      const id = decode(match[2])
      return this.forProject(match[1], () => this.messageRoute(id, req, rawBody))
    }
    if (method === 'GET' && (match = ROUTES.assistant.exec(req.path))) {
      const callerStats = match[2] !== undefined
      return this.forProject(match[1], () => this.assistantRoute(callerStats, req.query))
    }
    if (method === 'GET' && (match = ROUTES.feedbackByPage.exec(req.path))) {
      const rows =
        this.feedbackByPage.get(req.query.dateFrom ?? '') ?? this.feedbackByPage.get('') ?? []
      return this.forProject(match[1], () => byPageAnswer(rows, req.query))
    }
    if (method === 'GET' && (match = ROUTES.analytics.exec(req.path))) {
      const dataset = match[2]
      return this.forProject(match[1], () => this.analyticsRoute(dataset, req.query))
    }
    return (
      this.platform.route(method, req.path, req.body) ?? {
        status: 404,
        body: { error: 'Not found' }
      }
    )
  }

  private forProject(segment: string, handler: () => Answer): Answer {
    if (decode(segment) !== this.projectId)
      return { status: 404, body: { error: 'Project not found' } }
    return handler()
  }

  private createRoute(req: RecordedRequest, rawBody: string): Answer {
    const prompt = promptOf(req, rawBody)
    if (typeof prompt !== 'string') return prompt
    const script = this.scripts.shift() ?? this.defaultScript
    return { status: 201, body: this.view(this.createJob(prompt, script)) }
  }

  /** An automation's run, as the agent job it is: the next scripted life, as a create's. */
  private automationJob(automationId: string): string {
    const script = this.scripts.shift() ?? this.defaultScript
    const job = this.createJob(`Mintlify automation ${automationId}`, script)
    job.automation = automationId
    return job.id
  }

  private getRoute(id: string): Answer {
    const job = this.jobs.get(id)
    if (job === undefined || (job.automation && this.hidesJobsOf(job.automation))) {
      return { status: 404, body: { error: 'Job not found' } }
    }
    job.polls += 1
    if (job.notFoundLeft > 0) {
      job.notFoundLeft -= 1
      return { status: 404, body: { error: 'Job not found' } }
    }
    this.advance(job)
    return { status: 200, body: this.view(job) }
  }

  /** Whether the job read answers 404 for the jobs of this automation. */
  hidesJobsOf(automationId: string): boolean {
    return this.hideAutomationJobs || this.hiddenAutomations.has(automationId)
  }

  private messageRoute(id: string, req: RecordedRequest, rawBody: string): Answer {
    const job = this.jobs.get(id)
    if (job === undefined) return { status: 404, body: { error: 'Job not found' } }
    const prompt = promptOf(req, rawBody)
    if (typeof prompt !== 'string') return prompt
    job.messages.push(prompt)
    this.restart(job)
    return { status: 200, body: this.view(job) }
  }

  private analyticsRoute(dataset: string, query: Record<string, string>): Answer {
    switch (dataset) {
      case 'views': {
        const day = isShortRead(query) ? this.dayTotals.get(query.dateFrom ?? '') : undefined
        if (day) return { status: 200, body: { totals: { ...day }, views: [], hasMore: false } }
        return offsetPage('views', this.views.for(query.dateFrom), query)
      }
      case 'visitors':
        return offsetPage('visitors', this.visitors.for(query.dateFrom), query)
      case 'searches': {
        const totalSearches =
          this.totalSearches ?? this.searches.reduce((sum, row) => sum + row.hits, 0)
        return cursorPage(this.searches, query, (searches, nextCursor) => ({
          searches,
          totalSearches,
          nextCursor
        }))
      }
      default:
        return cursorPage(this.feedback, query, (feedback, nextCursor) => ({
          feedback,
          nextCursor,
          hasMore: nextCursor !== null
        }))
    }
  }

  private assistantRoute(callerStats: boolean, query: Record<string, string>): Answer {
    if (callerStats) return { status: 200, body: { ...this.assistant.callerStats } }
    return cursorPage(
      this.assistant.conversations,
      query,
      (conversations, nextCursor) => ({ conversations, nextCursor, hasMore: nextCursor !== null }),
      { maxLimit: 1000, ulid: true }
    )
  }

  private createJob(prompt: string, script: JobScript, wantedId?: string): Job {
    if (wantedId !== undefined && this.jobs.has(wantedId)) {
      throw new Error(`a job with id ${wantedId} already exists`)
    }
    do this.jobCount += 1
    while (wantedId === undefined && this.jobs.has(`job_${this.jobCount}`))
    const id = wantedId ?? `job_${this.jobCount}`
    const job: Job = {
      id,
      number: this.jobCount,
      prompt,
      messages: [],
      script,
      polls: 0,
      status: 'active',
      prLink: null,
      openedPr: null,
      createdAt: new Date(this.now()).toISOString(),
      archivedAt: null,
      phaseStartedAt: this.now(),
      activeAnswers: 0,
      rawAnswers: 0,
      notFoundLeft: script.notFoundPolls ?? 0
    }
    this.jobs.set(id, job)
    return job
  }

  /** Moves the job along its script for one answered GET. */
  private advance(job: Job): void {
    const { script } = job
    const stillActive =
      script.activeForMs !== undefined
        ? this.now() - job.phaseStartedAt < script.activeForMs
        : job.activeAnswers < (script.activePolls ?? 2)
    if (stillActive) {
      job.activeAnswers += 1
      job.status = 'active'
      return
    }
    if (script.status !== undefined && job.rawAnswers < (script.statusPolls ?? Infinity)) {
      job.rawAnswers += 1
      job.status = script.status
      return
    }
    const outcome = script.outcome ?? 'completed'
    if (job.status === outcome) return
    job.status = outcome
    if (outcome === 'completed') {
      const link =
        script.prLink === undefined
          ? `https://github.com/acme/docs/pull/${job.number}`
          : script.prLink
      job.openedPr = link ?? job.openedPr
      job.prLink = link
    } else {
      job.prLink = job.openedPr
    }
    if (outcome === 'archived') job.archivedAt ??= new Date(this.now()).toISOString()
  }

  /** A follow-up message: the job is active again and then runs its script once more. */
  private restart(job: Job): void {
    job.status = 'active'
    job.prLink = null
    job.archivedAt = null
    job.phaseStartedAt = this.now()
    job.activeAnswers = 0
    job.rawAnswers = 0
  }

  private view(job: Job): Record<string, unknown> {
    return {
      id: job.id,
      status: job.status,
      source: { repository: 'https://github.com/acme/docs', ref: 'main' },
      model: 'sonnet',
      prLink: job.prLink,
      createdAt: job.createdAt,
      archivedAt: job.archivedAt
    }
  }
}

/** The prompt of a create or message request, or the 400 answer that refuses it. */
function promptOf(req: RecordedRequest, rawBody: string): string | Answer {
  const refuse = (error: string): Answer => ({ status: 400, body: { error } })
  if (!isJsonContentType(req.headers['content-type'])) {
    return refuse('Content-Type must be application/json')
  }
  if (rawBody.trim() === '') return refuse('Request body is required')
  if (req.body === undefined) return refuse('Request body is not valid JSON')
  if (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)) {
    return refuse('Request body must be a JSON object')
  }
  const { prompt } = req.body as { prompt?: unknown }
  if (prompt === undefined) return refuse('prompt is required')
  if (typeof prompt !== 'string') return refuse('prompt must be a string')
  if (prompt.trim() === '') return refuse('prompt must not be empty')
  return prompt
}

function errorBody(status: number): string {
  return JSON.stringify({ error: http.STATUS_CODES[status] ?? `HTTP ${status}` })
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** A read of at most a week with `limit=1`: a point of the views per day, not a page of the export. */
function isShortRead(query: Record<string, string>): boolean {
  const from = Date.parse(query.dateFrom ?? '')
  const to = Date.parse(query.dateTo ?? '')
  return query.limit === '1' && to - from > 0 && to - from <= 7 * 86_400_000
}
