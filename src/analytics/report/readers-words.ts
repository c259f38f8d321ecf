/**
 * Readers' words on their way out (summary, comment, prompt), pure: redacted first (e-mail addresses, URLs
 * with credentials, secret-like tokens), then inert (one line, no mention, tag, link or fence).
 */
import { tableCell } from '../../shared/markdown.js'
import { cutAtCharacter } from '../../shared/text-cut.js'

const ZWSP = '\u200B'

/** `scheme://user[:password]@host…`, up to the next space. */
const URL_WITH_CREDENTIALS = /\b[a-z][a-z0-9+.-]*:\/\/[^\s/?#@]+@\S*/gi
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g
/** 20 or more of letters, digits, `_` and `-`, standing alone; a secret when it holds a digit. */
const LONG_TOKEN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{20,}(?![A-Za-z0-9_-])/g
/** Line breaks of every kind (JSON.stringify keeps U+2028 and U+2029 raw) and control characters. */
const BREAKS = /[\s\p{Cc}\u2028\u2029]+/gu

export function redact(text: string): string {
  return text
    .replace(URL_WITH_CREDENTIALS, '[url]')
    .replace(EMAIL, '[email]')
    .replace(LONG_TOKEN, token => (/\d/.test(token) ? '[secret]' : token))
}

/** One line, no live @-mention, `javascript:` link or code fence; `<` is left to the form's own escape. */
export function inertLine(text: string): string {
  return text
    .replace(BREAKS, ' ')
    .trim()
    .replace(/@(?=[\p{L}\p{N}_])/gu, `@${ZWSP}`)
    .replace(/javascript(\s*):/gi, (match: string) => `${match.slice(0, -1)}${ZWSP}:`)
    .replace(/`{3,}|~{3,}/g, fence => fence.split('').join(ZWSP))
}

export function inertText(text: string, max: number): string {
  const line = inertLine(text)
  return line.length > max ? `${cutAtCharacter(line, max).trimEnd()}…` : line
}

export const readersText = (text: string, max: number): string => inertText(redact(text), max)

export const readersCell = (text: string, max: number): string => tableCell(readersText(text, max))

/** Text already inert as a JSON string, `<` and `>` as JSON escapes: no tag or comment in the prompt. */
export function jsonQuote(line: string): string {
  return JSON.stringify(line).replace(/</g, '\\u003c').replace(/>/g, '\\u003e')
}

export const readersJson = (text: string, max: number): string => jsonQuote(readersText(text, max))
