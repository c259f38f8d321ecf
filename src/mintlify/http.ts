/**
 * One HTTP exchange with its own timeout and cancellation, over undici's dispatchers (not fetch:
 * over a million-row export fetch let the heap grow by ~150 MB of garbage). Whether a request goes
 * through a proxy is decided by @actions/http-client's `getProxyUrl`, the same function the GitHub
 * calls use (https_proxy / HTTPS_PROXY, http_proxy / HTTP_PROXY, no_proxy / NO_PROXY, loopback never
 * proxied); undici's ProxyAgent tunnels. Reads reuse keep-alive connections; writes (create,
 * follow-up) always open a fresh one, because a reset on a stale pooled socket would leave a
 * create's outcome unknown.
 */
import { getProxyUrl } from '@actions/http-client/lib/proxy'
import type { IncomingHttpHeaders } from 'node:http'
import { Agent, ProxyAgent, request, type Dispatcher } from 'undici'

export type HttpAnswer = { status: number; headers: IncomingHttpHeaders; text: string }

export interface HttpExchange {
  method: 'GET' | 'POST'
  headers: Record<string, string>
  body?: string
  timeoutMs: number
  signal?: AbortSignal
  /** Reuse a pooled connection (reads only: a reset on a stale socket leaves a write unknown). */
  reuseConnection: boolean
}

/** No answer (or no complete body) within the timeout. */
export class HttpTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`)
    this.name = 'HttpTimeoutError'
  }
}

/**
 * The one timeout is ours (`timeoutMs`, a timer signal): undici's own connect, headers and body
 * timers are off, so a request is bounded the same way with or without a proxy.
 */
const NO_OWN_TIMERS = { headersTimeout: 0, bodyTimeout: 0, connect: { timeout: 0 } }

/** Keep-alive dispatchers for reads, one per route (direct, or a given proxy). */
const pooled = new Map<string, Dispatcher>()

function dispatcherFor(url: URL, reuse: boolean): Dispatcher {
  const proxy = getProxyUrl(url)?.href
  const make = (): Dispatcher =>
    proxy
      ? new ProxyAgent({ uri: proxy, ...NO_OWN_TIMERS, ...(reuse ? {} : { pipelining: 0 }) })
      : new Agent({ ...NO_OWN_TIMERS, ...(reuse ? { connections: 4 } : { pipelining: 0 }) })
  if (!reuse) return make()
  const key = proxy ?? 'direct'
  const dispatcher = pooled.get(key) ?? make()
  pooled.set(key, dispatcher)
  return dispatcher
}

export async function httpRequest(url: URL, exchange: HttpExchange): Promise<HttpAnswer> {
  const { signal } = exchange
  signal?.throwIfAborted()
  // The same kind of per-request timeout as the GitHub calls: a timer signal, never kept alive.
  const timeout = AbortSignal.timeout(exchange.timeoutMs)
  const both = signal ? AbortSignal.any([signal, timeout]) : timeout
  const dispatcher = dispatcherFor(url, exchange.reuseConnection)
  const headers = { ...exchange.headers }
  if (exchange.body !== undefined) {
    headers['Content-Length'] = String(Buffer.byteLength(exchange.body))
  }
  try {
    const answer = await request(url, {
      method: exchange.method,
      headers,
      body: exchange.body,
      signal: both,
      dispatcher
    })
    return {
      status: answer.statusCode,
      headers: answer.headers as IncomingHttpHeaders,
      text: await answer.body.text()
    }
  } catch (error) {
    if (signal?.aborted) throw signal.reason
    if (timeout.aborted) throw new HttpTimeoutError(exchange.timeoutMs)
    throw proxyRefusal(error) ?? error
  } finally {
    // A write's own dispatcher: its one connection is not kept.
    if (!exchange.reuseConnection) void dispatcher.destroy().catch(() => undefined)
  }
}

/**
 * The proxy would not open the tunnel (it could not resolve or reach the host, or wants other
 * credentials): the request never left, which undici reports only in its message.
 */
function proxyRefusal(error: unknown): Error | undefined {
  const status = /^Proxy response \((\d+)\)/.exec(error instanceof Error ? error.message : '')?.[1]
  if (status === undefined) return undefined
  return Object.assign(new Error(`the proxy answered HTTP ${status} to CONNECT`), {
    code: `EPROXY${status}`,
    cause: error
  })
}
