/**
 * An answer of the service: the JSON body of a 2xx, or the MintlifyError it stands for (an error
 * status with the documented body `{error, details?: [{message}]}`, or a body that is not JSON).
 */
import { parseRetryAfter } from '../shared/retry-after.js'
import { MintlifyError, type Operation } from './errors.js'
import type { HttpAnswer } from './http.js'
import { isRecord, ShapeError } from './types.js'

/** What the answer was to, for its error. */
export interface AnswerContext {
  operation: Operation
  target: string
  /** Cut out of the echoed error text. */
  apiKey: string
  /** Epoch ms, for a Retry-After given as a date. */
  now: number
}

export function answerBody(response: HttpAnswer, context: AnswerContext): unknown {
  const { operation, target } = context
  const answered = { operation, target, status: response.status, mayHaveReachedServer: true }
  if (response.status < 200 || response.status >= 300) {
    const { message: serviceMessage, details } = readErrorBody(response.text, context.apiKey)
    const retryAfter = firstHeader(response.headers['retry-after'])
    const retryAfterMs = parseRetryAfter(retryAfter, context.now)
    throw new MintlifyError({ ...answered, kind: 'http', serviceMessage, details, retryAfterMs })
  }
  try {
    return JSON.parse(response.text) as unknown
  } catch {
    const serviceMessage = 'the body is not valid JSON'
    throw new MintlifyError({ ...answered, kind: 'invalid-response', serviceMessage })
  }
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

/** The message and details of an error body, with the key cut out (the body may echo it). */
function readErrorBody(text: string, apiKey: string): { message?: string; details: string[] } {
  const redact = (part: string): string => (apiKey ? part.split(apiKey).join('***') : part)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return { message: text ? redact(text).slice(0, 500) : undefined, details: [] }
  }
  if (typeof parsed !== 'object' || parsed === null) return { details: [] }
  const record = parsed as { error?: unknown; message?: unknown; details?: unknown }
  const raw = typeof record.error === 'string' ? record.error : record.message
  const detailText = (detail: unknown): string =>
    isRecord(detail) && 'message' in detail ? String(detail.message) : String(detail)
  const details = Array.isArray(record.details) ? record.details.map(detailText).map(redact) : []
  return { message: typeof raw === 'string' ? redact(raw) : undefined, details }
}

/** A 2xx body read by `parser`: a body that breaks the documented schema is a MintlifyError. */
export function parseAnswer<T>(
  { operation, target }: Pick<AnswerContext, 'operation' | 'target'>,
  parser: () => T
): T {
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
      target
    })
  }
}
