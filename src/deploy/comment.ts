/**
 * The one comment a pull request (or issue) gets per project and branch: found again by its hidden
 * marker among the comments of this action's identity, and edited in place by every later run. A
 * comment of anyone else, marker or not, is never edited. When the thread cannot be read, no comment
 * is written (better none than a second one); the report still reaches the summary and outputs.
 */
import type { IssueComment } from '../github/comments.js'
import { findNewestComment } from '../github/newest-comments.js'
import { learnIdentity } from '../github/identity.js'
import { createOctokit } from '../github/octokit.js'
import { readComment } from '../job/comment-layout.js'
import {
  DEPLOY_TITLE,
  deployCommentText,
  deployMarkerAfter,
  PRODUCTION_KEY,
  type DeployRunFacts
} from '../job/deploy-comment-text.js'
import { ownMarker, type DeployMarker } from '../job/markers.js'
import { TrackingComment } from '../job/tracking-comment.js'
import { getErrorMessage } from '../shared/errors.js'
import type { ActionRun } from '../shared/run-action.js'
import { runUrl, type RunnerContext } from '../shared/runner-context.js'
import type { DeployResult } from '../job/deploy-report.js'
import type { DeploySettings } from './settings.js'

/**
 * The comment of `plan`'s thread, adopted when an earlier run wrote it; undefined when there is none
 * to write: `comment: false`, no thread, no token or repository, or a thread that cannot be read.
 * Learns who the token posts as before any marker is trusted.
 */
export async function openDeployComment(
  settings: DeploySettings,
  context: RunnerContext,
  plan: { thread?: number; branch?: string; deadline: number },
  action: ActionRun
): Promise<DeployComment | undefined> {
  const { rt } = action
  if (!settings.comment || plan.thread === undefined) return undefined
  if (!settings.githubToken || !context.owner || !context.repo) {
    rt.log.info('No GitHub token or repository: the report goes to the step summary only.')
    return undefined
  }
  const octokit = createOctokit(settings.githubToken, context.apiUrl)
  const identity = await learnIdentity(octokit, settings.githubToken, rt)
  const thread = { owner: context.owner, repo: context.repo, issueNumber: plan.thread }
  // Whose comment it is: the project, and the branch previewed (PRODUCTION_KEY for production).
  const place: DeployMarker = {
    kind: 'deploy',
    project: settings.service.projectId,
    branch: plan.branch ?? PRODUCTION_KEY
  }
  let existing
  try {
    const predicate = (comment: IssueComment): boolean => {
      const marker = ownMarker(comment, identity)
      return (
        marker?.kind === 'deploy' &&
        marker.project === place.project &&
        marker.branch === place.branch &&
        readComment(comment.body, DEPLOY_TITLE) !== undefined
      )
    }
    existing = await findNewestComment(octokit, { ref: thread, predicate }, rt)
  } catch (error) {
    rt.signal.throwIfAborted()
    rt.log.warning(
      `Could not read the comments of #${thread.issueNumber} (${getErrorMessage(error)}); no comment is written, the report is in the step summary.`
    )
    return undefined
  }
  const tracking = new TrackingComment(octokit, thread, rt)
  if (existing) tracking.adopt(existing)
  const facts = { run: context.runId, deadline: plan.deadline }
  return new DeployComment(tracking, { place, facts }, runUrl(context), action.redact)
}

export class DeployComment {
  constructor(
    private readonly tracking: TrackingComment,
    private readonly marker: { place: DeployMarker; facts: DeployRunFacts },
    private readonly runLink: string,
    private readonly redact: (text: string) => string
  ) {}

  get id(): number | undefined {
    return this.tracking.id
  }

  get url(): string | undefined {
    return this.tracking.url
  }

  /** Writes the result into the comment: its headline, its report, the marker; `urgent` after a cancel. */
  async write(result: DeployResult, options: { urgent?: boolean } = {}): Promise<void> {
    const marker = deployMarkerAfter(this.marker.place, result, this.marker.facts)
    const text = deployCommentText(result, this.runLink, marker)
    await this.tracking.write(this.redact(text), options)
  }
}
