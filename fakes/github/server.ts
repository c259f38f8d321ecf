/**
 * A loopback fake of the GitHub REST endpoints the action uses, with GitHub's shapes, status codes,
 * pagination `Link` headers and error bodies; usable as GITHUB_API_URL / octokit `baseUrl`. This file
 * is the server: it listens, checks the token and the repository's access, applies faults and races,
 * and hands each call to the route of its resource (routes/). Tests seed and read state through it.
 */
import http from 'node:http'
import { FaultQueue, throughFault, type Fault, type FaultRule } from '../faults.js'
import {
  listen,
  readCall,
  RequestTraffic,
  serve,
  shutdown,
  type IncomingCall
} from '../http-util.js'
import { DOCS, errorOf, NOT_ACCESSIBLE, notFound, type Answer, type Route } from './answers.js'
import { repoKey, userOf, type Actor, type FakeComment, type GitHubCall } from './model.js'
import { GitHubSeeds } from './seeds.js'
import { GitHubState } from './state.js'
import { GitHubWire } from './wire.js'
import { allows, type TokenScopes } from './scopes.js'
import { actionsRoutes } from './routes/actions.js'
import { collaboratorRoutes } from './routes/collaborators.js'
import { commentRoutes } from './routes/comments.js'
import { commitRoutes } from './routes/commits.js'
import { identityRoutes } from './routes/identity.js'
import { issueRoutes } from './routes/issues.js'
import { labelRoutes } from './routes/labels.js'
import { pullRoutes } from './routes/pulls.js'
import { reactionRoutes } from './routes/reactions.js'
import { releaseRoutes } from './routes/releases.js'
import { repositoryRoutes } from './routes/repository.js'
import { reviewCommentRoutes } from './routes/review-comments.js'
import { searchRoutes } from './routes/search.js'

/** What GITHUB_SERVER_URL says on github.com: the default host of the fake's web links. */
const GITHUB_COM = 'https://github.com'

export interface GitHubFakeOptions {
  token?: string
  /** GitHub Enterprise Server's REST API lives under `/api/v3`; github.com's has no prefix. */
  pathPrefix?: string
  /** The web host of links (`html_url`): `https://github.com`, or a GHES host. */
  serverUrl?: string
  /** Listen on this loopback port (default: a free one). */
  port?: number
  /**
   * `token` is an installation token (`ghs_…`, posting as github-actions[bot]) unless `postsAs` names
   * who a personal token (`ghp_…`) posts as.
   */
  postsAs?: { login: string; type: 'User' | 'Bot' }
}

export class GitHubFake extends GitHubSeeds {
  /** The REST API's base URL, prefix included: what GITHUB_API_URL says on the runner. */
  readonly url: string
  /** What GITHUB_SERVER_URL says: the host of every web link. */
  readonly serverUrl: string
  /** Paths of requests that missed the API prefix (answered 404). */
  readonly outsidePrefix: string[] = []
  /** Requests open and taken so far: virtual time waits for quiet. */
  readonly traffic = new RequestTraffic()
  readonly token: string
  readonly calls: GitHubCall[] = []
  /**
   * Sees every call before the fault rules: a fault it returns answers that call (the soak kills a
   * run this way: every later call of that run is reset before it is carried out).
   */
  intercept?: (method: string, path: string) => Fault | undefined
  /** Actions of another party that happen just before a matching request is served. */
  private readonly interleaved: { method: string; path: RegExp; action: () => void }[] = []
  private readonly faults = new FaultQueue()
  /** Tokens besides `token`, each with its scopes (a workflow's `permissions:`). */
  private readonly scopedTokens = new Map<string, TokenScopes>()
  private readonly wire: GitHubWire
  private readonly routes: Route[]

  private constructor(
    private readonly server: http.Server,
    root: string,
    private readonly options: GitHubFakeOptions
  ) {
    super(new GitHubState())
    this.url = root + (options.pathPrefix ?? '')
    this.serverUrl = options.serverUrl ?? GITHUB_COM
    this.token = options.token ?? 'ghs_fake_token_0123456789'
    this.wire = new GitHubWire(this.url, this.serverUrl, this.state)
    this.routes = [
      collaboratorRoutes,
      issueRoutes,
      labelRoutes,
      commentRoutes,
      reactionRoutes,
      pullRoutes,
      reviewCommentRoutes,
      commitRoutes,
      releaseRoutes,
      searchRoutes,
      actionsRoutes,
      identityRoutes,
      repositoryRoutes
    ].flatMap(routes => routes(this.wire))
  }

  static async start(options: GitHubFakeOptions = {}): Promise<GitHubFake> {
    const server = http.createServer()
    const fake = new GitHubFake(server, await listen(server, options), options)
    if (options.postsAs) fake.poster = { ...options.postsAs }
    serve(
      server,
      fake.traffic,
      (req, res) => fake.handle(req, res),
      error => JSON.stringify({ message: `fake bug: ${String(error)}` })
    )
    return fake
  }

  /** Who the token posts as: the author of every comment, reply and reaction it makes. */
  get poster(): Actor {
    return this.state.poster
  }

  set poster(actor: Actor) {
    this.state.poster = actor
  }

  /** Comments on the issue or pull request, oldest first. */
  comments(owner: string, repo: string, issueNumber: number): FakeComment[] {
    return this.state
      .commentsOf(repoKey(owner, repo), issueNumber)
      .map(c => this.wire.publicComment(c))
  }

