/**
 * The notes a digest leaves on its code pull requests once its job ends with a docs PR, each with a
 * marker naming the digest so none is posted twice. A note that cannot be posted is only a warning.
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
import { pullRequestOf, type JobResult, type TriggeredRun } from './result.js'
import { queuedNote, runName } from './trigger-text.js'

interface DigestNotes {
  repo: RepoRef
  pulls: readonly number[]
  /** The docs PR (and the triggered run that opened it), or a triggered run queued at Mintlify. */
  covered: { pr: PullRequestLink; trigger?: TriggeredRun } | { pr?: never; trigger: TriggeredRun }
  /** The digest's request key: what each note's marker names. */
  request: string
  trackingUrl?: string
}

function renderDigestNote(notes: DigestNotes): string {
  const others = notes.pulls.length - 1
  const digest = notes.trackingUrl ? `[a docs digest](${notes.trackingUrl})` : 'a docs digest'
  const with_ = others > 0 ? ` with ${plural(others, 'other pull request')}` : ''
  const { pr, trigger } = notes.covered
  const who = trigger ? runName(trigger) : 'the Mintlify docs agent'
  const headline = pr
    ? `The docs for this change are in [${pr.owner}/${pr.repo}#${pr.number}](${pr.url}): ${who} covered it in ${digest}${with_}.`
    : queuedNote(trigger, `${digest}${with_}`)
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

/** A digest whose job has ended. */
export interface DigestEnd {
  repo: RepoRef
  fields: DigestFields
  result: JobResult
  request: string
  trackingUrl?: string
}

/**
 * How many notes were posted, or undefined when none were due (`notes=off`, or no docs PR and no
 * triggered run queued at Mintlify: never after a failed or archived job, whose PRs are offered again).
 */
export async function notifyDigest(
  access: { octokit: Octokit; identity: Identity },
  { repo, fields, result, request, trackingUrl }: DigestEnd,
  rt: Runtime
): Promise<number | undefined> {
  const pr = pullRequestOf(result)
  const { trigger } = result
  const queued = result.status === 'triggered' ? trigger : undefined
  const covered = pr ? { pr, trigger } : queued && { trigger: queued }
  if (!covered || fields.notes === 'off') return undefined
  const notes = { repo, pulls: digestPulls(fields), covered, request, trackingUrl }
  return postDigestNotes(access, notes, rt)
}
