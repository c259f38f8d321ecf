/**
 * A loopback fake of the few GitHub REST endpoints the action uses (permissions, issues and pulls,
 * issue comments, reactions, review replies), with GitHub's shapes, status codes, pagination `Link`
 * headers and error bodies. Usable as GITHUB_API_URL / octokit `baseUrl`.
 */
import http from 'node:http'
import { answerWithFault, faultProcesses, FaultQueue, type FaultRule } from './faults.js'
import {
  ChangeStore,
  diffEntry,
  type FakeCommit,
  type FakeFile,
  type FakeRelease
} from './github-changes.js'
import {
  listen,
  parseJson,
  queryOf,
  readBody,
  RequestTraffic,
  serve,
  shutdown
} from './http-util.js'

export type { Fault, FaultKind, FaultRule } from './faults.js'
export type { FakeCommit, FakeFile, FakeRelease } from './github-changes.js'
export { secondaryRateLimit } from './faults.js'

export type Permission = 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none'

export interface GitHubCall {
  method: string
  path: string
  query: Record<string, string>
  body: unknown
  at: number
}

export interface FakeIssue {
  number: number
  title?: string
  body?: string
  /** Author login (default 'octocat'). */
  user?: string
  /** A pull request rather than an issue. */
  pull_request?: boolean
  /** Head and base branch of a pull request (default 'feature' and 'main'). */
  head?: string
  base?: string
  files?: FakeFile[]
  labels?: string[]
  /** A merged pull request: its merge commit, and who merged it. */
  merged?: { sha: string; by?: string }
  commits?: FakeCommit[]
}

export interface FakeComment {
  id: number
  body: string
  user: { login: string; type: string }
  html_url: string
  created_at: string
  updated_at: string
}

export interface ReviewReply {
  id: number
  owner: string
  repo: string
  pullNumber: number
  inReplyTo: number
  body: string
  user: { login: string; type: string }
  html_url: string
}

export interface Reaction {
  subject: 'issue_comment' | 'review_comment'
  commentId: number
  content: string
}

/** The login GITHUB_TOKEN acts as. */
export const ACTIONS_BOT = { login: 'github-actions[bot]', type: 'Bot' } as const

const REACTIONS = ['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes']
const MAX_BODY = 65536
const DOCS = 'https://docs.github.com/rest'

/** GitHub's legacy `permission` for each role: maintain reads as write, triage as read. */
const LEGACY_PERMISSION: Record<Permission, string> = {
  admin: 'admin',
  maintain: 'write',
  write: 'write',
  triage: 'read',
  read: 'read',
  none: 'none'
}
const RANK: Permission[] = ['none', 'read', 'triage', 'write', 'maintain', 'admin']

interface StoredComment {
  id: number
  repoKey: string
  owner: string
  repo: string
  issueNumber: number
  body: string
  user: { login: string; type: string }
  created_at: string
  updated_at: string
}

interface StoredReviewComment {
  id: number
  repoKey: string
  pullNumber: number
  body: string
  user: { login: string; type: string }
  in_reply_to_id?: number
}

interface Answer {
  status: number
  body?: unknown
  headers?: Record<string, string>
}

type Handler = (match: RegExpExecArray, call: GitHubCall) => Answer

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

export class GitHubFake {
  /** The REST API's base URL, prefix included: what GITHUB_API_URL says on the runner. */
  readonly url: string
  /** What GITHUB_SERVER_URL says: the host of every web link. */
  readonly serverUrl: string
  /** Paths of requests that missed the API prefix (answered 404). */
  readonly outsidePrefix: string[] = []
  /** Requests open and taken so far: virtual time waits for quiet. */
  readonly traffic = new RequestTraffic()
  readonly token: string
  /** Who the token posts as: the author of every comment, reply and reaction it makes. */
  poster: { login: string; type: string } = { ...ACTIONS_BOT }
  readonly calls: GitHubCall[] = []
  /** Actions of another party that happen just before a matching request is served. */
  private readonly interleaved: { method: string; path: RegExp; action: () => void }[] = []
  readonly reviewReplies: ReviewReply[] = []
  readonly reactions: Reaction[] = []

