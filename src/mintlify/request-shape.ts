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

/** One request to the service. */
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
