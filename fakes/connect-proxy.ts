/**
 * A loopback HTTP proxy that only tunnels (CONNECT), as corporate proxies in front of self-hosted
 * runners do. `routes` maps the `host:port` a client asks for to a loopback port, so a test can name
 * a real-looking host (`api.mintlify.test:443`) and reach a fake. Every tunnel is recorded; a target
 * not in `routes` gets 502, as a proxy that cannot resolve it would answer.
 */
import http from 'node:http'
import net from 'node:net'
import { listen, RequestTraffic, shutdown } from './http-util.js'

export interface Tunnel {
  /** `host:port` as the client asked for it. */
  target: string
  /** The Proxy-Authorization header, if any. */
  authorization?: string
}

export class ConnectProxy {
  readonly tunnels: Tunnel[] = []
  /**
   * Tunnels being opened count as open requests, and every relayed chunk as an event: virtual time
   * stands still while a TLS handshake crosses the proxy.
   */
  readonly traffic = new RequestTraffic()
  private readonly sockets = new Set<net.Socket>()

  private constructor(
    private readonly server: http.Server,
    readonly url: string
  ) {}

  static async start(routes: Record<string, number>): Promise<ConnectProxy> {
    const server = http.createServer((_req, res) => {
      res.writeHead(405).end('this proxy only tunnels (CONNECT)')
    })
    const proxy = new ConnectProxy(server, await listen(server))
    server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) =>
      proxy.tunnel(req, client, head, routes)
    )
    return proxy
  }

  /** Stops listening and cuts every tunnel (a tunnel is no request the server would close). */
  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    return shutdown(this.server)
  }

  private keep(socket: net.Socket): void {
    this.sockets.add(socket)
    socket.once('close', () => this.sockets.delete(socket))
  }

  private tunnel(
    req: http.IncomingMessage,
    client: net.Socket,
    head: Buffer,
    routes: Record<string, number>
  ): void {
    const target = req.url ?? ''
    this.tunnels.push({ target, authorization: req.headers['proxy-authorization'] })
    client.on('error', () => undefined)
    this.keep(client)
    const port = routes[target]
    if (port === undefined) {
      client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n')
      return
    }
    this.traffic.open++
    this.traffic.events++
    const upstream = net.connect(port, '127.0.0.1', () => {
      this.traffic.open--
      this.traffic.events++
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      if (head.length > 0) upstream.write(head)
      const count = (): void => {
        this.traffic.events++
      }
      client.on('data', count)
      upstream.on('data', count)
      client.pipe(upstream).pipe(client)
    })
    this.keep(upstream)
    upstream.on('error', () => client.destroy())
    client.on('close', () => upstream.destroy())
  }
}
