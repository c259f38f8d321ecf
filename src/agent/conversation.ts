/**
 * Every call to the thread a request came from. It exists only when the run comments, so the flow
 * never asks whether it may.
 */
import { createComment, listComments, type IssueComment } from '../github/comments.js'
import { readNewestComments } from '../github/newest-comments.js'
import type { GitHubAccess, IdentityOnce } from '../github/identity.js'
import type { Octokit } from '../github/octokit.js'
import { addReaction } from '../github/reactions.js'
import { listReviewComments, replyToReviewComment } from '../github/review-comments.js'
import { getErrorMessage } from '../shared/errors.js'
import type { Runtime } from '../shared/runtime.js'
import { renderReply } from './replies.js'
import { lifeOf } from '../job/life.js'
import { ownMarker } from '../job/markers.js'
import { standingClaim } from '../job/rerun-protocol.js'
import { readThreadState, type ThreadState } from './thread-state.js'
import { threadBound, threadReadEnough, type ThreadBound } from './thread-read.js'
import { TrackingComment } from '../job/tracking-comment.js'
import type { AgentRequest, Thread } from './request.js'
import type { AgentFlow } from './flow.js'
import type { Edge } from './dry-run.js'

/** What the thread holds; `unreadable` when its comments could not be listed. */
export interface ThreadReading {
  state: ThreadState
  unreadable: boolean
}

export class Conversation {
  readonly tracking: TrackingComment
  private readonly ref: { owner: string; repo: string; issueNumber: number }

  private readonly octokit: Octokit
  private readonly identity: IdentityOnce
  private readonly rt: Runtime
  private readonly edge: Edge

  private constructor(
    { github, rt, edge }: Pick<AgentFlow, 'rt' | 'edge'> & { github: GitHubAccess },
    private readonly request: AgentRequest & { thread: Thread },
    private readonly bound: ThreadBound
  ) {
    this.octokit = github.octokit
    this.identity = github.identity
    this.rt = rt
    this.edge = edge
    const { owner, repo, issueNumber } = request.thread
    this.ref = { owner, repo, issueNumber }
    this.tracking = new TrackingComment(this.octokit, this.ref, rt)
  }

  /** `bound`: how far back the thread is read, when the request knows better (a digest's). */
  static open(
    request: AgentRequest,
    flow: Pick<AgentFlow, 'settings' | 'github' | 'rt' | 'context' | 'edge'>,
    bound?: ThreadBound
  ): Conversation | undefined {
    const { settings, github, rt } = flow
    const { thread } = request
    if (!settings.comment || github === undefined || thread === undefined) return undefined
    const reach = bound ?? threadBound(request, flow, rt.clock.now())
    return new Conversation({ ...flow, github }, { ...request, thread }, reach)
  }

  /** 👀 on the trigger comment; a failure is only a warning. */
  async react(): Promise<void> {
    const comment = this.request.comment
    if (!comment) return
    const target = { commentId: comment.id, kind: comment.kind }
    try {
      await this.edge.write('react 👀 to the comment that asked', () =>
        addReaction(this.octokit, { repo: this.ref, target, content: 'eyes' }, this.rt)
      )
    } catch (error) {
      this.rt.log.warning(`Could not add the 👀 reaction: ${getErrorMessage(error)}`)
    }
  }

  /**
   * A short answer with no job: in the review thread for review comments, else on the issue. Posted
   * once per request: a re-run, or the same comment delivered again, finds it and posts no other.
   */
  async reply(text: string): Promise<void> {
    const body = renderReply(text, { kind: 'reply', request: this.request.requestKey })
    const comment = this.request.comment
    const { owner, repo, issueNumber } = this.ref
    try {
      if (await this.replied()) {
        this.rt.log.info('The reply to this request was posted already; not posting it again.')
        return
      }
      await this.edge.write(`reply: “${text}”`, async () => {
        if (comment?.kind !== 'review_comment') {
          return createComment(this.octokit, { ref: this.ref, body }, this.rt)
        }
        const call = { repo: { owner, repo }, pullNumber: issueNumber, commentId: comment.id, body }
        return replyToReviewComment(this.octokit, call, this.rt)
      })
    } catch (error) {
      this.rt.log.warning(`Could not post the reply: ${getErrorMessage(error)}`)
    }
  }

  /** Whether this action already answered this request with a reply (where its reply goes). */
  private async replied(): Promise<boolean> {
    const { owner, repo, issueNumber } = this.ref
    const comments =
      this.request.comment?.kind === 'review_comment'
        ? await listReviewComments(
            this.octokit,
            { repo: { owner, repo }, pullNumber: issueNumber },
            this.rt
          )
        : await this.commentsSinceRequest()
    const identity = await this.identity.get()
    return comments.some(comment => {
      const marker = ownMarker(comment, identity)
      return marker?.kind === 'reply' && marker.request === this.request.requestKey
    })
  }

  /**
   * After this run wrote its pending tracking comment (its claim on the request): reads the thread
   * again, and when another run's claim came first, withdraws this one. Returns the run that owns
   * the request then, or undefined when this run does.
   */
  async otherClaim(): Promise<{ run?: string; url: string } | undefined> {
    const ownId = this.tracking.id
    if (ownId === undefined) return undefined
    let comments: IssueComment[]
    try {
      comments = await this.commentsSinceRequest()
    } catch (error) {
      // Without a second look a double delivery cannot be told; one run's request must not be lost.
      this.rt.log.warning(
        `Could not read the thread again to confirm the claim: ${getErrorMessage(error)}`
      )
      return undefined
    }
    const identity = await this.identity.get()
    const claims = comments.flatMap(comment => {
      const life = lifeOf(comment, identity)
      return life ? [{ id: comment.id, url: comment.htmlUrl, life }] : []
    })
    const standing = standingClaim(claims, this.request.requestKey)
    if (standing === undefined || standing.id === ownId) return undefined
    await this.tracking.remove()
    return { run: standing.life.run, url: standing.url }
  }

  /**
   * One look at the thread: this request's comment from an earlier attempt, and the thread's job.
   * `already`: the thread's comments as this run read them a moment ago (a code change's guard).
   */
  async read(already?: IssueComment[]): Promise<ThreadReading> {
    try {
      const keys = { key: this.request.requestKey, formerKey: this.request.formerKey }
      // Who the token posts as is learnt when a second page asks for it (one page: after the read).
      const enough = async (newest: readonly IssueComment[]): Promise<boolean> =>
        threadReadEnough(this.bound, keys, await this.identity.get())(newest)
      const comments =
        already ?? (await readNewestComments(this.octokit, { ref: this.ref, enough }, this.rt))
      const state = readThreadState(comments, keys, await this.identity.get())
      if (state.own) this.tracking.adopt(state.own.comment)
      return { state, unreadable: false }
    } catch (error) {
      this.rt.signal.throwIfAborted()
      this.rt.log.warning(`Could not read the thread's comments: ${getErrorMessage(error)}`)
      return { state: {}, unreadable: true }
    }
  }

  /** The comments posted or edited since the request's event: where its own comments are. */
  private commentsSinceRequest(): Promise<IssueComment[]> {
    const { since } = this.bound
    const call = { ref: this.ref, since: since === undefined ? undefined : new Date(since) }
    return listComments(this.octokit, call, this.rt)
  }
}
