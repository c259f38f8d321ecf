/** Workflow runs: whether the run that wrote a tracking comment is over. */
import type { Runtime } from '../shared/runtime.js'
import type { RepoRef } from './refs.js'
import type { Octokit } from './octokit.js'
import { inRepo, sendRepeatable, unlessAbsent } from './request.js'

/**
 * The run's status (`completed`, `in_progress`, `queued`, ...), or undefined when the token may not
 * read runs (`actions: read` missing: 403) or the run is unknown (404).
 */
export async function getRunStatus(
  octokit: Octokit,
  { repo, runId }: { repo: RepoRef; runId: string },
  rt: Runtime
): Promise<string | undefined> {
  const get = (signal?: AbortSignal) =>
    octokit.rest.actions.getWorkflowRun({
      ...inRepo(repo),
      run_id: Number(runId),
      request: { signal }
    })
  const answer = await unlessAbsent(sendRepeatable(get, rt), [403, 404])
  return typeof answer?.data.status === 'string' ? answer.data.status : undefined
}
