/**
 * Labels on an issue or pull request: taking one off. Removing a label is idempotent (a second try
 * finds it gone), so every transient error is retried; 404 means the label is not on the thread.
 */
import type { Runtime } from '../shared/runtime.js'
import type { IssueCall } from './comments.js'
import type { Octokit } from './octokit.js'
import { onIssue, sendRepeatable, unlessAbsent } from './request.js'

/** `removed`: it was on the thread and is off now; `absent`: it was not on it (already removed). */
export type LabelRemoval = 'removed' | 'absent'

/** DELETE /repos/{o}/{r}/issues/{n}/labels/{name} (octokit URL-encodes the name). */
export async function removeLabel(
  octokit: Octokit,
  { ref, name, ...options }: IssueCall & { name: string },
  rt: Runtime
): Promise<LabelRemoval> {
  const remove = (signal?: AbortSignal) =>
    octokit.rest.issues.removeLabel({ ...onIssue(ref), name, request: { signal } })
  const answer = await unlessAbsent(sendRepeatable(remove, rt, options))
  return answer === undefined ? 'absent' : 'removed'
}