  private readonly faults = new FaultQueue()
  private readonly permissions = new Map<string, Permission>()
  private readonly issues = new Map<string, FakeIssue>()
  private readonly issueComments = new Map<number, StoredComment>()
  private readonly reviewComments = new Map<number, StoredReviewComment>()
  private readonly denied = new Map<string, 403 | 404>()
  private readonly userIds = new Map<string, number>()
  private readonly reactionIds = new Map<string, number>()
  private nextId = 1000
  private readonly routes: [string, RegExp, Handler][]
  private readonly changes: ChangeStore

  private constructor(
    private readonly server: http.Server,
    root: string,
    private readonly options: GitHubFakeOptions
  ) {
    this.url = root + (options.pathPrefix ?? '')
    this.serverUrl = options.serverUrl ?? 'https://github.com'
    this.token = options.token ?? 'ghs_fake_token_0123456789'
    const repo = '/repos/([^/]+)/([^/]+)'
    this.changes = this.changeStore()
    const full = (m: RegExpExecArray): [string, string] => [repoKey(m[1], m[2]), `${m[1]}/${m[2]}`]
    this.routes = [
      ['GET', re(`${repo}/collaborators/([^/]+)/permission`), m => this.permission(m)],
      ['GET', re(`${repo}/issues/(\\d+)`), m => this.getIssue(m)],
      ['GET', re(`${repo}/pulls/(\\d+)`), m => this.getPull(m)],
      ['GET', re(`${repo}/pulls/(\\d+)/files`), (m, c) => this.pullFiles(m, c)],
      ['GET', re(`${repo}/issues/(\\d+)/comments`), (m, c) => this.listComments(m, c)],
      ['POST', re(`${repo}/issues/(\\d+)/comments`), (m, c) => this.createComment(m, c)],
      ['GET', re(`${repo}/issues/comments/(\\d+)`), m => this.getComment(m)],
      ['PATCH', re(`${repo}/issues/comments/(\\d+)`), (m, c) => this.updateComment(m, c)],
      ['DELETE', re(`${repo}/issues/comments/(\\d+)`), m => this.deleteComment(m)],
      [
        'POST',
        re(`${repo}/issues/comments/(\\d+)/reactions`),
        (m, c) => this.react(m, c, 'issue_comment')
      ],
      [
        'POST',
        re(`${repo}/pulls/comments/(\\d+)/reactions`),
        (m, c) => this.react(m, c, 'review_comment')
      ],
      ['POST', re(`${repo}/pulls/(\\d+)/comments/(\\d+)/replies`), (m, c) => this.reply(m, c)],
      ['GET', re(`${repo}/pulls/(\\d+)/comments`), (m, c) => this.listReviewComments(m, c)],
      ['GET', re('/user'), () => this.authenticatedUser()],
      ['GET', re(`${repo}/issues/comments`), (m, c) => this.listRepoComments(m, c)],
      ['GET', re(`${repo}/actions/runs/(\\d+)`), m => this.getRun(m)],
      ['POST', re('/graphql'), (_m, c) => this.graphql(c)],
      ['GET', re(`${repo}/pulls/(\\d+)/commits`), (m, c) => this.pullCommits(m, c)],
      [
        'GET',
        re(`${repo}/commits/([0-9a-f]{7,40})/pulls`),
        m => this.changes.pullsOfCommit(...full(m), m[3])
      ],
      ['GET', re(`${repo}/compare/(.+)`), (m, c) => this.changes.compare(...full(m), m[3], c)],
      ['GET', re(`${repo}/releases`), (m, c) => this.changes.listReleases(...full(m), c)],
      ['GET', re('/search/issues'), (_m, c) => this.changes.searchIssues(c)]
    ]
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

  /** The login's role on the repository; logins never set answer 404. */
  setPermission(owner: string, repo: string, login: string, permission: Permission): void {
    this.permissions.set(`${repoKey(owner, repo)}#${login.toLowerCase()}`, permission)
  }

  addIssue(owner: string, repo: string, issue: FakeIssue): void {
    this.issues.set(`${repoKey(owner, repo)}#${issue.number}`, { ...issue })
  }

  hasIssue(owner: string, repo: string, issueNumber: number): boolean {
    return this.issues.has(`${repoKey(owner, repo)}#${issueNumber}`)
  }

  /** `base...head` compares to these commits (oldest first) and files. */
  addComparison(
    owner: string,
    repo: string,
    base: string,
    head: string,
    change: { commits: FakeCommit[]; files: FakeFile[] }
  ): void {
    this.changes.addComparison(repoKey(owner, repo), base, head, change)
  }

  /** A release of the repository; add them oldest first. */
  addRelease(owner: string, repo: string, release: FakeRelease): void {
    this.changes.addRelease(repoKey(owner, repo), release)
  }

  /** Comments on the issue or pull request, oldest first. */
  comments(owner: string, repo: string, issueNumber: number): FakeComment[] {
    return this.commentsOf(repoKey(owner, repo), issueNumber).map(c => this.publicComment(c))
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
    if (!this.issues.has(`${repoKey(owner, repo)}#${issueNumber}`)) {
      throw new Error(`addComment: add issue ${owner}/${repo}#${issueNumber} with addIssue first`)
    }
    const stored = this.storeComment(owner, repo, issueNumber, body, userOf(user), options.id)
    if (options.createdAt) stored.created_at = stored.updated_at = options.createdAt
    return this.publicComment(stored)
  }

  /** A review comment on a pull request's diff (to reply to or react to); returns its id. */
  addReviewComment(
    owner: string,
    repo: string,
    pullNumber: number,
    comment: { body: string; user?: string; id?: number }
  ): number {
    const id = this.takeId(comment.id)
    this.reviewComments.set(id, {
      id,
      repoKey: repoKey(owner, repo),
      pullNumber,
      body: comment.body,
      user: userOf(comment.user ?? 'octocat')
    })
    return id
  }

  /**
   * Another party acts (say, a second run posts its own claim) just before the next request that
   * matches is served: a race, played in one order.
   */
  interleave(method: string, path: RegExp, action: () => void): void {
    this.interleaved.push({ method: method.toUpperCase(), path, action })
  }

  inject(rule: FaultRule): void {
    this.faults.add(rule)
  }

  /** Every call under /repos/{owner}/{repo} answers this status (no access, or no such repository). */
  denyRepo(owner: string, repo: string, status: 403 | 404): void {
    this.denied.set(repoKey(owner, repo), status)
  }

  close(): Promise<void> {
    return shutdown(this.server)
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const rawBody = await readBody(req)
    const url = new URL(req.url ?? '/', this.url)
    const prefix = this.options.pathPrefix ?? ''
    // GitHub Enterprise Server answers GraphQL at /api/graphql, beside the REST API's /api/v3.
    const graphql = prefix.endsWith('/v3') && url.pathname === `${prefix.slice(0, -3)}/graphql`
    if (graphql) url.pathname = `${prefix}/graphql`
    if (!url.pathname.startsWith(`${prefix}/`)) {
      this.outsidePrefix.push(url.pathname)
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' })
      res.end(JSON.stringify({ message: 'Not Found', documentation_url: DOCS, status: '404' }))
      return
    }
    const call: GitHubCall = {
      method: (req.method ?? 'GET').toUpperCase(),
      path: url.pathname.slice(prefix.length),
      query: queryOf(url),
      body: parseJson(rawBody),
      at: Date.now()
    }
    this.calls.push(call)
    const turn = this.interleaved.findIndex(i => i.method === call.method && i.path.test(call.path))
    if (turn !== -1) this.interleaved.splice(turn, 1)[0].action()

    const fault = this.faults.take(call.method, call.path)
    if (fault !== undefined && !faultProcesses(fault)) {
      answerWithFault(res, fault, undefined, status => JSON.stringify(errorOf(status)))
      return
    }
    const answer = this.route(req, call, rawBody)
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body)
    if (fault !== undefined) {
      answerWithFault(res, fault, text, status => JSON.stringify(errorOf(status)))
      return
    }
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

  private route(req: http.IncomingMessage, call: GitHubCall, rawBody: string): Answer {
    const auth = /^(?:token|bearer)\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')
    if (auth === null || auth[1] !== this.token) {
      return {
        status: 401,
        body: { message: 'Bad credentials', documentation_url: DOCS, status: '401' }
      }
    }
    const repoMatch = /^\/repos\/([^/]+)\/([^/]+)(\/|$)/.exec(call.path)
    const denied = repoMatch && this.denied.get(repoKey(repoMatch[1], repoMatch[2]))
    if (denied === 403) {
      return NOT_ACCESSIBLE
    }
    if (denied === 404) return { status: 404, body: errorOf(404) }
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
    return { status: 404, body: errorOf(404) }
  }

  private permission([, owner, repo, login]: RegExpExecArray): Answer {
    const role = this.permissions.get(
      `${repoKey(owner, repo)}#${decodeURIComponent(login).toLowerCase()}`
    )
    if (role === undefined) return { status: 404, body: errorOf(404) }
    const at = (least: Permission): boolean => RANK.indexOf(role) >= RANK.indexOf(least)
    return {
      status: 200,
      body: {
        permission: LEGACY_PERMISSION[role],
        role_name: role,
        user: {
          ...this.user(userOf(decodeURIComponent(login))),
          permissions: {
            admin: at('admin'),
            maintain: at('maintain'),
            push: at('write'),
            triage: at('triage'),
            pull: at('read')
          },
          role_name: role
        }
      }
    }
  }

  private getIssue([, owner, repo, number]: RegExpExecArray): Answer {
    const issue = this.issues.get(`${repoKey(owner, repo)}#${number}`)
    if (issue === undefined) return { status: 404, body: errorOf(404) }
    const htmlUrl = `${this.serverUrl}/${owner}/${repo}/${issue.pull_request ? 'pull' : 'issues'}/${issue.number}`
    const apiBase = `${this.url}/repos/${owner}/${repo}`
    return {
      status: 200,
      body: {
        id: issue.number + 500000,
        node_id: `I_fake${issue.number}`,
        url: `${apiBase}/issues/${issue.number}`,
        html_url: htmlUrl,
        number: issue.number,
        state: 'open',
        title: issue.title ?? `Issue ${issue.number}`,
        body: issue.body ?? null,
        user: this.user(userOf(issue.user ?? 'octocat')),
        labels: [],
        comments: this.commentsOf(repoKey(owner, repo), issue.number).length,
        author_association: 'NONE',
        ...(issue.pull_request
          ? {
              pull_request: {
                url: `${apiBase}/pulls/${issue.number}`,
                html_url: htmlUrl,
                diff_url: `${htmlUrl}.diff`,
                patch_url: `${htmlUrl}.patch`
              }
            }
          : {})
      }
    }
  }

  private getPull([, owner, repo, number]: RegExpExecArray): Answer {
    const issue = this.issues.get(`${repoKey(owner, repo)}#${number}`)
    if (issue === undefined || !issue.pull_request) return { status: 404, body: errorOf(404) }
    const files = issue.files ?? []
    const fullName = `${owner}/${repo}`
    return {
      status: 200,
      body: {
        id: issue.number + 700000,
        node_id: `PR_fake${issue.number}`,
        url: `${this.url}/repos/${fullName}/pulls/${issue.number}`,
        html_url: `${this.serverUrl}/${fullName}/pull/${issue.number}`,
        number: issue.number,
        state: 'open',
        title: issue.title ?? `Pull request ${issue.number}`,
        body: issue.body ?? null,
        user: this.user(userOf(issue.user ?? 'octocat')),
        head: branch(issue.head ?? 'feature', fullName, issue.number),
        base: branch(issue.base ?? 'main', fullName, 0),
        draft: false,
        merged: issue.merged !== undefined,
        merge_commit_sha: issue.merged?.sha ?? null,
        merged_by: issue.merged?.by ? this.user(userOf(issue.merged.by)) : null,
        labels: (issue.labels ?? []).map(name => ({ name })),
        commits: issue.commits?.length ?? 0,
        changed_files: files.length,
        additions: files.reduce((sum, f) => sum + f.additions, 0),
        deletions: files.reduce((sum, f) => sum + f.deletions, 0)
      }
    }
  }

  private pullFiles([, owner, repo, number]: RegExpExecArray, call: GitHubCall): Answer {
    const issue = this.issues.get(`${repoKey(owner, repo)}#${number}`)
    if (issue === undefined || !issue.pull_request) return { status: 404, body: errorOf(404) }
    const files = (issue.files ?? []).map(diffEntry)
    return this.paginate(files, call)
  }

  private listComments([, owner, repo, number]: RegExpExecArray, call: GitHubCall): Answer {
    const key = repoKey(owner, repo)
    if (!this.issues.has(`${key}#${number}`)) return { status: 404, body: errorOf(404) }
    return this.paginate(
      this.commentsOf(key, Number(number)).map(c => this.apiComment(c)),
      call
    )
  }

  private createComment([, owner, repo, number]: RegExpExecArray, call: GitHubCall): Answer {
    if (!this.issues.has(`${repoKey(owner, repo)}#${number}`))
      return { status: 404, body: errorOf(404) }
    const invalid = checkBody(call.body, 'issues/comments#create-an-issue-comment')
    if (invalid !== undefined) return invalid
    const { body } = call.body as { body: string }
    const stored = this.storeComment(owner, repo, Number(number), body, { ...this.poster })
    return {
      status: 201,
      headers: { location: `${this.url}/repos/${owner}/${repo}/issues/comments/${stored.id}` },
      body: this.apiComment(stored)
    }
  }

  private getComment([, owner, repo, id]: RegExpExecArray): Answer {
    const comment = this.issueComments.get(Number(id))
    if (comment === undefined || comment.repoKey !== repoKey(owner, repo)) {
      return { status: 404, body: errorOf(404) }
    }
    return { status: 200, body: this.apiComment(comment) }
  }

  private updateComment([, owner, repo, id]: RegExpExecArray, call: GitHubCall): Answer {
    const comment = this.issueComments.get(Number(id))
    if (comment === undefined || comment.repoKey !== repoKey(owner, repo)) {
      return { status: 404, body: errorOf(404) }
    }
    const invalid = checkBody(call.body, 'issues/comments#update-an-issue-comment')
    if (invalid !== undefined) return invalid
    comment.body = (call.body as { body: string }).body
    comment.updated_at = timestamp()
    return { status: 200, body: this.apiComment(comment) }
  }

  /** DELETE: 204 and no body, as GitHub answers; gone for every later call. */
  private deleteComment([, owner, repo, id]: RegExpExecArray): Answer {
    const comment = this.issueComments.get(Number(id))
    if (comment === undefined || comment.repoKey !== repoKey(owner, repo)) {
      return { status: 404, body: errorOf(404) }
    }
    this.issueComments.delete(Number(id))
    return { status: 204 }
  }

  private react(
    [, owner, repo, id]: RegExpExecArray,
    call: GitHubCall,
    subject: Reaction['subject']
  ): Answer {
    const commentId = Number(id)
    const target =
      subject === 'issue_comment'
        ? this.issueComments.get(commentId)
        : this.reviewComments.get(commentId)
    if (target === undefined || target.repoKey !== repoKey(owner, repo)) {
      return { status: 404, body: errorOf(404) }
    }
    const content = (call.body as { content?: unknown } | undefined)?.content
    if (typeof content !== 'string' || !REACTIONS.includes(content)) {
      return validationFailed(
        [{ resource: 'Reaction', code: 'invalid', field: 'content' }],
        'reactions/reactions'
      )
    }
    // GitHub answers 200 with the existing reaction when the same user reacts the same way twice.
    const key = `${subject}#${commentId}#${content}`
    const existing = this.reactionIds.get(key)
    const reactionId = existing ?? this.takeId()
    if (existing === undefined) {
      this.reactionIds.set(key, reactionId)
      this.reactions.push({ subject, commentId, content })
    }
    return {
      status: existing === undefined ? 201 : 200,
      body: {
        id: reactionId,
        node_id: `REA_fake${reactionId}`,
        user: this.user({ ...this.poster }),
        content,
        created_at: timestamp()
      }
    }
  }

  /** Workflow runs the tests declare, by id: their status (`completed`, `in_progress`, ...). */
  private readonly runs = new Map<string, string>()

  setRun(owner: string, repo: string, runId: string | number, status: string): void {
    this.runs.set(`${repoKey(owner, repo)}#${runId}`, status)
  }

  /** Every issue and PR comment of the repository updated at or after `since`, oldest first. */
  private changeStore(): ChangeStore {
    return new ChangeStore({
      url: this.url,
      serverUrl: this.serverUrl,
      paginate: (items, call) => this.paginate(items, call as GitHubCall),
      pullsOf: key =>
        [...this.issues.entries()]
          .filter(([k, issue]) => k.startsWith(`${key}#`) && issue.pull_request)
          .map(([, issue]) => issue),
      threadsWithComment: (key, text) => [
        ...new Set(
          [...this.issueComments.values()]
            .filter(c => c.repoKey === key && c.body.includes(text))
            .map(c => c.issueNumber)
        )
      ],
      user: login => userOf(login)
    })
  }

  private pullCommits([, owner, repo, number]: RegExpExecArray, call: GitHubCall): Answer {
    const issue = this.issues.get(`${repoKey(owner, repo)}#${number}`)
    if (issue === undefined || !issue.pull_request) return { status: 404, body: errorOf(404) }
    return this.changes.pullCommits(`${owner}/${repo}`, issue, call)
  }

  private listRepoComments([, owner, repo]: RegExpExecArray, call: GitHubCall): Answer {
    const key = repoKey(owner, repo)
    const since = call.query.since ? Date.parse(call.query.since) : Number.NEGATIVE_INFINITY
    const comments = [...this.issueComments.values()]
      .filter(c => c.repoKey === key && Date.parse(c.updated_at) >= since)
      .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id)
      .map(c => this.apiComment(c))
    return this.paginate(comments, call)
  }

