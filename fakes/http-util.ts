/** Plumbing both fakes share: loopback listening, closing with open sockets, request bodies. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Server as TlsServer } from 'node:tls'

/**
 * Listens on a loopback port (a free one unless given) and returns the base URL
 * (`http://127.0.0.1:PORT`, `https://` for a TLS server).
 */
export function listen(server: Server, options: { port?: number } = {}): Promise<string> {
  const scheme = server instanceof TlsServer ? 'https' : 'http'
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      const { port } = server.address() as AddressInfo
      resolve(`${scheme}://127.0.0.1:${port}`)
    })
  })
}

/** Closes the server now, destroying keep-alive and hanging sockets instead of waiting for them. */
export function shutdown(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve()
  return new Promise((resolve, reject) => {
    server.close(error => (error ? reject(error) : resolve()))
    server.closeAllConnections()
  })
}

/**
 * The requests a server has taken and not yet answered (a hung one stays open until the client gives
 * up), and a count of every start and end: virtual time stands still while one is open and moves on
 * only once nothing has happened for a moment.
 */
export class RequestTraffic {
  open = 0
  events = 0

  watch(server: Server): void {
    server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
      this.open++
      this.events++
      res.once('close', () => {
        this.open--
        this.events++
      })
    })
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/** The parsed JSON value, or undefined for an empty or invalid body. */
function parseJson(raw: string): unknown {
  if (raw.trim() === '') return undefined
  try {
    return JSON.parse(raw) as unknown
  } catch {
    return undefined
  }
}

/** What a fake reads of every request before it routes it. */
export interface IncomingCall {
  method: string
  /** Resolved against the fake's own URL. */
  url: URL
  /** Query parameters as a plain object (the last value wins for repeated names). */
  query: Record<string, string>
  rawBody: string
  /** The parsed JSON body, or undefined for an empty or invalid one. */
  body: unknown
}

export async function readCall(req: IncomingMessage, base: string): Promise<IncomingCall> {
  const rawBody = await readBody(req)
  const url = new URL(req.url ?? '/', base)
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    url,
    query: Object.fromEntries(url.searchParams),
    rawBody,
    body: parseJson(rawBody)
  }
}

export function isJsonContentType(contentType: string | undefined): boolean {
  return /^application\/([\w.+-]+\+)?json\b/i.test(contentType ?? '')
}

/**
 * Serves `handle` on the server and counts its traffic. A bug in a fake answers 500 with `bugBody`
 * instead of hanging the client.
 */
export function serve(
  server: Server,
  traffic: RequestTraffic,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  bugBody: (error: unknown) => string
): void {
  traffic.watch(server)
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
      res.end(bugBody(error))
    })
  })
}
