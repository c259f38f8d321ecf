/**
 * A digest's prompt: the instruction (never cut), then one block labelled as written by others with
 * each included pull request. The block gives way level by level to stay within MAX_PROMPT_LENGTH,
 * and always names every included pull request. Pure and deterministic.
 */
import type { PullFile } from '../../github/pulls.js'
import { cut, MAX_PROMPT_LENGTH } from '../prompt-context.js'
import { CLOSE, described, fileLines, inline, OPEN } from '../follow-code/context-lines.js'
import { renderDiff } from '../follow-code/diff.js'
import type { ChangePromptOptions as DigestPromptOptions } from '../follow-code/prompt.js'
import type { Candidate } from './window.js'

export const DEFAULT_DIGEST_INSTRUCTION =
  'Update the documentation for the code changes merged below, in one pull request for all of ' +
  'them: document what they add or change for the people who use it, and correct pages they make ' +
  'wrong. Follow the existing structure and style of the docs. Where no documentation needs to ' +
  'change, change nothing.'

export interface DigestPull extends Candidate {
  files: PullFile[]
  /** The read listed every file (fewer than the one page the guard reads). */
  filesComplete: boolean
}

/** How much of each pull request a level shows; the first level that fits is used. */
interface Level {
  body: number
  files: number
  diff: boolean
  note?: string
}
const FILES_A_PULL = 30
const LEVELS: Level[] = [
  { body: 2_000, files: FILES_A_PULL, diff: true },
  { body: 600, files: FILES_A_PULL, diff: true },
  { body: 300, files: 10, diff: false, note: 'the diffs, and files past 10 a pull request' },
  { body: 0, files: 0, diff: false, note: 'the descriptions, the file lists and the diffs' }
]
/**
 * When the fixed levels before the bare one do not fit: descriptions cut to the share the room
 * holds (at least MIN_BODY characters, at most the last fixed level's), with a few files, then none.
 */
const SIZED_FILES = [5, 0]
const MIN_BODY = 80
const SIZED_BODY_MAX = LEVELS[LEVELS.length - 2].body
/** A pull request's share of the diff room below this is not worth a diff. */
const MIN_DIFF_SHARE = 400
const TITLE_LIMIT = 300

export function buildDigestPrompt(
  instruction: string,
  pulls: readonly DigestPull[],
  options: DigestPromptOptions
): string {
  const head = instruction.trim()
  const room = MAX_PROMPT_LENGTH - head.length - 2
  const block = options.includeContext ? contextBlock(pulls, options, room) : undefined
  return `${head}\n\n${block ?? referencesOnly(pulls, options, room)}`
}

/** The first level that fits; before the bare one, the longest descriptions the room holds. */
function contextBlock(
  pulls: readonly DigestPull[],
  options: DigestPromptOptions,
  room: number
): string | undefined {
  const fits = (level: Level): string | undefined => {
    const block = renderBlock(pulls, options, level, room)
    return block.length <= room ? block : undefined
  }
  const bare = LEVELS[LEVELS.length - 1]
  for (const level of LEVELS.filter(level => level !== bare)) {
    const block = fits(level)
    if (block) return block
  }
  for (const files of SIZED_FILES) {
    const listed = files > 0 ? `files past ${files} a pull request` : 'the file lists'
    const note = (body: number): string =>
      `the diffs, ${listed}, descriptions past ${body} characters`
    const block = longestFitting(body => fits({ body, files, diff: false, note: note(body) }))
    if (block) return block
  }
  return fits(bare)
}

/**
 * The block with the longest description share from MIN_BODY up to the last fixed level's that
 * fits (a longer share never makes the block shorter); undefined when even MIN_BODY does not.
 */
function longestFitting(render: (body: number) => string | undefined): string | undefined {
  let best = render(MIN_BODY)
  let [low, high] = [MIN_BODY, SIZED_BODY_MAX + 1]
  while (best && high - low > 1) {
    const middle = Math.floor((low + high) / 2)
    const block = render(middle)
    if (block) [best, low] = [block, middle]
    else high = middle
  }
  return best
}

/** `acme/docs#12 "Title"`: what names a pull request, whatever else is cut. */
function referenceLine(pull: Candidate, repository: string, titleLimit: number): string {
  const title = titleLimit > 0 ? ` "${inline(cut(pull.title, titleLimit).split('\n')[0])}"` : ''
  return `${repository}#${pull.number}${title}`
}

function renderBlock(
  pulls: readonly DigestPull[],
  options: DigestPromptOptions,
  level: Level,
  room: number
): string {
  const sections = pulls.map(pull => pullLines(pull, options, level))
  const intro = [
    OPEN,
    `Repository: ${options.repository}`,
    `Merged pull requests (${pulls.length}):`
  ]
  if (level.note) intro.push(`[Left out to stay within the prompt's size: ${level.note}.]`)
  const bare = [...intro, ...sections.map(lines => lines.join('\n')), CLOSE].join('\n\n')
  if (!(level.diff && options.includeDiff) || bare.length > room) return bare
  const share = Math.floor((room - bare.length) / Math.max(1, pulls.length)) - 2
  if (share >= MIN_DIFF_SHARE) {
    pulls.forEach((pull, i) => {
      const diff = renderDiff(pull.files, options.ignored, share)
      if (diff) sections[i].push(diff)
    })
  }
  return [...intro, ...sections.map(lines => lines.join('\n')), CLOSE].join('\n\n')
}

function pullLines(pull: DigestPull, options: DigestPromptOptions, level: Level): string[] {
  const lines = [
    `Pull request ${referenceLine(pull, options.repository, TITLE_LIMIT)}`,
    `URL: ${pull.htmlUrl}; author: @${pull.author}; merged ${pull.mergedAt}`
  ]
  if (pull.labels.length > 0) lines.push(`Labels: ${inline(pull.labels.join(', '))}`)
  lines.push(...described('Description', pull.body, level.body))
  if (level.files > 0) {
    const total = pull.filesComplete ? pull.files.length : undefined
    const listing = { files: pull.files, totalFiles: total }
    lines.push(
      ...fileLines(listing, { ignored: options.ignored, limit: level.files, hideIgnored: true })
    )
  }
  return lines
}

/**
 * One line a pull request. With the context, the titles are cut alike so that every line fits, in
 * the labelled block; without it, the pull requests are only named.
 */
function referencesOnly(
  pulls: readonly DigestPull[],
  { repository, includeContext }: DigestPromptOptions,
  room: number
): string {
  const intro = `The merged pull requests (${pulls.length}), oldest first:`
  const named = pulls.map(pull => `- ${referenceLine(pull, repository, 0)}`)
  if (!includeContext) return [intro, ...named].join('\n')
  const spare = room - [OPEN, intro, ...named, CLOSE].join('\n').length
  // Each title costs its text, a space and two quotes.
  const titleLimit = Math.min(TITLE_LIMIT, Math.floor(spare / Math.max(1, pulls.length)) - 3)
  const lines = pulls.map(pull => `- ${referenceLine(pull, repository, Math.max(0, titleLimit))}`)
  return [OPEN, intro, ...lines, CLOSE].join('\n')
}