  private getRun([, owner, repo, id]: RegExpExecArray): Answer {
    const status = this.runs.get(`${repoKey(owner, repo)}#${id}`)
    if (status === undefined) return { status: 404, body: errorOf(404) }
    return {
      status: 200,
      body: {
        id: Number(id),
        status,
        conclusion: status === 'completed' ? 'success' : null,
        html_url: `https://github.com/${owner}/${repo}/actions/runs/${id}`
      }
    }
  }

  /** GET /user: a personal token reads its user; an installation token may not (403). */
  private authenticatedUser(): Answer {
    if (this.poster.type === 'Bot') {
      return NOT_ACCESSIBLE
    }
    return { status: 200, body: this.user(this.poster) }
  }

  /** POST /graphql: the one query the action sends, `viewer { login __typename }`. */
  private graphql(call: GitHubCall): Answer {
    const query = (call.body as { query?: unknown } | undefined)?.query
    if (typeof query !== 'string' || !/\bviewer\b/.test(query)) {
      return { status: 200, body: { errors: [{ message: 'the fake answers viewer only' }] } }
    }
    const isBot = this.poster.type === 'Bot'
    // GraphQL names an app's bot without the [bot] suffix that REST shows on its comments.
    const login = isBot ? this.poster.login.replace(/\[bot\]$/, '') : this.poster.login
    return {
      status: 200,
      body: { data: { viewer: { login, __typename: isBot ? 'Bot' : 'User' } } }
    }
  }

