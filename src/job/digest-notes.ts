/**
 * The notes a digest leaves on its code pull requests once its job ends with a docs PR: one short
 * comment each that links the docs PR and the digest's tracking comment. Posted by the digest run
 * that saw the end, or by the sweep for a detached digest; each carries a marker naming the digest,
 * so no run posts one twice. A note that cannot be posted is a warning, never a failure.
 */
import type { Identity } from '../github/identity.js'
import type { Octokit } from '../github/octokit.js'
import type { RepoRef } from '../github/refs.js'
import { getErrorMessage } from '../shared/errors.js'
import { plural } from '../shared/plural.js'
import type { Runtime } from '../shared/runtime.js'
import { writeComment } from './comment-layout.js'
import { digestPulls, type DigestFields } from './digest-marker.js'
import type { Marker } from './markers.js'
import { postNoteOnce } from './own-note.js'
import type { PullRequestLink } from './pull-request-link.js'
import { pullRequestOf, type JobResult } from './result.js'

interface DigestNotes {
  repo: RepoRef
  /** The included code pull requests. */
  pulls: readonly number[]
  docsPull: PullRequestLink
  /** The digest's request key: what each note's marker names. */
  request: string
  trackingUrl?: string
}

function renderDigestNote(notes: DigestNotes): string {
  const others = notes.pulls.length - 1
  const digest = notes.trackingUrl ? `[a docs digest](${notes.trackingUrl})` : 'a docs digest'
  const with_ = others > 0 ? ` with ${plural(others, 'other pull request')}` : ''
  const { owner, repo, number, url } = notes.docsPull
  const headline = `The docs for this change are in [${owner}/${repo}#${number}](${url}): the Mintlify docs agent covered it in ${digest}${with_}.`
  return writeComment({ headline, body: '', marker: { kind: 'note', request: notes.request } })
}

/** Posts the notes not posted yet; returns how many were posted. */
async function postDigestNotes(
  { octokit, identity }: { octokit: Octokit; identity: Identity },
  notes: DigestNotes,
  rt: Runtime
): Promise<number> {
  let posted = 0
  for (const number of notes.pulls) {
    if (rt.signal.aborted) break
    const ref = { ...notes.repo, issueNumber: number }
    try {
      const note = {
        ref,
        matches: (marker: Marker) => marker.kind === 'note' && marker.request === notes.request,
        body: renderDigestNote(notes)
      }
      if (!(await postNoteOnce({ octokit, identity }, note, rt))) continue
      posted++
    } catch (error) {
      rt.signal.throwIfAborted()
      rt.log.warning(`Could not post the digest's note on #${number}: ${getErrorMessage(error)}`)
    }
  }
  return posted
}

/** A digest whose job has ended, as the run that saw the end or the sweep knows it. */
export interface DigestEnd {
  repo: RepoRef
  fields: DigestFields
  result: JobResult
  /** The digest's request key. */
  request: string
  trackingUrl?: string
}

/**
 * The notes once the job ended with a docs PR, unless the digest turned them off (`digest-notify:
 * false` wrote `notes=off`): how many were posted, or undefined when none were due.
 */
export async function notifyDigest(
  access: { octokit: Octokit; identity: Identity },
  { repo, fields, result, request, trackingUrl }: DigestEnd,
  rt: Runtime
): Promise<number | undefined> {
  const docsPull = pullRequestOf(result)
  if (!docsPull || fields.notes === 'off') return undefined
  const notes = { repo, pulls: digestPulls(fields), docsPull, request, trackingUrl }
  return postDigestNotes(access, notes, rt)
}
