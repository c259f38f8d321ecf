/**
 * What tests declare before a run: roles, issues and pull requests, review comments, workflow runs,
 * compares, releases and repositories the token cannot reach; and what they read back (reactions,
 * review replies). The server (server.ts) adds the comments, faults and races on top.
 */
import {
  permissionKey,
  repoKey,
  runKey,
  userOf,
  type FakeChange,
  type FakeIssue,
  type FakeRelease,
  type Permission,
  type Reaction,
  type ReviewReply
} from './model.js'
import type { GitHubState } from './state.js'

export class GitHubSeeds {
  protected constructor(protected readonly state: GitHubState) {}

  /** Replies the token posted to review comments, in order. */
  get reviewReplies(): ReviewReply[] {
    return this.state.reviewReplies
  }

  /** Reactions the token made, in order (the same one twice counts once). */
  get reactions(): Reaction[] {
    return this.state.reactions
  }

  /** The login's role on the repository; logins never set answer 404. */
  /** Someone deletes an issue comment: later listings go without it (its page shifts). */
  removeComment(commentId: number): void {
    this.state.issueComments.delete(commentId)
  }

  setPermission(owner: string, repo: string, login: string, permission: Permission): void {
    this.state.permissions.set(permissionKey(owner, repo, login), permission)
  }

  addIssue(owner: string, repo: string, issue: FakeIssue): void {
    this.state.issues.set(`${repoKey(owner, repo)}#${issue.number}`, { ...issue })
  }

  hasIssue(owner: string, repo: string, issueNumber: number): boolean {
    return this.state.issue(owner, repo, issueNumber) !== undefined
  }

  /** `base...head` compares to these commits (oldest first) and files. */
  addComparison(owner: string, repo: string, base: string, head: string, change: FakeChange): void {
    this.state.comparisons.set(`${repoKey(owner, repo)}:${base}...${head}`, change)
  }

  /** A release of the repository; add them oldest first. */
  addRelease(owner: string, repo: string, release: FakeRelease): void {
    const key = repoKey(owner, repo)
    this.state.releases.set(key, [...(this.state.releases.get(key) ?? []), release])
  }

  /** A review comment on a pull request's diff (to reply to or react to); returns its id. */
  addReviewComment(
    owner: string,
    repo: string,
    pullNumber: number,
    comment: { body: string; user?: string; id?: number }
  ): number {
    const id = this.state.takeId(comment.id)
    this.state.reviewComments.set(id, {
      id,
      repoKey: repoKey(owner, repo),
      pullNumber,
      body: comment.body,
      user: userOf(comment.user ?? 'octocat')
    })
    return id
  }

  /** A workflow run of the repository and its status (`completed`, `in_progress`, ...). */
  setRun(owner: string, repo: string, runId: string | number, status: string): void {
    this.state.runs.set(runKey(owner, repo, runId), status)
  }

  /** Every call under /repos/{owner}/{repo} answers this status (no access, or no such repository). */
  denyRepo(owner: string, repo: string, status: 403 | 404): void {
    this.state.denied.set(repoKey(owner, repo), status)
  }
}