  /** The review comments of a pull request (replies included), oldest first. */
  private listReviewComments([, owner, repo, pull]: RegExpExecArray, call: GitHubCall): Answer {
    const key = repoKey(owner, repo)
    const comments = [...this.reviewComments.values()]
      .filter(c => c.repoKey === key && c.pullNumber === Number(pull))
      .sort((a, b) => a.id - b.id)
      .map(c => ({
        id: c.id,
        node_id: `PRRC_fake${c.id}`,
        url: `${this.url}/repos/${owner}/${repo}/pulls/comments/${c.id}`,
        pull_request_url: `${this.url}/repos/${owner}/${repo}/pulls/${pull}`,
        html_url: `https://github.com/${owner}/${repo}/pull/${pull}#discussion_r${c.id}`,
        in_reply_to_id: c.in_reply_to_id,
        body: c.body,
        user: this.user(c.user)
      }))
    return this.paginate(comments, call)
  }

  private reply([, owner, repo, pull, id]: RegExpExecArray, call: GitHubCall): Answer {
    const parent = this.reviewComments.get(Number(id))
    if (
      parent === undefined ||
      parent.repoKey !== repoKey(owner, repo) ||
      parent.pullNumber !== Number(pull)
    ) {
      return { status: 404, body: errorOf(404) }
    }
    const invalid = checkBody(
      call.body,
      'pulls/comments#create-a-reply-for-a-review-comment',
      'PullRequestReviewComment'
    )
    if (invalid !== undefined) return invalid
    const replyId = this.takeId()
    const body = (call.body as { body: string }).body
    const user = { ...this.poster }
    const inReplyTo = parent.in_reply_to_id ?? parent.id
    this.reviewComments.set(replyId, {
      id: replyId,
      repoKey: parent.repoKey,
      pullNumber: parent.pullNumber,
      body,
      user,
      in_reply_to_id: inReplyTo
    })
    const htmlUrl = `${this.serverUrl}/${owner}/${repo}/pull/${pull}#discussion_r${replyId}`
    this.reviewReplies.push({
      id: replyId,
      owner,
      repo,
      pullNumber: Number(pull),
      inReplyTo,
      body,
      user,
      html_url: htmlUrl
    })
    const now = timestamp()
    return {
      status: 201,
      body: {
        id: replyId,
        node_id: `PRRC_fake${replyId}`,
        url: `${this.url}/repos/${owner}/${repo}/pulls/comments/${replyId}`,
        pull_request_url: `${this.url}/repos/${owner}/${repo}/pulls/${pull}`,
        html_url: htmlUrl,
        in_reply_to_id: inReplyTo,
        body,
        user: this.user(user),
        created_at: now,
        updated_at: now
      }
    }
  }

