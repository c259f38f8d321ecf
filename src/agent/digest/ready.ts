/**
 * A digest in the agent's flow: before the job, the request ready to send (or nothing to include:
 * status skipped, no call, no comment); after it, the notes on the included code PRs.
 */
import type { IssueComment } from '../../github/comments.js'
import { notifyDigest } from '../../job/digest-notes.js'
import type { DigestFields } from '../../job/digest-marker.js'
import type { JobResult } from '../../job/result.js'
import { plural } from '../../shared/plural.js'
import { Conversation } from '../conversation.js'
import type { AgentFlow } from '../flow.js'
import type { AgentRequest } from '../request.js'
import { prepareDigest } from './prepare.js'
import type { DigestReport } from './report.js'

export interface ReadyDigest {
  report: DigestReport
  fields: DigestFields
  /** The previous digest's job, while its docs PR is open. */
  followJobId?: string
}

/** A digest with no pull request to include. */
export interface NothingToDigest {
  nothing: DigestReport
}

export interface DigestRequest {
  request: AgentRequest
  prompt: string
  threadComments: IssueComment[]
  conversation?: Conversation
  digest: ReadyDigest
}

export async function readyDigest(
  flow: AgentFlow,
  runStartedAt: number
): Promise<DigestRequest | NothingToDigest> {
  const prepared = await prepareDigest(flow, runStartedAt)
  const { report } = prepared
  if (prepared.kind === 'nothing') {
    const skipped = report.skipped.length
    flow.rt.log.info(
      `Nothing to digest: no pull request merged into ${report.branch} since the last digest` +
        (skipped > 0 ? ` that the guards let through (${plural(skipped, 'skipped')}).` : '.')
    )
    return { nothing: report }
  }
  const { request, prompt, threadComments, fields, followJobId } = prepared
  flow.rt.log.info(
    `Digest of ${plural(report.included.length, 'pull request')}` +
      (followJobId ? `, sent to job ${followJobId} (its docs PR is open).` : '.')
  )
  const conversation = Conversation.open(request, flow)
  return { request, prompt, threadComments, conversation, digest: { report, fields, followJobId } }
}

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
