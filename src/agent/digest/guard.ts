/**
 * The guards of docs follow code for each pull request a digest may include. `ignore-paths` reads one
 * page of files, shared with the prompt (a pull request listing 100 files or more is never skipped).
 */
import type { IssueComment } from '../../github/comments.js'
import type { Identity } from '../../github/identity.js'
import type { Octokit } from '../../github/octokit.js'
import type { RepoRef } from '../../github/refs.js'
import { listPullFiles, type PullFile } from '../../github/pulls.js'
import { getErrorMessage } from '../../shared/errors.js'
import { botAuthorIgnored, labelIgnored, pathsIgnored } from '../follow-code/guards.js'
import { reportsPull } from '../follow-code/loop-guard.js'
import type { Runtime } from '../../shared/runtime.js'
import type { AgentSettings } from '../settings.js'
import type { DigestPull } from './prompt.js'
import type { Guard } from './select.js'
import type { Candidate } from './window.js'

/** One page of files: enough for the guard and the prompt (30 listed a pull request). */
const FILES_READ = 100

export interface DigestGuarding {
  octokit: Octokit
  repo: RepoRef
  identity: Identity
  settings: Pick<AgentSettings, 'allowedBots' | 'skipLabel' | 'issueNumber'>
  /** The tracking issue's comments, where our comments report the agent's own PRs. */
  thread: readonly IssueComment[]
  ignored: (path: string) => boolean
}

export function digestGuard(
  { octokit, repo, identity, settings, thread, ignored }: DigestGuarding,
  rt: Runtime
): Guard<DigestPull> {
  return async (pull: Candidate) => {
    const url = pull.htmlUrl
    const quick =
      botAuthorIgnored(pull, settings) ??
      labelIgnored(pull, settings) ??
      (thread.some(comment => reportsPull(comment, { identity, url }))
        ? `pull request #${pull.number} was opened by the docs agent (a tracking comment on #${settings.issueNumber} reports it)`
        : undefined)
    if (quick) return { kind: 'skip', reason: quick }
    let files: PullFile[] = []
    try {
      const call = { repo, pullNumber: pull.number, max: FILES_READ }
      files = await listPullFiles(octokit, call, rt)
    } catch (error) {
      rt.signal.throwIfAborted()
      rt.log.warning(`Could not read the files of #${pull.number}: ${getErrorMessage(error)}`)
    }
    const complete = files.length < FILES_READ
    const onlyIgnored = pathsIgnored({ files, complete }, ignored)
    if (onlyIgnored) return { kind: 'skip', reason: `pull request #${pull.number}: ${onlyIgnored}` }
    return { kind: 'include', pull: { ...pull, files, filesComplete: complete } }
  }
}