  /** GitHub's page/per_page pagination with its `Link` header (omitted when there is one page). */
  private paginate(items: unknown[], call: GitHubCall): Answer {
    const perPage = Math.min(100, Math.max(1, positiveInt(call.query.per_page) ?? 30))
    const page = positiveInt(call.query.page) ?? 1
    const lastPage = Math.max(1, Math.ceil(items.length / perPage))
    const link = (n: number, rel: string): string => {
      const target = new URL(this.url + call.path)
      for (const [name, value] of Object.entries(call.query)) target.searchParams.set(name, value)
      target.searchParams.set('per_page', String(perPage))
      target.searchParams.set('page', String(n))
      return `<${target.href}>; rel="${rel}"`
    }
    const links: string[] = []
    if (page > 1) links.push(link(Math.min(page - 1, lastPage), 'prev'))
    if (page < lastPage) links.push(link(page + 1, 'next'), link(lastPage, 'last'))
    if (page > 1) links.push(link(1, 'first'))
    return {
      status: 200,
      headers: links.length > 0 ? { link: links.join(', ') } : {},
      body: items.slice((page - 1) * perPage, page * perPage)
    }
  }

  private storeComment(
    owner: string,
    repo: string,
    issueNumber: number,
    body: string,
    user: { login: string; type: string },
    wantedId?: number
  ): StoredComment {
    const now = timestamp()
    const stored: StoredComment = {
      id: this.takeId(wantedId),
      repoKey: repoKey(owner, repo),
      owner,
      repo,
      issueNumber,
      body,
      user,
      created_at: now,
      updated_at: now
    }
    this.issueComments.set(stored.id, stored)
    return stored
  }

