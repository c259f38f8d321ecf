/**
 * A deploy comment's text and marker (pure): the job comments' layout under its own title, the
 * report of job/deploy-report.ts, and the marker that says where the comment belongs and, while its
 * deployment's end is not shown yet, who can finish it. The deploy action and the sweep write a deploy
 * comment only through here.
 */
import { writeComment } from './comment-layout.js'
import { headline, reportBody, type DeployResult } from './deploy-report.js'
import type { DeployMarker } from './markers.js'

/** The deploy comments' title: the first line of every one. */
export const DEPLOY_TITLE = '**Mintlify deployment**'

/** Stands for the project's deployment branch in a marker: `:` is never part of a git branch name. */
export const PRODUCTION_KEY = ':production'

/** The run that writes a deploy comment, as its marker records it. */
export interface DeployRunFacts {
  /** GITHUB_RUN_ID; undefined outside a workflow run. */
  run?: string
  /** Epoch ms: max-wait-minutes after the run started. */
  deadline: number
}

/**
 * Whether a comment showing `result` does not show its deployment's end: queued (while the run
 * follows it, which may die, or with `wait: false`, when no run does), timed out, or cancelled.
 */
function endNotShown(result: DeployResult): boolean {
  if (result.statusId === undefined) return false
  return ['queued', 'timed-out', 'cancelled'].includes(result.status)
}

/**
 * The marker after `result`: the place, and while the deployment's end is not shown, the run, its
 * deadline (epoch seconds), the status id and a preview's URL, which the sweep needs to finish it.
 */
export function deployMarkerAfter(
  place: DeployMarker,
  result: DeployResult,
  facts: DeployRunFacts
): DeployMarker {
  const marker: DeployMarker = { kind: 'deploy', project: place.project, branch: place.branch }
  if (!endNotShown(result)) return marker
  return {
    ...marker,
    update: result.statusId,
    run: facts.run || undefined,
    deadline: String(Math.ceil(facts.deadline / 1000)),
    preview: result.previewUrl
  }
}

/** The comment's text: the headline, the report, the marker. */
export function deployCommentText(
  result: DeployResult,
  runLink: string,
  marker: DeployMarker
): string {
  return writeComment(
    { headline: headline(result), body: reportBody(result, runLink), marker },
    DEPLOY_TITLE
  )
}
