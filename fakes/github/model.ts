/**
 * The GitHub fake's records: what tests seed and read back, what the store keeps of each comment, and
 * the keys that find them (repositories compare case-insensitively, as on GitHub).
 */
import type { components } from '@octokit/openapi-types'

export type Permission = 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none'

/** A login and whether it is a `User` or a `Bot`. */
export interface Actor {
  login: string
  type: string
}

/** The login GITHUB_TOKEN acts as. */
export const ACTIONS_BOT = { login: 'github-actions[bot]', type: 'Bot' } as const

export interface GitHubCall {
  method: string
  path: string
  query: Record<string, string>
  body: unknown
  at: number
}

export interface FakeFile {
  filename: string
  additions: number
  deletions: number
  status?: components['schemas']['diff-entry']['status']
  /** A renamed file's former path (GitHub's `previous_filename`). */
  previousFilename?: string
  /** The unified diff GitHub gives for the file (absent: binary or too large). */
  patch?: string
}

export interface FakeCommit {
  sha: string
  message: string
}

/** What `base...head` compares to: its commits (oldest first) and files. */
export interface FakeChange {
  commits: FakeCommit[]
  files: FakeFile[]
}

export interface FakeRelease {
  id: number
  tag: string
  name?: string
  body?: string
  draft?: boolean
  prerelease?: boolean
  /** ISO time; a draft has none. */
  publishedAt?: string
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
  /** A merged pull request: its merge commit, who merged it, and when (ISO time). */
  merged?: { sha: string; by?: string; at?: string }
  /** A pull request closed without merging (a merged one is closed too). */
  closed?: boolean
  /** ISO times of the listing (`created_at`, `updated_at`); defaults in routes/pulls.ts. */
  createdAt?: string
  updatedAt?: string
  commits?: FakeCommit[]
}

export interface FakeComment {
  id: number
  body: string
  user: Actor
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
  user: Actor
  html_url: string
}

export interface Reaction {
  subject: 'issue_comment' | 'review_comment'
  commentId: number
  content: string
}

export interface StoredComment {
  id: number
  repoKey: string
  owner: string
  repo: string
  issueNumber: number
  body: string
  user: Actor
  created_at: string
  updated_at: string
}

export interface StoredReviewComment {
  id: number
  repoKey: string
  pullNumber: number
  body: string
  user: Actor
  in_reply_to_id?: number
}

export function repoKey(owner: string, repo: string): string {
  return `${decodeURIComponent(owner)}/${decodeURIComponent(repo)}`.toLowerCase()
}

/** The key of a login's role on a repository (logins compare case-insensitively). */
export function permissionKey(owner: string, repo: string, login: string): string {
  return `${repoKey(owner, repo)}#${login.toLowerCase()}`
}

/** The key of a workflow run of a repository. */
export function runKey(owner: string, repo: string, runId: string | number): string {
  return `${repoKey(owner, repo)}#${runId}`
}

export function userOf(login: string = ACTIONS_BOT.login): Actor {
  return { login, type: login.endsWith('[bot]') ? 'Bot' : 'User' }
}
