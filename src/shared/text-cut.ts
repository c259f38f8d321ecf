/**
 * Cutting text to a length without splitting a character: the cut falls between graphemes (what a
 * reader sees as one character), so no lone surrogate or half an emoji reaches a comment or a prompt.
 */
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
/** Longer than any grapheme met in practice: only this much past the cut is segmented. */
const LOOKAHEAD = 64

/** The longest start of `text` of at most `max` UTF-16 units that ends between two graphemes. */
export function cutAtCharacter(text: string, max: number): string {
  if (text.length <= max) return text
  let end = 0
  for (const { segment } of graphemes.segment(text.slice(0, max + LOOKAHEAD))) {
    if (end + segment.length > max) break
    end += segment.length
  }
  return text.slice(0, end)
}
