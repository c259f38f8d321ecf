/**
 * A POST that creates something is not idempotent: after a 5xx or a lost connection it may have been
 * carried out, so before posting again we look for what was sent (a comment's body carries a unique
 * hidden marker from the caller) and post a second time only when it is not there.
 */
import { stopSignal } from '../shared/retry.js'
import type { Runtime } from '../shared/runtime.js'
import {
  GITHUB_BASE_DELAY_MS,
  gitHubRetryKind,
  withGitHubRetry,
  type GitHubCallOptions
} from './retry.js'

/** Equal as GitHub stores them: it may turn CRLF into LF and trim the end. */
export function sameBody(stored: string, sent: string): boolean {
  const normalize = (text: string): string => text.replace(/\r\n?/g, '\n').trimEnd()
  return normalize(stored) === normalize(sent)
}

interface Posting<T> {
  post: (signal?: AbortSignal) => Promise<T>
  findPosted: () => Promise<T | undefined>
}

/**
 * Posts without ever posting twice: a rate limit is retried (GitHub refused, nothing happened); a
 * 5xx, reset or timeout is followed by a look for what was sent, then at most one more POST.
 */
export async function postOnce<T>(
  { post, findPosted }: Posting<T>,
  rt: Runtime,
  options: GitHubCallOptions
): Promise<T> {
  const signal = stopSignal(rt, options.stopOn)
  const mayHavePosted = (error: unknown): boolean =>
    !signal?.aborted && gitHubRetryKind(error) === 'transient'
  try {
    return await withGitHubRetry(post, rt, { ...options, repeat: 'if-refused' })
  } catch (error) {
    if (!mayHavePosted(error)) throw error
    // Give GitHub a moment so a comment that was stored shows up in the listing.
    const settleMs = Math.round(GITHUB_BASE_DELAY_MS * (1 + rt.random()))
    rt.log.info(
      `GitHub API call failed; looking for what was sent in ${Math.round(settleMs / 1000)} s.`
    )
    await rt.clock.sleep(settleMs, signal)
    let posted: T | undefined
    try {
      posted = await findPosted()
    } catch {
      // Without the listing we cannot tell whether it was posted: better none than two.
      throw error
    }
    if (posted !== undefined) return posted
  }
  try {
    return await withGitHubRetry(post, rt, { ...options, repeat: 'if-refused' })
  } catch (error) {
    if (!mayHavePosted(error)) throw error
    const posted = await findPosted().catch(() => undefined)
    if (posted !== undefined) return posted
    throw error
  }
}
