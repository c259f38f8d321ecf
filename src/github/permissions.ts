/**
 * A user's permission on a repository, from the collaborator-permission endpoint (never from
 * `author_association`, which is a label). Errors other than 404 are thrown: the caller fails closed.
 */
import type { Runtime } from '../shared/runtime.js'
import type { RepoRef } from './refs.js'
import type { Octokit } from './octokit.js'
import { expectObject } from './response.js'
import { inRepo, readChecked, unlessAbsent } from './request.js'
import type { GitHubCallOptions } from './retry.js'

export type RepoPermission = 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none'

const ORDER: readonly RepoPermission[] = ['none', 'read', 'triage', 'write', 'maintain', 'admin']

/** Position in none < read < triage < write < maintain < admin. */
export function permissionRank(permission: RepoPermission): number {
  return ORDER.indexOf(permission)
}

export function meetsPermission(actual: RepoPermission, required: RepoPermission): boolean {
  return permissionRank(actual) >= permissionRank(required)
}

function isRepoPermission(value: unknown): value is RepoPermission {
  return typeof value === 'string' && (ORDER as readonly string[]).includes(value)
}

/**
 * `role_name` tells maintain and triage apart (`permission` folds them into write and read); a custom
 * role's name is not one of ours, and then `permission` (its base role) is used. Unknown values are
 * `none`.
 */
export function permissionFromResponse(data: {
  permission?: string | null
  role_name?: string | null
}): RepoPermission {
  const role = data.role_name?.toLowerCase()
  if (isRepoPermission(role) && role !== 'none') return role
  const permission = data.permission?.toLowerCase()
  return isRepoPermission(permission) ? permission : 'none'
}

export async function getCollaboratorPermission(
  octokit: Octokit,
  { repo, login, ...options }: GitHubCallOptions & { repo: RepoRef; login: string },
  rt: Runtime
): Promise<RepoPermission> {
  const get = (signal?: AbortSignal) =>
    octokit.rest.repos.getCollaboratorPermissionLevel({
      ...inRepo(repo),
      username: login,
      request: { signal }
    })
  const what = `the permission of ${login}`
  // 404: no such user, or not a collaborator of a private repository.
  const data = await unlessAbsent(
    readChecked(get, answer => expectObject(answer, what), rt, options)
  )
  return data === undefined ? 'none' : permissionFromResponse(data)
}