  private commentsOf(key: string, issueNumber: number): StoredComment[] {
    return [...this.issueComments.values()]
      .filter(c => c.repoKey === key && c.issueNumber === issueNumber)
      .sort((a, b) => a.id - b.id)
  }

  private htmlUrl(c: StoredComment): string {
    const issue = this.issues.get(`${c.repoKey}#${c.issueNumber}`)
    const kind = issue?.pull_request ? 'pull' : 'issues'
    return `${this.serverUrl}/${c.owner}/${c.repo}/${kind}/${c.issueNumber}#issuecomment-${c.id}`
  }

  private publicComment(c: StoredComment): FakeComment {
    return {
      id: c.id,
      body: c.body,
      user: { ...c.user },
      html_url: this.htmlUrl(c),
      created_at: c.created_at,
      updated_at: c.updated_at
    }
  }

  private apiComment(c: StoredComment): Record<string, unknown> {
    const base = `${this.url}/repos/${c.owner}/${c.repo}`
    return {
      id: c.id,
      node_id: `IC_fake${c.id}`,
      url: `${base}/issues/comments/${c.id}`,
      html_url: this.htmlUrl(c),
      issue_url: `${base}/issues/${c.issueNumber}`,
      body: c.body,
      user: this.user(c.user),
      created_at: c.created_at,
      updated_at: c.updated_at,
      author_association: c.user.type === 'Bot' ? 'NONE' : 'CONTRIBUTOR'
    }
  }

