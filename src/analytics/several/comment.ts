/**
 * The report comment of a step of several datasets: one comment a step of a run. Its hidden marker
 * names the run and the step, so a re-run of the step (the same run id) finds it at the newest end of
 * the conversation and edits it instead of adding a second; only a comment the token's own identity
 * wrote is trusted with the marker.
 */
import { createComment, updateComment, type IssueComment } from '../../github/comments.js'
import { isOwnComment, learnIdentity } from '../../github/identity.js'
import { findNewestComment } from '../../github/newest-comments.js'
import { createOctokit } from '../../github/octokit.js'
import { getErrorMessage } from '../../shared/errors.js'
import { logLine } from '../../shared/log-line.js'
import type { RunnerContext } from '../../shared/runner-context.js'
import type { Runtime } from '../../shared/runtime.js'

/** The marker of a step's report: the run and the step (job and step id). */
export function stepMarker(context: Pick<RunnerContext, 'runId' | 'job' | 'step'>): string {
  const safe = (text: string): string => text.replace(/[^A-Za-z0-9_.-]/g, '_')
  return `<!-- mintlify-analytics-report run:${safe(context.runId)} step:${safe(context.job)}/${safe(context.step)} -->`
}

export interface CommentPlace {
  context: RunnerContext
  issueNumber: number
  token: string
}

/** Posts the report, or edits the step's earlier one; a failure is a warning (the files are written). */
export async function postOrEdit(
  body: (marker: string) => string,
  { context, issueNumber, token }: CommentPlace,
  rt: Runtime
): Promise<void> {
  if (!context.owner || !context.repo) {
    rt.log.warning(
      `Not commenting on #${issueNumber}: GITHUB_REPOSITORY is not set, so the repository is unknown.`
    )
    return
  }
  const marker = stepMarker(context)
  const repo = { owner: context.owner, repo: context.repo }
  const ref = { ...repo, issueNumber }
  try {
    const octokit = createOctokit(token, context.apiUrl)
    const identity = await learnIdentity(octokit, token, rt)
    const ours = (c: IssueComment): boolean => c.body.includes(marker) && isOwnComment(c, identity)
    const earlier = await findNewestComment(octokit, { ref, predicate: ours }, rt)
    const text = body(marker)
    const comment = earlier
      ? await updateComment(octokit, { repo, commentId: earlier.id, body: text }, rt)
      : await createComment(octokit, { ref, body: text }, rt)
    rt.log.info(
      `${earlier ? 'Updated' : 'Posted'} the report on ${comment.htmlUrl || `#${issueNumber}`}.`
    )
  } catch (error) {
    rt.log.warning(
      `The datasets were written, but the report could not be posted to #${issueNumber}: ` +
        logLine(getErrorMessage(error))
    )
  }
}
