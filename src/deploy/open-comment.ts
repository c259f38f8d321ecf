/**
 * Where the report is commented, if anywhere: with `comment: true`, a token, and a thread (the pull
 * request of the event, else `issue-number`). Learns who the token posts as before any marker is
 * trusted.
 */
import { createOctokit } from '../github/octokit.js'
import { learnIdentity } from '../github/identity.js'
import type { RunnerContext } from '../shared/runner-context.js'
import type { Runtime } from '../shared/runtime.js'
import { DeployComment } from './comment.js'
import type { DeploySettings } from './settings.js'

interface CommentTarget {
  settings: DeploySettings
  context: RunnerContext
  thread?: number
  branch?: string
}

export async function openDeployComment(
  { settings, context, thread, branch }: CommentTarget,
  texts: { rt: Runtime; redact: (text: string) => string; runLink: string }
): Promise<DeployComment | undefined> {
  const { rt } = texts
  if (!settings.comment || thread === undefined) return undefined
  if (!settings.githubToken || !context.owner || !context.repo) {
    rt.log.info('No GitHub token or repository: the report goes to the step summary only.')
    return undefined
  }
  const octokit = createOctokit(settings.githubToken, context.apiUrl)
  const identity = await learnIdentity(octokit, settings.githubToken, rt)
  return DeployComment.open(
    {
      octokit,
      identity,
      thread: { owner: context.owner, repo: context.repo, issueNumber: thread },
      projectId: settings.service.projectId,
      branch
    },
    { runLink: texts.runLink, redact: texts.redact },
    rt
  )
}
