/**
 * A comment on the agent's pull request that says who asked and where, and that `/mintlify ...`
 * there continues the same job (its marker names the job, so follow-ups find it). Posted once per
 * job and PR; when the token cannot reach that repository, a notice says so and the run goes on.
 */
import * as core from '@actions/core'
import { createComment, findComments, type CallDeps } from '../github/comments.js'
import type { Octokit } from '../github/octokit.js'
import { gitHubErrorStatus } from '../github/retry.js'
import { codeSpan, inert } from '../shared/markdown.js'
import { getErrorMessage } from '../shared/errors.js'
import { readFinalMarker, renderMarker } from './markers.js'
import type { PullRequestLink } from './pull-request-link.js'
import { TITLE } from './render.js'
import { isTrustedAuthor } from './thread-state.js'

export interface BackLinkFacts {
  pr: PullRequestLink
  jobId: string
  triggerPhrase: string
  requester?: string
  /** Where the request came from: the issue / PR link, or the workflow run. */
  origin?: { label: string; url: string }
}

export function renderBackLink(facts: BackLinkFacts): string {
  const who = facts.requester ? ` at the request of ${codeSpan(facts.requester)}` : ''
  const where = facts.origin ? ` in [${inert(facts.origin.label)}](${facts.origin.url})` : ''
  return [
    TITLE,
    '',
    `The Mintlify docs agent opened this pull request (job ${codeSpan(facts.jobId)})${who}${where}.`,
    `To continue the same job, comment here: ${codeSpan(`${facts.triggerPhrase} <instruction>`)}.`,
    '',
    renderMarker({ kind: 'back-link', job: facts.jobId })
  ].join('\n')
}

export type BackLinkResult = 'posted' | 'exists' | 'no-access' | 'failed'

export async function postBackLink(
  octokit: Octokit,
  facts: BackLinkFacts,
  deps: CallDeps
): Promise<BackLinkResult> {
  const ref = { owner: facts.pr.owner, repo: facts.pr.repo, issueNumber: facts.pr.number }
  try {
    const existing = await findComments(
      octokit,
      ref,
      comment => {
        const marker = isTrustedAuthor(comment) ? readFinalMarker(comment.body) : undefined
        return marker?.kind === 'back-link' && marker.job === facts.jobId
      },
      deps
    )
    if (existing.length > 0) return 'exists'
    await createComment(octokit, ref, renderBackLink(facts), deps)
    return 'posted'
  } catch (error) {
    const status = gitHubErrorStatus(error)
    if (status === 403 || status === 404) {
      core.notice(
        `No back-link comment on ${facts.pr.url}: the github-token cannot write to ${facts.pr.owner}/${facts.pr.repo} (HTTP ${status}).`
      )
      return 'no-access'
    }
    core.warning(
      `Could not post the back-link comment on ${facts.pr.url}: ${getErrorMessage(error)}`
    )
    return 'failed'
  }
}
