/**
 * The GitHub fake's wire shapes: users and comments as the REST API gives them, and every link built
 * from the fake's own URLs: `url` fields from the API base (prefix included), `html_url` fields from
 * the server URL (github.com, or a GitHub Enterprise Server host), as GitHub builds them.
 */
import { paginate, type Answer } from './answers.js'
import type { Actor, FakeComment, GitHubCall, StoredComment } from './model.js'
import type { GitHubState } from './state.js'

export class GitHubWire {
  constructor(
    /** The REST API's base URL, prefix included. */
    readonly url: string,
    /** The host of every web link. */
    readonly serverUrl: string,
    readonly state: GitHubState
  ) {}

  /** A REST link below the API base: `api('/repos/o/r/issues/7')`. */
  api(path: string): string {
    return `${this.url}${path}`
  }

  /** A web link below the server URL: `web('o/r/pull/8')`. */
  web(path: string): string {
    return `${this.serverUrl}/${path}`
  }

  paginate(items: unknown[], call: Pick<GitHubCall, 'path' | 'query'>): Answer {
    return paginate(this.url, items, call)
  }

  user(u: Actor): Record<string, unknown> {
    const id = this.state.userId(u.login)
    return { login: u.login, id, type: u.type, html_url: this.web(u.login) }
  }

  /** The comment's link: under `/pull/` on a pull request, `/issues/` otherwise. */
  commentHtmlUrl(c: StoredComment): string {
    const issue = this.state.issues.get(`${c.repoKey}#${c.issueNumber}`)
    const kind = issue?.pull_request ? 'pull' : 'issues'
    return this.web(`${c.owner}/${c.repo}/${kind}/${c.issueNumber}#issuecomment-${c.id}`)
  }

  /** The comment as tests read it back. */
  publicComment(c: StoredComment): FakeComment {
    return {
      id: c.id,
      body: c.body,
      user: { ...c.user },
      html_url: this.commentHtmlUrl(c),
      created_at: c.created_at,
      updated_at: c.updated_at
    }
  }

  /** The comment as the REST API gives it. */
  apiComment(c: StoredComment): Record<string, unknown> {
    const base = this.api(`/repos/${c.owner}/${c.repo}`)
    return {
      id: c.id,
      node_id: `IC_fake${c.id}`,
      url: `${base}/issues/comments/${c.id}`,
      html_url: this.commentHtmlUrl(c),
      issue_url: `${base}/issues/${c.issueNumber}`,
      body: c.body,
      user: this.user(c.user),
      created_at: c.created_at,
      updated_at: c.updated_at,
      author_association: c.user.type === 'Bot' ? 'NONE' : 'CONTRIBUTOR'
    }
  }
}
