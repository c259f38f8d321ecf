/**
 * The request key of a digest: its window and the earlier digest comment it follows. Two runs over
 * the same window after the same comment (a schedule and a dispatch started together, or a re-run)
 * are one request; a digest that offers a failed digest's pull requests again follows that failed
 * digest's comment, so it is a new request even when its window is the same. Pure.
 */
import { formatPosition, type Position } from './position.js'

export interface DigestWindow {
  /** Exclusive. */
  since: Position
  /** The last included pull request. */
  until: Position
}

const DIGEST_KEY_PREFIX = 'digest-'

export function digestKey(window: DigestWindow, afterCommentId: number | undefined): string {
  const after = afterCommentId === undefined ? 'first' : `after-${afterCommentId}`
  return `${DIGEST_KEY_PREFIX}${formatPosition(window.since)}-${formatPosition(window.until)}-${after}`
}

export function isDigestKey(key: string | undefined): boolean {
  return key?.startsWith(DIGEST_KEY_PREFIX) ?? false
}
