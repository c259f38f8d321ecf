/**
 * The one tracking comment of a request: created once, then edited in place. Writing it is never
 * allowed to sink the run: when GitHub fails for good, a warning is logged and the result still
 * reaches the outputs and the step summary.
 */
import * as core from '@actions/core'
import {
  createComment,
  updateComment,
  type CallDeps,
  type IssueComment
} from '../github/comments.js'
import type { Octokit } from '../github/octokit.js'
import { getErrorMessage } from '../shared/errors.js'
import type { Thread } from './trigger.js'

/** Comment writes get their own short deadline, so a cancelled run can still say so in time. */
/** All attempts of one write, retries included. */
const WRITE_DEADLINE_MS = 40_000
/** After a cancel the runner kills the step 10 s after SIGINT: one short try. */
const CANCEL_WRITE_TIMEOUT_MS = 4_000

export class TrackingComment {
  private comment?: { id: number; htmlUrl: string }
  private lastBody?: string

  constructor(
    private readonly octokit: Octokit | undefined,
    private readonly thread: Thread | undefined,
    private readonly deps: Omit<CallDeps, 'signal'>
  ) {}

  get enabled(): boolean {
    return this.octokit !== undefined && this.thread !== undefined
  }

  get id(): number | undefined {
    return this.comment?.id
  }

  get url(): string | undefined {
    return this.comment?.htmlUrl
  }

  /** Takes over a comment written by an earlier attempt of the same request. */
  adopt(existing: IssueComment): void {
    this.comment = { id: existing.id, htmlUrl: existing.htmlUrl }
    this.lastBody = existing.body
  }

  /** Creates the comment, or edits it when it exists already. */
  async write(body: string, options: { urgent?: boolean } = {}): Promise<void> {
    if (!this.octokit || !this.thread || body === this.lastBody) return
    const deps: CallDeps = {
      ...this.deps,
      timeoutMs: options.urgent ? CANCEL_WRITE_TIMEOUT_MS : this.deps.timeoutMs,
      signal: AbortSignal.timeout(options.urgent ? CANCEL_WRITE_TIMEOUT_MS : WRITE_DEADLINE_MS)
    }
    const repo = { owner: this.thread.owner, repo: this.thread.repo }
    try {
      const written: IssueComment = this.comment
        ? await updateComment(this.octokit, repo, this.comment.id, body, deps)
        : await createComment(
            this.octokit,
            { ...repo, issueNumber: this.thread.issueNumber },
            body,
            deps
          )
      this.comment = { id: written.id, htmlUrl: written.htmlUrl }
      this.lastBody = body
    } catch (error) {
      core.warning(
        `Could not ${this.comment ? 'update' : 'write'} the tracking comment on #${this.thread.issueNumber}: ${getErrorMessage(error)}. ` +
          'The result is still in the outputs and the step summary.'
      )
    }
  }
}
