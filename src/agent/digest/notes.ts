/** After a digest's job, in the agent's flow: the notes on the included code PRs. */
import { notifyDigest } from '../../job/digest-notes.js'
import type { JobResult } from '../../job/result.js'
import { plural } from '../../shared/plural.js'
import type { AgentFlow } from '../flow.js'
import type { AgentRequest } from '../request.js'
import type { ReadyDigest } from './prepare.js'

/** The digest's notes from the run that saw its job end (`digest-notify`); the sweep posts the rest. */
export async function notifyFromRun(
  result: JobResult,
  facts: { flow: AgentFlow; request: AgentRequest; digest: ReadyDigest; trackingUrl?: string }
): Promise<void> {
  const { flow, request, digest, trackingUrl } = facts
  const { github, context, rt } = flow
  // Never absent here (a digest is not prepared without it); the type does not know.
  if (!github) return
  const repo = { owner: context.owner, repo: context.repo }
  const end = { repo, fields: digest.fields, result, request: request.requestKey, trackingUrl }
  const access = { octokit: github.octokit, identity: await github.identity.get() }
  const posted = await notifyDigest(access, end, rt)
  if (posted === undefined) return
  rt.log.info(`Posted ${plural(posted, 'note')} on the digest's code pull requests.`)
}
