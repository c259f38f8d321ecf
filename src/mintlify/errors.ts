/** Typed failures of the service client: what was attempted, how it failed, and what is known. */

const OPERATION_LABELS = {
  'create-job': 'Creating the agent job',
  'get-job': 'Reading the agent job',
  'send-message': 'Sending the follow-up message',
  'get-feedback-by-page': 'Reading feedback by page',
  'get-page-views': 'Reading page views',
  'get-visitors': 'Reading unique visitors',
  'get-assistant': 'Reading assistant conversations',
  'get-assistant-caller-stats': 'Reading assistant caller stats',
  'get-searches': 'Reading search terms',
  'get-feedback': 'Reading feedback',
  'trigger-deployment': 'Triggering the deployment',
  'trigger-preview': 'Triggering the preview deployment',
  'get-deployment-status': 'Reading the deployment status',
  'trigger-automation': 'Triggering the automation'
}

/** Every request the client makes, by the name its errors and retry rules use. */
export type Operation = keyof typeof OPERATION_LABELS

/**
 * http: the service answered with a non-2xx status.
 * network: the connection failed (refused, reset, DNS).
 * timeout: no answer within the per-request timeout.
 * invalid-response: a 2xx answer that is not the documented JSON.
 * not-sent: Node refused to build the request (an invalid header value): nothing left the machine.
 */
export type FailureKind = 'http' | 'network' | 'timeout' | 'invalid-response' | 'not-sent'

export interface MintlifyErrorFields {
  operation: Operation
  kind: FailureKind
  /** HTTP status, for kind `http` (and `invalid-response`). */
  status?: number
  /** The service's `error` text, with the API key removed. Untrusted: render it inert. */
  serviceMessage?: string
  /** The service's `details[].message` texts, with the API key removed. */
  details?: string[]
  /** False only when the request provably never left (refused, DNS failure). */
  mayHaveReachedServer: boolean
  /** From a `Retry-After` header, in milliseconds. */
  retryAfterMs?: number
  /** The system error code of a network failure (ECONNRESET, ECONNREFUSED, ...). */
  code?: string
  /** Which resource: project id, job id. */
  target: string
  /**
   * For invalid-response: the body was whole JSON that breaks the documented schema (asking again
   * gives the same answer), not a body cut short.
   */
  schemaBroken?: boolean
  /** The host the request went to (`api.mintlify.com`), named when it could not be reached. */
  host?: string
}

export class MintlifyError extends Error implements MintlifyErrorFields {
  declare readonly operation: Operation
  declare readonly kind: FailureKind
  declare readonly status?: number
  declare readonly serviceMessage?: string
  declare readonly details: string[]
  declare readonly mayHaveReachedServer: boolean
  declare readonly retryAfterMs?: number
  declare readonly code?: string
  declare readonly target: string
  declare readonly schemaBroken: boolean
  declare readonly host?: string

  constructor(fields: MintlifyErrorFields) {
    super(describe(fields))
    this.name = 'MintlifyError'
    const { details = [], schemaBroken = false } = fields
    Object.assign(this, { ...fields, details, schemaBroken })
  }
}

function describe(fields: MintlifyErrorFields): string {
  const what = `${OPERATION_LABELS[fields.operation]} (${fields.target}) failed`
  switch (fields.kind) {
    case 'http': {
      const text = [fields.serviceMessage, ...(fields.details ?? [])].filter(Boolean).join('; ')
      return `${what}: HTTP ${fields.status}${text ? `: ${text}` : ''}`
    }
    case 'network':
      return `${what}: ${networkText(fields)}`
    case 'timeout':
      return `${what}: no answer within the request timeout`
    case 'not-sent':
      return `${what}: the request could not be built (${fields.code ?? 'invalid request'}); nothing was sent`
    case 'invalid-response':
      return `${what}: unexpected answer${fields.status ? ` (HTTP ${fields.status})` : ''}: ${fields.serviceMessage ?? ''}`
  }
}

/**
 * `could not reach api.mintlify.com (ENOTFOUND)` when the request never left (DNS, refused, no
 * route), `the connection to api.mintlify.com failed (ECONNRESET)` when it may have arrived.
 */
export function networkText(
  fields: Pick<MintlifyErrorFields, 'code' | 'host' | 'mayHaveReachedServer'>
): string {
  const host = fields.host ?? 'the Mintlify API'
  const code = fields.code ?? 'network error'
  return fields.mayHaveReachedServer
    ? `the connection to ${host} failed (${code})`
    : `could not reach ${host} (${code})`
}

/** The service's own status for "too many requests" (100 uses per project or org per hour). */
export function isRateLimited(error: unknown): error is MintlifyError {
  return error instanceof MintlifyError && error.kind === 'http' && error.status === 429
}

/** The service answered 404: the job (or automation, project) is not there, or not shown. */
export function isNotFound(error: unknown): error is MintlifyError {
  return error instanceof MintlifyError && error.kind === 'http' && error.status === 404
}

/**
 * What a 401 or 403 says about the admin key, for the person who fixes it: an expired or wrong key is
 * a 401; a key without the needed scope, or one whose IP allow-list excludes the runner, is a 403.
 */
export function keyProblem(status: number | undefined): string | undefined {
  if (status === 401) {
    return 'The API key is invalid or expired: check that `api-key` is a current admin API key (it starts with `mint_`) of the organization that owns the project.'
  }
  if (status === 403) {
    return 'The API key was refused for this request: it may lack the scope it needs (read for analytics, write for agent jobs), or its IP allow-list may not include this runner (GitHub-hosted runners have changing IPs).'
  }
  return undefined
}
