/**
 * Every comment the action writes has one layout: the title, a headline paragraph, an optional body,
 * and the marker on the last line. It is written and read back through this one structure, so a run
 * (or the sweep) that edits a comment replaces a part by name, never a line by its position.
 */
import { readFinalMarker, renderMarker, type Marker } from './markers.js'

const TITLE = '**Mintlify docs agent**'

export interface CommentLayout {
  /** One paragraph (it may hold line breaks, never a blank line). */
  headline: string
  /** What follows the headline (the request's quote, the run link); '' when nothing does. */
  body: string
  marker: Marker
}

export function writeComment({ headline, body, marker }: CommentLayout, title = TITLE): string {
  return [title, '', headline, '', ...(body ? [body] : []), renderMarker(marker)].join('\n')
}

/** The parts of a comment in this layout; undefined for any other text. */
export function readComment(text: string, title = TITLE): CommentLayout | undefined {
  const marker = readFinalMarker(text)
  const head = `${title}\n\n`
  if (marker === undefined || !text.startsWith(head)) return undefined
  const inner = text.trimEnd().slice(head.length, text.trimEnd().lastIndexOf('\n'))
  const split = inner.indexOf('\n\n')
  if (split < 0) return { headline: inner.trimEnd(), body: '', marker }
  return { headline: inner.slice(0, split), body: inner.slice(split + 2).trimEnd(), marker }
}
