/** The repository itself: its default branch, when the event's payload does not say. */
import type { Runtime } from '../shared/runtime.js'
import type { Octokit } from './octokit.js'
import type { RepoRef } from './refs.js'
import { expectRecord } from './response.js'
import { withGitHubRetry } from './retry.js'

export async function getDefaultBranch(
  octokit: Octokit,
  repo: RepoRef,
  rt: Runtime
): Promise<string> {
  const data = await withGitHubRetry(
    async signal => {
      const answer = await octokit.rest.repos.get({ ...repo, request: { signal } })
      return expectRecord(answer.data, `repository ${repo.owner}/${repo.repo}`)
    },
    rt,
    { repeat: 'safe' }
  )
  return data.default_branch
}
