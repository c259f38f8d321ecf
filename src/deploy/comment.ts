/**
 * The one comment a pull request (or issue) gets per project and branch: found again by its hidden
 * marker among the comments of this action's identity, and edited in place by every later run. A
 * comment of anyone else, marker or not, is never edited. When the thread cannot be read, no comment
 * is written (better none than a second one); the report still reaches the summary and outputs.
 */
import { findComments, type IssueComment } from '../github/comments.js'
import type { Identity } from '../github/identity.js'
import type { Octokit } from '../github/octokit.js'
import type { IssueRef } from '../github/refs.js'
import { readComment, writeComment } from '../job/comment-layout.js'
import { ownMarker, type Marker } from '../job/markers.js'
import { TrackingComment } from '../job/tracking-comment.js'
import { getErrorMessage } from '../shared/errors.js'
import type { Runtime } from '../shared/runtime.js'
import { headline, reportBody } from './report.js'
import type { DeployResult } from './result.js'

/** The deploy comments: the job comments' layout under their own title. */
const DEPLOY_TITLE = '**Mintlify deployment**'

/** Stands for the project's deployment branch in a marker: `:` is never part of a git branch name. */
const PRODUCTION_KEY = ':production'

export interface DeployCommentPlace {
  octokit: Octokit
  identity: Identity
  thread: IssueRef
  projectId: string
  /** The branch previewed; undefined for production. */
  branch?: string
}

/** Pure: whether `marker` is this place's deploy marker. */
function isDeployMarkerFor(
  marker: Marker | undefined,
  place: Pick<DeployCommentPlace, 'projectId' | 'branch'>
): boolean {
  return (
    marker?.kind === 'deploy' &&
    marker.project === place.projectId &&
    marker.branch === (place.branch ?? PRODUCTION_KEY)
  )
}

export class DeployComment {
  private constructor(
    private readonly tracking: TrackingComment,
    private readonly marker: Marker,
    private readonly texts: { runLink: string; redact: (text: string) => string }
  ) {}

  get id(): number | undefined {
    return this.tracking.id
  }

  get url(): string | undefined {
    return this.tracking.url
  }

  /** The place's comment, adopted when an earlier run wrote it; undefined when the thread is unreadable. */
  static async open(
    place: DeployCommentPlace,
    texts: { runLink: string; redact: (text: string) => string },
    rt: Runtime
  ): Promise<DeployComment | undefined> {
    let existing
    try {
      const predicate = (comment: IssueComment): boolean =>
        isDeployMarkerFor(ownMarker(comment, place.identity), place) &&
        readComment(comment.body, DEPLOY_TITLE) !== undefined
      const ours = await findComments(place.octokit, { ref: place.thread, predicate }, rt)
      existing = ours.at(-1)
    } catch (error) {
      rt.signal.throwIfAborted()
      rt.log.warning(
        `Could not read the comments of #${place.thread.issueNumber} (${getErrorMessage(error)}); no comment is written, the report is in the step summary.`
      )
      return undefined
    }
    const tracking = new TrackingComment(place.octokit, place.thread, rt)
    if (existing) tracking.adopt(existing)
    const marker: Marker = {
      kind: 'deploy',
      project: place.projectId,
      branch: place.branch ?? PRODUCTION_KEY
    }
    return new DeployComment(tracking, marker, texts)
  }

  /** Writes the result into the comment; `urgent` after a cancel (one short try). */
  async write(result: DeployResult, options: { urgent?: boolean } = {}): Promise<void> {
    const marker = { ...this.marker, status: result.status || 'refused' }
    const text = writeComment(
      { headline: headline(result), body: reportBody(result, this.texts.runLink), marker },
      DEPLOY_TITLE
    )
    await this.tracking.write(this.texts.redact(text), options)
  }
}
