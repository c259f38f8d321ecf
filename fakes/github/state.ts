/**
 * What the GitHub fake remembers: permissions, issues and pull requests, issue and review comments,
 * reactions, workflow runs, compares and releases, and who the token posts as. Keys are repository
 * keys (`repoKey`); ids are shared by every kind of comment and only grow.
 */
import {
  ACTIONS_BOT,
  repoKey,
  type Actor,
  type FakeChange,
  type FakeIssue,
  type FakeRelease,
  type Permission,
  type Reaction,
  type ReviewReply,
  type StoredComment,
  type StoredReviewComment
} from './model.js'
import { timestamp } from './answers.js'

export class GitHubState {
  /** Who the token posts as: the author of every comment, reply and reaction it makes. */
  poster: Actor = { ...ACTIONS_BOT }
  /** Every repository's default branch (`GET /repos/{o}/{r}`); main when unset. */
  defaultBranch?: string
  readonly permissions = new Map<string, Permission>()
  readonly issues = new Map<string, FakeIssue>()
  readonly issueComments = new Map<number, StoredComment>()
  readonly reviewComments = new Map<number, StoredReviewComment>()
  readonly reviewReplies: ReviewReply[] = []
  readonly reactions: Reaction[] = []
  /** The reaction id of each subject, comment and content: reacting twice is one reaction. */
  readonly reactionIds = new Map<string, number>()
  /** Repositories every call answers 403 or 404 for. */
  readonly denied = new Map<string, 403 | 404>()
  /** Workflow runs the tests declare, by id: their status (`completed`, `in_progress`, ...). */
  readonly runs = new Map<string, string>()
  /** `base...head` of a repository: its commits (oldest first) and files. */
  readonly comparisons = new Map<string, FakeChange>()
  /** Each repository's releases, oldest first. */
  readonly releases = new Map<string, FakeRelease[]>()
  private readonly userIds = new Map<string, number>()
  private nextId = 1000

  issue(owner: string, repo: string, issueNumber: string | number): FakeIssue | undefined {
    return this.issues.get(`${repoKey(owner, repo)}#${issueNumber}`)
  }

  /** The pull request of that number; undefined for an issue or nothing. */
  pull(owner: string, repo: string, pullNumber: string | number): FakeIssue | undefined {
    const issue = this.issue(owner, repo, pullNumber)
    return issue?.pull_request ? issue : undefined
  }

  /** The issue comment of that id in that repository. */
  comment(owner: string, repo: string, id: string | number): StoredComment | undefined {
    const comment = this.issueComments.get(Number(id))
    return comment?.repoKey === repoKey(owner, repo) ? comment : undefined
  }

  /** The comments of one issue or pull request, oldest first. */
  commentsOf(key: string, issueNumber: number): StoredComment[] {
    return [...this.issueComments.values()]
      .filter(c => c.repoKey === key && c.issueNumber === issueNumber)
      .sort((a, b) => a.id - b.id)
  }

  storeComment(
    owner: string,
    repo: string,
    issueNumber: number,
    body: string,
    user: Actor,
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

  /** The pull requests of the repository. */
  pullsOf(key: string): FakeIssue[] {
    return [...this.issues.entries()]
      .filter(([k, issue]) => k.startsWith(`${key}#`) && issue.pull_request)
      .map(([, issue]) => issue)
  }

  /** Issues and PRs of the repository with a comment holding `text`. */
  threadsWithComment(key: string, text: string): number[] {
    return [
      ...new Set(
        [...this.issueComments.values()]
          .filter(c => c.repoKey === key && c.body.includes(text))
          .map(c => c.issueNumber)
      )
    ]
  }

  /** GitHub's user id of the login: the actions bot's own, else one given on first sight. */
  userId(login: string): number {
    let id = login === ACTIONS_BOT.login ? 41898282 : this.userIds.get(login)
    if (id === undefined) {
      id = 9000 + this.userIds.size
      this.userIds.set(login, id)
    }
    return id
  }

  /** Ids increase; a wanted id (from a webhook payload) is kept and later ids go past it. */
  takeId(wanted?: number): number {
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