  private user(u: { login: string; type: string }): Record<string, unknown> {
    let id = u.login === ACTIONS_BOT.login ? 41898282 : this.userIds.get(u.login)
    if (id === undefined) {
      id = 9000 + this.userIds.size
      this.userIds.set(u.login, id)
    }
    return { login: u.login, id, type: u.type, html_url: `${this.serverUrl}/${u.login}` }
  }

  /** Ids increase; a wanted id (from a webhook payload) is kept and later ids go past it. */
  private takeId(wanted?: number): number {
    if (wanted !== undefined) {
      if (this.issueComments.has(wanted) || this.reviewComments.has(wanted)) {
        throw new Error(`a comment with id ${wanted} already exists`)
      }
      this.nextId = Math.max(this.nextId, wanted + 1)
      return wanted
    }
    return this.nextId++
  }
}

function re(source: string): RegExp {
  return new RegExp(`^${source}$`)
}

/** GitHub's 403 for what an installation token may not do. */
const NOT_ACCESSIBLE: Answer = {
  status: 403,
  body: {
    message: 'Resource not accessible by integration',
    documentation_url: DOCS,
    status: '403'
  }
}

function repoKey(owner: string, repo: string): string {
  return `${decodeURIComponent(owner)}/${decodeURIComponent(repo)}`.toLowerCase()
}

