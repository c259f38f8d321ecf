/**
 * A request that got no answer, as a MintlifyError: our timeout, a request Node would not build
 * (nothing left the machine), or a network failure, which may have reached the service unless its
 * code proves otherwise.
 */
import { MintlifyError, type Operation } from './errors.js'
import { HttpTimeoutError } from './http.js'

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

/** What the error names: the operation, what it was about, and the host it could not reach. */
export type UnansweredRequest = { operation: Operation; target: string; host: string }

export function unansweredError(error: unknown, request: UnansweredRequest): MintlifyError {
  const { host, ...about } = request
  if (error instanceof HttpTimeoutError) {
    return new MintlifyError({ ...about, kind: 'timeout', mayHaveReachedServer: true })
  }
  const code = networkCode(error)
  if (code && NOT_BUILT_CODES.has(code)) {
    return new MintlifyError({ ...about, kind: 'not-sent', code, mayHaveReachedServer: false })
  }
  const neverSent = code && (NEVER_SENT_CODES.has(code) || code.startsWith('EPROXY'))
  return new MintlifyError({
    ...about,
    kind: 'network',
    code,
    mayHaveReachedServer: !neverSent,
    host
  })
}
