/**
 * One HTTP exchange over node:http / node:https, with its own timeout and cancellation. Not fetch:
 * over a million-row export fetch let the heap (and RSS) grow by ~150 MB of garbage, node:http by
 * ~15 MB. Reads reuse keep-alive connections; writes (create, follow-up) always open a fresh one,
 * because a reset on a stale pooled socket would leave a create's outcome unknown.
 */
import http from 'node:http'
import https from 'node:https'

export interface HttpAnswer {
  status: number
  headers: http.IncomingHttpHeaders
  text: string
}

export interface HttpExchange {
  method: 'GET' | 'POST'
  headers: Record<string, string>
  body?: string
  timeoutMs: number
  signal?: AbortSignal
  /** Reuse a pooled connection (safe for idempotent requests only). */
  reuseConnection: boolean
}

/** No answer (or no complete body) within the timeout. */
export class HttpTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`)
    this.name = 'HttpTimeoutError'
  }
}

const pooled = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 4 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 4 })
}

export function httpRequest(url: URL, exchange: HttpExchange): Promise<HttpAnswer> {
  const { signal } = exchange
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason)
      return
    }
    const secure = url.protocol === 'https:'
    const headers = { ...exchange.headers }
    if (exchange.body !== undefined) {
      headers['Content-Length'] = String(Buffer.byteLength(exchange.body))
    }
    const request = (secure ? https : http).request(url, {
      method: exchange.method,
      headers,
      agent: exchange.reuseConnection ? pooled[secure ? 'https:' : 'http:'] : false
    })

    let settled = false
    const settle = (done: () => void): void => {
      if (settled) return
      settled = true
      timeout.removeEventListener('abort', onTimeout)
      signal?.removeEventListener('abort', onAbort)
      done()
    }
    // The same kind of per-request timeout as the GitHub calls: a timer signal, never kept alive.
    const timeout = AbortSignal.timeout(exchange.timeoutMs)
    const onTimeout = (): void => {
      const error = new HttpTimeoutError(exchange.timeoutMs)
      settle(() => reject(error))
      request.destroy(error)
    }
    timeout.addEventListener('abort', onTimeout, { once: true })
    const onAbort = (): void => {
      settle(() => reject(signal?.reason))
      request.destroy()
    }
    signal?.addEventListener('abort', onAbort, { once: true })

    request.on('response', response => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        settle(() =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8')
          })
        )
      )
      response.on('error', error => settle(() => reject(error)))
      response.on('close', () => {
        if (!response.complete) {
          const error = Object.assign(new Error('the connection closed before the answer ended'), {
            code: 'ECONNRESET'
          })
          settle(() => reject(error))
        }
      })
    })
    request.on('error', error => settle(() => reject(error)))
    request.end(exchange.body)
  })
}
