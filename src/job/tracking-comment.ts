/**
 * The one tracking comment of a request: created once, then edited in place. A failed write is only
 * a warning: the result still reaches the outputs and the step summary.
 */
import {
  createComment,
  deleteComment,
  updateComment,
  type IssueComment
} from '../github/comments.js'
import type { IssueRef } from '../github/refs.js'
import type { Octokit } from '../github/octokit.js'
import { getErrorMessage } from '../shared/errors.js'
import type { Runtime } from '../shared/runtime.js'
import { sentence } from '../shared/sentence.js'

/** All attempts of one write within this time. */
const WRITE_DEADLINE_MS = 40_000
/** After a cancel the runner sends SIGTERM 7.5 s after SIGINT, then kills: one short try. */
const CANCEL_WRITE_TIMEOUT_MS = 4_000

export class TrackingComment {
  private comment?: { id: number; htmlUrl: string }
  private lastBody?: string

  constructor(
    private readonly octokit: Octokit,
    private readonly thread: IssueRef,
    private readonly rt: Runtime
  ) {}

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

  /** Withdraws the comment (a claim that lost to another run's); a failure is only a warning. */
  async remove(): Promise<void> {
    if (!this.comment) return
    const { owner, repo } = this.thread
    try {
      await deleteComment(
        this.octokit,
        {
          repo: { owner, repo },
          commentId: this.comment.id,
          stopOn: { signal: AbortSignal.timeout(WRITE_DEADLINE_MS) }
        },
        this.rt
      )
      this.comment = undefined
      this.lastBody = undefined
    } catch (error) {
      this.rt.log.warning(
        `Could not remove the duplicate tracking comment: ${getErrorMessage(error)}`
      )
    }
  }

  async write(body: string, options: { urgent?: boolean } = {}): Promise<void> {
    if (body === this.lastBody) return
    // A write stops at the run's cancel, so a hanging edit never keeps the run past the runner's
    // kill; the final "cancelled" edit then has a short budget of its own.
    const call = options.urgent
      ? {
          timeoutMs: CANCEL_WRITE_TIMEOUT_MS,
          stopOn: { signal: AbortSignal.timeout(CANCEL_WRITE_TIMEOUT_MS) }
        }
      : {
          stopOn: {
            signal: AbortSignal.any([this.rt.signal, AbortSignal.timeout(WRITE_DEADLINE_MS)])
          }
        }
    const repo = { owner: this.thread.owner, repo: this.thread.repo }
    try {
      const written: IssueComment = this.comment
        ? await updateComment(
            this.octokit,
            { repo, commentId: this.comment.id, body, ...call },
            this.rt
          )
        : await createComment(this.octokit, { ref: this.thread, body, ...call }, this.rt)
      this.comment = { id: written.id, htmlUrl: written.htmlUrl }
      this.lastBody = body
    } catch (error) {
      this.rt.log.warning(
        `${sentence(`Could not ${this.comment ? 'update' : 'write'} the tracking comment on #${this.thread.issueNumber}: ${getErrorMessage(error)}`)} ` +
          'The result is still in the outputs and the step summary.'
      )
    }
  }
}
