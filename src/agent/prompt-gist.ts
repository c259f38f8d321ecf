/**
 * A prompt shortened for a summary's table cell: what the agent is asked about first (the listed
 * terms, questions and pages, the pull requests it names), then the rest, cut at the limit. Generated
 * prompts open with the same framing sentences each time; the substance is what tells runs apart.
 */
import { truncate } from '../shared/markdown.js'

/** A list item, a quoted string or a pull request reference (`#12`, `owner/repo#12`, `/pull/12`). */
const SUBSTANCE = /^(?:[-*]|\d+\.)\s|"[^"]+"|#\d+|\/pull\/\d+/

export function promptGist(prompt: string, maxChars: number): string {
  const lines = prompt
    .split(/\r?\n/)
    .map(line => line.trim())
    .filter(line => line !== '')
  const substance = lines.filter(line => SUBSTANCE.test(line))
  const rest = lines.filter(line => !SUBSTANCE.test(line))
  return truncate([...substance, ...rest].join(' · '), maxChars)
}
