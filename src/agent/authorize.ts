/**
 * Who may start a job. The permission comes from the collaborator-permission endpoint, never from
 * author_association; any failure to learn it refuses (fail closed). "Not allowed" is a value, so
 * the flow can answer it politely; exceptions stay for real faults.
 */
import {
  getCollaboratorPermission,
  meetsPermission,
  type RepoPermission
} from '../github/permissions.js'
import { getErrorMessage } from '../shared/errors.js'
import type { AgentFlow } from './flow.js'
import { isAllowedBot, type AgentRequest } from './request.js'

export type Authorization =
  | { allowed: true; permission?: RepoPermission; reason: string }
  | { allowed: false; permission: RepoPermission | 'unknown'; reason: string }

export async function authorize(
  request: AgentRequest,
  { settings, github, rt }: Pick<AgentFlow, 'settings' | 'github' | 'rt'>
): Promise<Authorization> {
  const octokit = github?.octokit
  // A workflow author's own prompt (schedule, dispatch, pipeline) needs no commenter check.
  if (request.origin === 'manual') return { allowed: true, reason: 'the workflow gives the prompt' }
  // Only people with write access can merge, push or publish: GitHub checked them already. A
  // labeler needs only triage access, so a labelled pull request's labeler is checked below.
  if (request.origin === 'code-change') return { allowed: true, reason: 'a code change' }
  if (request.origin === 'digest') return { allowed: true, reason: 'the workflow runs a digest' }
  const refuse = (reason: string): Authorization => ({
    allowed: false,
    permission: 'unknown',
    reason
  })
  const requester = request.requester
  if (!requester) return refuse('the event names no user')
  if (requester.isBot && isAllowedBot(requester.login, settings.allowedBots)) {
    return { allowed: true, reason: `${requester.login} is listed in allowed-bots` }
  }
  if (!octokit || !request.thread) return refuse('no github-token to check the permission with')
  let permission: RepoPermission
  try {
    permission = await getCollaboratorPermission(
      octokit,
      { repo: { owner: request.thread.owner, repo: request.thread.repo }, login: requester.login },
      rt
    )
  } catch (error) {
    // A cancel is a cancel, never "not allowed".
    rt.signal.throwIfAborted()
    const why = getErrorMessage(error)
    return refuse(`the permission of ${requester.login} could not be checked (${why})`)
  }
  if (meetsPermission(permission, settings.requiredPermission)) {
    return { allowed: true, permission, reason: `${requester.login} has ${permission} permission` }
  }
  return {
    allowed: false,
    permission,
    reason: `${requester.login} has ${permission} permission; ${settings.requiredPermission} is required`
  }
}
