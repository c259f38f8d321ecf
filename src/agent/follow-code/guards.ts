/** The noise guards of docs-follow-code: each returns the reason to skip (a log line), or undefined. */
import picomatch from 'picomatch'
import type { PullFile } from '../../github/pulls.js'
import type { AgentSettings } from '../settings.js'
import { isAllowedBot } from '../request.js'

export function labelIgnored(
  pull: { number: number; labels: readonly string[] },
  settings: Pick<AgentSettings, 'skipLabel'>
): string | undefined {
  const label = settings.skipLabel
  if (label === undefined) return undefined
  const carries = pull.labels.some(name => name.toLowerCase() === label.toLowerCase())
  return carries ? `pull request #${pull.number} carries the skip-label "${label}"` : undefined
}

export function botAuthorIgnored(
  author: { author: string; authorIsBot: boolean; what?: string },
  settings: Pick<AgentSettings, 'allowedBots'>
): string | undefined {
  if (!author.authorIsBot || isAllowedBot(author.author, settings.allowedBots)) return undefined
  const what = author.what ?? 'pull request'
  return `the ${what} is by ${author.author}, a bot that is not listed in allowed-bots`
}

/** Whether a path matches one of the `ignore-paths` globs (dot files included). */
export function ignoreMatcher(globs: readonly string[]): (path: string) => boolean {
  if (globs.length === 0) return () => false
  return picomatch([...globs], { dot: true })
}

/**
 * Skips a change whose every file is ignored. Only a complete list can tell: with files GitHub did
 * not list, or none at all, the change goes on.
 */
export function pathsIgnored(
  { files, complete }: { files: readonly PullFile[]; complete: boolean },
  ignored: (path: string) => boolean
): string | undefined {
  if (!complete || files.length === 0) return undefined
  if (!files.every(file => ignored(file.path))) return undefined
  const count =
    files.length === 1 ? 'the one changed file matches' : `all ${files.length} changed files match`
  return `${count} ignore-paths`
}
