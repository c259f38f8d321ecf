/**
 * The `prompt` of a step of several datasets: each dataset's prompt as one part of one instruction. Over
 * PROMPT_MAX_CHARS each part keeps a share in proportion to its length, never cut inside an item.
 */
import { PROMPT_MAX_CHARS } from '../report/prompt.js'

export type PromptPart = { what: string; prompt: string }

const INTRO =
  'Mintlify analytics found the documentation gaps below, in several parts. Work through every part.'
const CLOSE =
  'Open one pull request with all the changes, and say in it which terms, pages and questions it addresses.'

/** A dataset prompt as its lines: the head, the items (`- …`), and its own closing line dropped. */
function split(prompt: string): { head: string[]; items: string[] } {
  const lines = prompt.split('\n')
  const first = lines.findIndex(line => line.startsWith('- '))
  const items = lines.slice(first).filter(line => line.startsWith('- '))
  return { head: lines.slice(0, first), items }
}

function partText(what: string, head: readonly string[], items: readonly string[]): string {
  return [`## Gaps: ${what}`, '', ...head, ...items].join('\n')
}

function fitted(part: PromptPart, room: number): string {
  const { head, items } = split(part.prompt)
  for (let kept = items.length; kept > 0; kept--) {
    const text = partText(part.what, head, items.slice(0, kept))
    if (text.length <= room) return text
  }
  return ''
}

export function combinePrompts(parts: readonly PromptPart[], max = PROMPT_MAX_CHARS): string {
  const withGaps = parts.filter(part => part.prompt.trim() !== '')
  if (withGaps.length === 0) return ''
  const whole = withGaps.map(part => {
    const { head, items } = split(part.prompt)
    return partText(part.what, head, items)
  })
  const frame = INTRO.length + CLOSE.length + (withGaps.length + 1) * 2
  const room = max - frame
  const total = whole.reduce((sum, text) => sum + text.length, 0)
  const texts =
    total <= room
      ? whole
      : withGaps.map((part, i) => fitted(part, Math.floor((room * whole[i].length) / total)))
  const kept = texts.filter(text => text !== '')
  if (kept.length === 0) return ''
  return [INTRO, ...kept, CLOSE].join('\n\n')
}
