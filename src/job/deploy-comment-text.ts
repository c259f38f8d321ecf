/** A deploy comment's text and marker (pure), for the deploy action and the sweep alike. */
import { writeComment } from './comment-layout.js'
import { headline, reportBody, type DeployResult } from './deploy-report.js'
import type { DeployMarker } from './markers.js'

export const DEPLOY_TITLE = '**Mintlify deployment**'

/** Stands for the project's deployment branch in a marker: `:` is never part of a git branch name. */
export const PRODUCTION_KEY = ':production'

/** The run that writes a deploy comment, as its marker records it. */
export interface DeployRunFacts {
  /** GITHUB_RUN_ID; undefined outside a workflow run. */
  run?: string
  deadline: number
}

/** A comment showing `result` does not show its deployment's end: queued, timed out, cancelled. */
function endNotShown(result: DeployResult): boolean {
  if (result.statusId === undefined) return false
  return ['queued', 'timed-out', 'cancelled'].includes(result.status)
}

/** The marker after `result`: the place, and while its end is not shown, what the sweep needs. */
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
