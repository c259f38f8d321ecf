/**
 * The report comment of a step. Its marker names the run and the step, so a re-run finds it at the newest
 * end of the conversation and edits it; a marker counts only in a comment of ours (ownMarker).
 */
import { createComment, updateComment, type IssueComment } from '../../github/comments.js'
import { learnIdentity } from '../../github/identity.js'
import { findNewestComment } from '../../github/newest-comments.js'
import { createOctokit } from '../../github/octokit.js'
import { ownMarker, renderMarker, type ReportMarker } from '../../job/markers.js'
import { getErrorMessage } from '../../shared/errors.js'
import { logLine } from '../../shared/log-line.js'
import type { RunnerContext } from '../../shared/runner-context.js'
import type { Runtime } from '../../shared/runtime.js'

type StepContext = Pick<RunnerContext, 'runId' | 'job' | 'step'>

/** The marker of a step's report: the run and the step (job and step id), as its first version wrote them. */
export function reportMarker(context: StepContext): ReportMarker {
  const safe = (text: string): string => text.replace(/[^A-Za-z0-9_.-]/g, '_')
  return {
    kind: 'report',
    run: safe(context.runId),
    step: `${safe(context.job)}/${safe(context.step)}`
  }
}

interface CommentPlace {
  context: RunnerContext
  issueNumber: number
  token: string
  /** What was done already, for the warning when the comment fails ("The export succeeded"). */
  done: string
}

/** Posts the report, or edits the step's earlier one; a failure is a warning (the files are written). */
export async function postOrEdit(
  body: string,
  { context, issueNumber, token, done }: CommentPlace,
  rt: Runtime
): Promise<void> {
  if (!context.owner || !context.repo) {
    rt.log.warning(
      `Not commenting on #${issueNumber}: GITHUB_REPOSITORY is not set, so the repository is unknown.`
    )
    return
  }
  const marker = reportMarker(context)
  const repo = { owner: context.owner, repo: context.repo }
  const ref = { ...repo, issueNumber }
  try {
    const octokit = createOctokit(token, context.apiUrl)
    const identity = await learnIdentity(octokit, token, rt)
    const predicate = (comment: IssueComment): boolean => {
      const own = ownMarker(comment, identity)
      return own?.kind === 'report' && own.run === marker.run && own.step === marker.step
    }
    const earlier = await findNewestComment(octokit, { ref, predicate }, rt)
    const text = `${body}\n${renderMarker(marker)}`
    const comment = earlier
      ? await updateComment(octokit, { repo, commentId: earlier.id, body: text }, rt)
      : await createComment(octokit, { ref, body: text }, rt)
    rt.log.info(
      `${earlier ? 'Updated' : 'Posted'} the report on ${comment.htmlUrl || `#${issueNumber}`}.`
    )
  } catch (error) {
    rt.log.warning(
      `${done}, but the report could not be posted to #${issueNumber}: ` +
        logLine(getErrorMessage(error))
    )
  }
}
