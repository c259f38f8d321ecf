/** Workflow runs: whether the run that wrote a tracking comment is over. */
import type { Runtime } from '../shared/runtime.js'
import type { RepoRef } from './refs.js'
import type { Octokit } from './octokit.js'
import { gitHubErrorStatus, withGitHubRetry } from './retry.js'

/**
 * The run's status (`completed`, `in_progress`, `queued`, ...), or undefined when the token may not
 * read runs (`actions: read` missing: 403) or the run is unknown (404).
 */
export async function getRunStatus(
  octokit: Octokit,
  { repo, runId }: { repo: RepoRef; runId: string },
  rt: Runtime
): Promise<string | undefined> {
  try {
    const { data } = await withGitHubRetry(
      signal =>
        octokit.rest.actions.getWorkflowRun({
          owner: repo.owner,
          repo: repo.repo,
          run_id: Number(runId),
          request: { signal }
        }),
      rt,
      { repeat: 'safe' }
    )
    return typeof data.status === 'string' ? data.status : undefined
  } catch (error) {
    const status = gitHubErrorStatus(error)
    if (status === 403 || status === 404) return undefined
    throw error
  }
}
