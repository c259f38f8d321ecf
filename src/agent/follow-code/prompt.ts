/**
 * The prompt of a code change: the instruction (never cut), then the change in a block labelled as
 * written by others, giving way in a fixed order to stay within MAX_PROMPT_LENGTH; the diff gets the
 * room left. Pure and deterministic.
 */
import type { CommitSummary } from '../../github/changes.js'
import { cutAtCharacter } from '../../shared/text-cut.js'
import type { ChangedPull, CodeChange } from './change.js'
import type { ChangeReading } from './read.js'
import { renderDiff } from './diff.js'
import { CLOSE, described, fileLines, inline, OPEN } from './context-lines.js'
import { cut, MAX_PROMPT_LENGTH } from '../prompt-context.js'

export interface ChangePromptOptions {
  repository: string
  includeContext: boolean
  includeDiff: boolean
  ignored: (path: string) => boolean
}

/** How much of each part the block shows; the first set that fits is used. */
interface Shown {
  body: number
  files: number
  commits: number
}
const SHOWN_STEPS: Shown[] = [
  { body: 4_000, files: 100, commits: 50 },
  { body: 1_500, files: 100, commits: 50 },
  { body: 1_500, files: 50, commits: 20 },
  { body: 500, files: 20, commits: 10 },
  { body: 0, files: 0, commits: 0 }
]
const MIN_DIFF_ROOM = 400

export function buildChangePrompt(
  instruction: string,
  reading: ChangeReading,
  options: ChangePromptOptions
): string {
  const head = instruction.trim()
  const reference = `The change: ${changeReference(reading.change, options.repository)}.`
  if (!options.includeContext) return `${head}\n\n${reference}`
  const room = MAX_PROMPT_LENGTH - head.length - 2
  for (const shown of SHOWN_STEPS) {
    const lines = contextLines(reading, options, shown)
    const length = [OPEN, ...lines, CLOSE].join('\n').length
    if (length > room) continue
    if (options.includeDiff) {
      const diff = renderDiff(reading.files, options.ignored, room - length - 1)
      if (diff && room - length > MIN_DIFF_ROOM) lines.push(diff)
    }
    return `${head}\n\n${[OPEN, ...lines, CLOSE].join('\n')}`
  }
  // An instruction that leaves no room: the change is named, never described.
  return `${head}\n\n${reference}`
}

/** `owner/repo#12 (merge commit abc…)`, the pushed range, or the release tag. */
function changeReference(change: CodeChange, repository: string): string {
  if (change.kind === 'pull') {
    const { number, mergeSha, open } = change.pull
    const state = open ? ' (open, not merged yet)' : mergeSha ? ` (merge commit ${mergeSha})` : ''
    return `${repository}#${number}${state}`
  }
  if (change.kind === 'push') {
    const { branch, before, after, created, defaultBranch } = change.push
    const from = created ? defaultBranch : before
    return `the push to ${branch} in ${repository}, ${from}...${after}`
  }
  return `release ${change.release.tag} of ${repository}`
}

function contextLines(
  reading: ChangeReading,
  options: ChangePromptOptions,
  shown: Shown
): string[] {
  const { change } = reading
  const lines = [`Repository: ${options.repository}`]
  if (change.kind === 'push') {
    const { branch, pusher } = change.push
    const count = reading.totalCommits === undefined ? '' : ` of ${reading.totalCommits} commits`
    lines.push(`Push${count} to ${inline(branch)} by @${pusher}`)
    if (reading.range) lines.push(`Compared: ${reading.range.base}...${reading.range.head}`)
  }
  if (change.kind === 'release') {
    const { tag, name, htmlUrl, publisher, prerelease, body } = change.release
    const title = name && name !== tag ? ` "${inline(cut(name, 300))}"` : ''
    lines.push(
      `Release: ${inline(tag)}${title}${htmlUrl ? ` (${htmlUrl})` : ''}, published by @${publisher}${prerelease ? ' (a prerelease)' : ''}`
    )
    lines.push(
      reading.previousTag
        ? `Compared with the previous release: ${inline(reading.previousTag)}`
        : 'No earlier published release to compare with.'
    )
    lines.push(...described('Release notes', body, shown.body))
  }
  const pull = change.kind === 'release' ? undefined : change.pull
  if (pull) {
    const ofPush = change.kind === 'push'
    lines.push(...pullLines(pull, options.repository, ofPush, shown))
  }
  lines.push(...fileLines(reading, { ignored: options.ignored, limit: shown.files }))
  lines.push(...commitLines(reading.commits, reading.totalCommits, shown.commits))
  if (reading.missing.length > 0) {
    lines.push(`Not available from GitHub: ${reading.missing.join('; ')}.`)
  }
  return lines
}

function pullLines(pull: ChangedPull, repository: string, ofPush: boolean, shown: Shown): string[] {
  const lines = [
    `Pull request${ofPush ? ' the pushed commit came from' : ''}: ${repository}#${pull.number} "${inline(cut(pull.title, 300))}"${pull.htmlUrl ? ` (${pull.htmlUrl})` : ''}`,
    `Author: @${pull.author}${pull.mergedBy ? `; merged by @${pull.mergedBy}` : ''}`
  ]
  if (pull.labels.length > 0) lines.push(`Labels: ${inline(pull.labels.join(', '))}`)
  lines.push(`Branches: ${inline(pull.headRef)} into ${inline(pull.baseRef)}`)
  if (pull.mergeSha) lines.push(`Merge commit: ${pull.mergeSha}`)
  if (pull.open) lines.push('State: open, not merged yet (the change may still change in review)')
  lines.push(...described('Description', pull.body, shown.body))
  return lines
}

function commitLines(commits: CommitSummary[], total: number | undefined, limit: number): string[] {
  if (commits.length === 0) return []
  const count = total ?? commits.length
  const listed = commits.slice(0, limit)
  const lines = [`Commits (${count}):`]
  for (const commit of listed) {
    lines.push(`- ${commit.sha.slice(0, 7)} ${inline(cutAtCharacter(commit.subject, 200))}`)
  }
  if (count > listed.length) lines.push(`[and ${count - listed.length} more commits]`)
  return lines
}
