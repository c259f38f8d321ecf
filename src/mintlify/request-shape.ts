/** The shapes of the client's options and of one request, apart so client.ts stays one class. */
import type { Operation } from './errors.js'

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

/** What a request is about, as its errors name it: the project, a job, a deployment, an automation. */
export type Target =
  | { kind: 'project' }
  | { kind: 'job'; jobId: string }
  | { kind: 'status'; id: string }
  | { kind: 'automation'; id: string }

/**
 * How a request may be repeated (retry-policy.ts). read: repeating it does no harm. sent-once: it
 * starts something (a job, a follow-up, a paid run) and the service has no idempotency key, so what
 * may have reached it is never sent again. idempotent: a second one is the first in effect (a
 * deployment of the same branch).
 */
export type RequestClass = 'read' | 'sent-once' | 'idempotent'

/**
 * The per-minute limit a request counts against, where the service names one: 5 a minute per
 * organization for deployments and automation triggers together, 5 a minute for previews.
 */
export type ServiceLimit = 'triggers' | 'previews' | 'none'

/** A limit as an error message names it. */
export const LIMIT_TEXT: Record<Exclude<ServiceLimit, 'none'>, string> = {
  triggers: 'deployments: 5 requests a minute per organization, shared with automation triggers',
  previews: 'preview deployments: 5 requests a minute per organization'
}

const READ = { class: 'read', limit: 'none' } as const
const SENT_ONCE = { class: 'sent-once', limit: 'none' } as const

/** Each request's class and limit: the one place the retry loop and the client learn them. */
export const REQUESTS: Record<Operation, { class: RequestClass; limit: ServiceLimit }> = {
  'create-job': SENT_ONCE,
  'send-message': SENT_ONCE,
  'get-job': READ,
  'get-feedback-by-page': READ,
  'get-page-views': READ,
  'get-visitors': READ,
  'get-assistant': READ,
  'get-assistant-caller-stats': READ,
  'get-searches': READ,
  'get-feedback': READ,
  'trigger-deployment': { class: 'idempotent', limit: 'triggers' },
  'trigger-preview': { class: 'idempotent', limit: 'previews' },
  'get-deployment-status': READ,
  'trigger-automation': { class: 'sent-once', limit: 'triggers' }
}

export interface ServiceRequest {
  operation: Operation
  method: 'GET' | 'POST'
  path: string
  /** Sent as JSON; none for a GET. */
  body?: unknown
  target: Target
}

/** How an error names what the request was about. */
export function describeTarget(target: Target, projectId: string): string {
  if (target.kind === 'job') return `job ${target.jobId}`
  if (target.kind === 'automation') return `automation ${target.id}`
  return target.kind === 'status' ? `deployment ${target.id}` : `project ${projectId}`
}