  /**
   * A comment that already exists (from an earlier run, or the one that triggered the event: pass its
   * `id` so reactions to it resolve). The issue must have been added first. Default user: the
   * github-actions bot.
   */
  addComment(
    owner: string,
    repo: string,
    issueNumber: number,
    body: string,
    user?: string,
    options: { id?: number; createdAt?: string } = {}
  ): FakeComment {
    if (!this.hasIssue(owner, repo, issueNumber)) {
      throw new Error(`addComment: add issue ${owner}/${repo}#${issueNumber} with addIssue first`)
    }
    const stored = this.state.storeComment(owner, repo, issueNumber, body, userOf(user), options.id)
    if (options.createdAt) stored.created_at = stored.updated_at = options.createdAt
    return this.wire.publicComment(stored)
  }

  /** Another party edits a comment (say, another run writes its job into its claim). */
  editComment(owner: string, repo: string, id: number, body: string): void {
    const stored = this.state.comment(owner, repo, id)
    if (stored === undefined) throw new Error(`editComment: no comment ${id} in ${owner}/${repo}`)
    stored.body = body
    stored.updated_at = new Date().toISOString()
  }

  /** Another party deletes a comment (a run that lost a double delivery withdraws its claim). */
  removeComment(owner: string, repo: string, id: number): void {
    if (this.state.comment(owner, repo, id)) this.state.issueComments.delete(id)
  }

  /**
   * Another party acts (say, a second run posts its own claim) just before the next request that
   * matches is served: a race, played in one order.
   */
  interleave(method: string, path: RegExp, action: () => void): void {
    this.interleaved.push({ method: method.toUpperCase(), path, action })
  }

  /** How many `method` requests reached `path` (below the API prefix, query aside). */
  requestsTo(method: string, path: string): number {
    return this.calls.filter(c => c.method === method.toUpperCase() && c.path === path).length
  }

  /**
   * Another token the fake accepts, limited to `scopes` as a workflow's GITHUB_TOKEN is by its
   * `permissions:`: any other call answers 403 "Resource not accessible by integration".
   */
  grantToken(token: string, scopes: TokenScopes): void {
    this.scopedTokens.set(token, scopes)
  }

  inject(rule: FaultRule): void {
    this.faults.add(rule)
  }

  close(): Promise<void> {
    return shutdown(this.server)
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const incoming = await readCall(req, this.url)
    const call = this.callOf(incoming)
    if (call === undefined) {
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' })
      res.end(JSON.stringify({ message: 'Not Found', documentation_url: DOCS, status: '404' }))
      return
    }
    this.calls.push(call)
    const turn = this.interleaved.findIndex(i => i.method === call.method && i.path.test(call.path))
    if (turn !== -1) this.interleaved.splice(turn, 1)[0].action()

    const fault =
      this.intercept?.(call.method, call.path) ?? this.faults.take(call.method, call.path)
    const work = () => {
      const answer = this.route(req, call, incoming.rawBody)
      return { answer, text: answer.body === undefined ? '' : JSON.stringify(answer.body) }
    }
    const done = throughFault(res, fault, work, status => JSON.stringify(errorOf(status)))
    if (done === undefined) return
    const { answer, text } = done
    res.writeHead(answer.status, {
      'content-type': 'application/json; charset=utf-8',
      'x-github-request-id': `FAKE:${this.calls.length}`,
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': String(Math.max(0, 5000 - this.calls.length)),
      'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
      'x-ratelimit-used': String(this.calls.length),
      'x-ratelimit-resource': 'core',
      ...answer.headers
    })
    res.end(text)
  }

  /** The call below the API prefix; undefined (and noted) when the path misses the prefix. */
  private callOf({ method, url, query, body }: IncomingCall): GitHubCall | undefined {
    const prefix = this.options.pathPrefix ?? ''
    // GitHub Enterprise Server answers GraphQL at /api/graphql, beside the REST API's /api/v3.
    const graphql = prefix.endsWith('/v3') && url.pathname === `${prefix.slice(0, -3)}/graphql`
    if (graphql) url.pathname = `${prefix}/graphql`
    if (!url.pathname.startsWith(`${prefix}/`)) {
      this.outsidePrefix.push(url.pathname)
      return undefined
    }
    return { method, path: url.pathname.slice(prefix.length), query, body, at: Date.now() }
  }

  private route(req: http.IncomingMessage, call: GitHubCall, rawBody: string): Answer {
    const auth = /^(?:token|bearer)\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')
    const scopes = auth === null ? undefined : this.scopedTokens.get(auth[1])
    if (auth === null || (auth[1] !== this.token && scopes === undefined)) {
      return {
        status: 401,
        body: { message: 'Bad credentials', documentation_url: DOCS, status: '401' }
      }
    }
    if (scopes !== undefined && !allows(scopes, call, this.state)) return NOT_ACCESSIBLE
    const repoMatch = /^\/repos\/([^/]+)\/([^/]+)(\/|$)/.exec(call.path)
    const denied = repoMatch && this.state.denied.get(repoKey(repoMatch[1], repoMatch[2]))
    if (denied === 403) return NOT_ACCESSIBLE
    if (denied === 404) return notFound()
    if (rawBody.trim() !== '' && call.body === undefined) {
      return {
        status: 400,
        body: { message: 'Problems parsing JSON', documentation_url: DOCS, status: '400' }
      }
    }
    for (const [method, pattern, handler] of this.routes) {
      const match = method === call.method ? pattern.exec(call.path) : null
      if (match !== null) return handler(match, call)
    }
    return notFound()
  }
}