function userOf(login: string = ACTIONS_BOT.login): { login: string; type: string } {
  return { login, type: login.endsWith('[bot]') ? 'Bot' : 'User' }
}

function branch(ref: string, fullName: string, seed: number): Record<string, unknown> {
  const [owner] = fullName.split('/')
  return {
    label: `${owner}:${ref}`,
    ref,
    sha: (seed + 0xabc).toString(16).padStart(40, '0'),
    repo: { full_name: fullName }
  }
}

/** GitHub's error shape: `{message, documentation_url, status}` (status as a string). */
function errorOf(status: number): Record<string, unknown> {
  const message = status === 404 ? 'Not Found' : (http.STATUS_CODES[status] ?? `HTTP ${status}`)
  return { message, documentation_url: DOCS, status: String(status) }
}

/** GitHub's 422; `doc` is the operation's documentation page below docs.github.com/rest. */
function validationFailed(errors: Record<string, unknown>[], doc: string): Answer {
  return {
    status: 422,
    body: {
      message: 'Validation Failed',
      errors,
      documentation_url: `${DOCS}/${doc}`,
      status: '422'
    }
  }
}

/** A comment body: present, a string, at most 65,536 characters (GitHub counts characters). */
function checkBody(payload: unknown, doc: string, resource = 'IssueComment'): Answer | undefined {
  const body = (payload as { body?: unknown } | undefined)?.body
  if (typeof body !== 'string') {
    return {
      status: 422,
      body: {
        message: 'Invalid request.\n\n"body" wasn\'t supplied.',
        documentation_url: `${DOCS}/${doc}`,
        status: '422'
      }
    }
  }
  if ([...body].length > MAX_BODY) {
    const message = `Body is too long (maximum is ${MAX_BODY} characters)`
    return validationFailed([{ resource, code: 'unprocessable', field: 'data', message }], doc)
  }
  return undefined
}

function positiveInt(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d+$/.test(value)) return undefined
  const n = Number(value)
  return n >= 1 ? n : undefined
}

/** GitHub's timestamps: ISO 8601 in UTC, whole seconds. */
function timestamp(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')
}
