/**
 * Rendering untrusted text (comment bodies, API error messages, links from the service) so that it
 * shows as text on GitHub: no live @-mentions, no #123 cross-references, no raw HTML, no links.
 */
import { cutAtCharacter } from './text-cut.js'

const ZERO_WIDTH_SPACE = '\u200B'

/** Text safe to place in Markdown prose. */
export function inert(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      // Markdown that would make links, images, emphasis or code out of someone else's text.
      .replace(/([\\`*_[\]()!|~])/g, '\\$1')
      // GitHub pings @name and @org/team, cross-references #12 and GH-12: break them with a ZWSP.
      .replace(/@(?=[A-Za-z0-9])/g, `@${ZERO_WIDTH_SPACE}`)
      .replace(/#(?=\d)/g, `#${ZERO_WIDTH_SPACE}`)
      .replace(/\b(GH)-(?=\d)/gi, `$1-${ZERO_WIDTH_SPACE}`)
      // Bare URLs and www. hosts are autolinked.
      .replace(/:\/\//g, `:${ZERO_WIDTH_SPACE}//`)
      .replace(/\bwww\./gi, match => `${match.slice(0, 3)}${ZERO_WIDTH_SPACE}.`)
  )
}

function longestBacktickRun(text: string): number {
  return Math.max(0, ...(text.match(/`+/g) ?? []).map(run => run.length))
}

/** A one-line code span whose fence is longer than any backtick run inside it. */
export function codeSpan(text: string): string {
  const flat = text.replace(/\r?\n/g, ' ')
  const fence = '`'.repeat(longestBacktickRun(flat) + 1)
  const pad = flat.startsWith('`') || flat.endsWith('`') || flat === '' ? ' ' : ''
  return `${fence}${pad}${flat}${pad}${fence}`
}

/** A fenced code block no line can close: a backtick fence longer than any run inside (3 at least). */
export function codeBlock(lines: string[], info: string): string {
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(lines.join('\n')) + 1))
  return [`${fence}${info}`, ...lines, fence].join('\n')
}

/** Cuts text to at most `max` characters, saying so. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text
  const marker = '… (cut)'
  return cutAtCharacter(text, Math.max(0, max - marker.length)) + marker
}

/** A Markdown block quote of untrusted text, cut to `max` characters before escaping. */
export function blockQuote(text: string, max: number): string {
  return truncate(text.trim(), max)
    .split(/\r?\n/)
    .map(line => `> ${inert(line)}`)
    .join('\n')
}

/** Escapes a value for a Markdown table cell. */
export function tableCell(text: string): string {
  return inert(text).replace(/\r?\n/g, ' ')
}
