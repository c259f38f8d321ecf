/**
 * What a GITHUB_TOKEN may do: the scopes of a workflow's `permissions:` block, and the scope each
 * route of the fake needs. A call a token's scopes do not allow answers 403 "Resource not accessible
 * by integration", as GitHub does. An issue's comments, labels and reactions need `issues`; the same
 * on a pull request need `pull-requests`.
 */
import type { GitHubCall } from './model.js'
import type { GitHubState } from './state.js'

type ScopeLevel = 'read' | 'write' | 'none'
/** A token's scopes; a scope it does not name is `none` (metadata is always readable). */
export type TokenScopes = Record<string, ScopeLevel>

/** GitHub's `permissions:` value (a mapping, `read-all`, `write-all` or `{}`) as scopes. */
export function scopesOf(permissions: unknown): TokenScopes {
  if (permissions === 'read-all' || permissions === 'write-all') {
    const level = permissions === 'read-all' ? 'read' : 'write'
    return Object.fromEntries(ALL_SCOPES.map(scope => [scope, level]))
  }
  if (typeof permissions !== 'object' || permissions === null) return {}
  return { ...(permissions as TokenScopes) }
}

const ALL_SCOPES = ['actions', 'contents', 'issues', 'pull-requests', 'deployments', 'statuses']

const BY_PATH: [RegExp, string][] = [
  [/^\/repos\/[^/]+\/[^/]+\/(pulls)(\/|$)/, 'pull-requests'],
  [/^\/repos\/[^/]+\/[^/]+\/(commits|compare|releases|contents|git)(\/|$)/, 'contents'],
  [/^\/repos\/[^/]+\/[^/]+\/actions(\/|$)/, 'actions']
]

/** The issue or pull request a call is about: `issues/N/…`, or the issue of `issues/comments/ID`. */
function threadOf(call: GitHubCall, state: GitHubState): string {
  const [, owner, repo, rest] = /^\/repos\/([^/]+)\/([^/]+)\/issues(.*)$/.exec(call.path) ?? []
  const number = /^\/(\d+)/.exec(rest ?? '')?.[1]
  const commentId = /^\/comments\/(\d+)/.exec(rest ?? '')?.[1]
  const issueNumber =
    number ?? (commentId ? state.comment(owner, repo, commentId)?.issueNumber : undefined)
  const isPull = issueNumber !== undefined && state.pull(owner, repo, issueNumber) !== undefined
  return isPull ? 'pull-requests' : 'issues'
}

/** The scope a call needs, and whether it reads or writes; undefined: metadata, always allowed. */
function scopeOfCall(
  call: GitHubCall,
  state: GitHubState
): { scope: string; level: 'read' | 'write' } | undefined {
  const level = call.method === 'GET' ? 'read' : 'write'
  if (/^\/repos\/[^/]+\/[^/]+\/issues(\/|$)/.test(call.path)) {
    return { scope: threadOf(call, state), level }
  }
  const scope = BY_PATH.find(([pattern]) => pattern.test(call.path))?.[1]
  return scope === undefined ? undefined : { scope, level }
}

/** Whether scopes allow the call; GitHub's answer when they do not. */
export function allows(scopes: TokenScopes, call: GitHubCall, state: GitHubState): boolean {
  const needed = scopeOfCall(call, state)
  if (needed === undefined) return true
  const held = scopes[needed.scope] ?? 'none'
  return held === 'write' || (held === 'read' && needed.level === 'read')
}
