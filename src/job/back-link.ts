/**
 * A comment on the agent's pull request: who asked, where, and that `/mintlify ...` there continues
 * the job (its marker names it). Once per job and PR; a token that cannot reach the repo is a notice.
 */
import type { Identity } from '../github/identity.js'
import type { Octokit } from '../github/octokit.js'
import { gitHubErrorStatus } from '../github/retry.js'
import { codeSpan, inert } from '../shared/markdown.js'
import { getErrorMessage } from '../shared/errors.js'
import type { Runtime } from '../shared/runtime.js'
import type { Marker } from './markers.js'
import { postNoteOnce } from './own-note.js'
import type { PullRequestLink } from './pull-request-link.js'
import { writeComment } from './comment-layout.js'

/** The phrase a comment starts with to ask the agent (`trigger-phrase`'s default). */
export const DEFAULT_TRIGGER_PHRASE = '/mintlify'

interface ThreadLink {
  owner: string
  repo: string
  issueNumber: number
  htmlUrl?: string
}

export interface BackLinkFacts {
  pr: PullRequestLink
  jobId: string
  triggerPhrase: string
  requester?: string
  origin?: { label: string; url: string }
}

/** Where a request came from, as the back-link names it: its issue or PR, else the workflow run. */
export function originOf(
  thread: ThreadLink | undefined,
  runUrl: string | undefined,
  serverUrl: string
): BackLinkFacts['origin'] {
  if (thread) {
    // A run that reported to `issue-number` has no link in its event: the issue's own URL is known.
    const url =
      thread.htmlUrl ?? `${serverUrl}/${thread.owner}/${thread.repo}/issues/${thread.issueNumber}`
    return { label: `${thread.owner}/${thread.repo}#${thread.issueNumber}`, url }
  }
  return runUrl ? { label: 'a workflow run', url: runUrl } : undefined
}

export function renderBackLink(facts: BackLinkFacts): string {
  const who = facts.requester ? ` at the request of ${codeSpan(facts.requester)}` : ''
  const where = facts.origin ? ` in [${inert(facts.origin.label)}](${facts.origin.url})` : ''
  const headline = [
    `The Mintlify docs agent opened this pull request (job ${codeSpan(facts.jobId)})${who}${where}.`,
    `To continue the same job, comment here: ${codeSpan(`${facts.triggerPhrase} <instruction>`)}.`
  ].join('\n')
  return writeComment({ headline, body: '', marker: { kind: 'back-link', job: facts.jobId } })
}

export type BackLinkResult = 'posted' | 'exists' | 'no-access' | 'failed'

export async function postBackLink(
  { octokit, identity }: { octokit: Octokit; identity: Identity },
  facts: BackLinkFacts,
  rt: Runtime
): Promise<BackLinkResult> {
  const ref = { owner: facts.pr.owner, repo: facts.pr.repo, issueNumber: facts.pr.number }
  try {
    const note = {
      ref,
      matches: (marker: Marker) => marker.kind === 'back-link' && marker.job === facts.jobId,
      body: renderBackLink(facts)
    }
    return (await postNoteOnce({ octokit, identity }, note, rt)) ? 'posted' : 'exists'
  } catch (error) {
    const status = gitHubErrorStatus(error)
    if (status === 403 || status === 404) {
      rt.log.notice(
        `No back-link comment on ${facts.pr.url}: the github-token cannot write to ${facts.pr.owner}/${facts.pr.repo} (HTTP ${status}).`
      )
      return 'no-access'
    }
    rt.log.warning(
      `Could not post the back-link comment on ${facts.pr.url}: ${getErrorMessage(error)}`
    )
    return 'failed'
  }
}
