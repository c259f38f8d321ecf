/** The repository itself: its default branch, when the event's payload does not say. */
import type { Runtime } from '../shared/runtime.js'
import type { Octokit } from './octokit.js'
import type { RepoRef } from './refs.js'
import { expectRecord } from './response.js'
import { readChecked } from './request.js'

export async function getDefaultBranch(
  octokit: Octokit,
  repo: RepoRef,
  rt: Runtime
): Promise<string> {
  const get = (signal?: AbortSignal) => octokit.rest.repos.get({ ...repo, request: { signal } })
  const what = `repository ${repo.owner}/${repo.repo}`
  const data = await readChecked(get, answer => expectRecord(answer, what), rt)
  return data.default_branch
}
