/**
 * Where a merged pull request stands in a branch's history: its merge time and number. GitHub gives
 * merge times to the second, so several pull requests can share one; the number orders them, and a
 * digest's window (after `since`, up to `until`) cuts between them without losing one. Pure.
 */

export interface Position {
  /** Epoch ms of the merge (whole seconds, as GitHub gives them). */
  at: number
  number: number
}

/** `<epoch seconds>.<number>`: short, and written into a marker as it is. */
export function formatPosition({ at, number }: Position): string {
  return `${Math.floor(at / 1000)}.${number}`
}

export function parsePosition(text: string | undefined): Position | undefined {
  const match = /^(\d{1,12})\.(\d{1,10})$/.exec(text ?? '')
  if (!match) return undefined
  return { at: Number(match[1]) * 1000, number: Number(match[2]) }
}

/** Negative when `a` comes first. */
export function comparePositions(a: Position, b: Position): number {
  return a.at - b.at || a.number - b.number
}

/** The position before every pull request merged at `at` or later (a first digest's `since`). */
export function startOf(at: number): Position {
  return { at: Math.floor(at / 1000) * 1000, number: 0 }
}

/** A merged pull request's position, from GitHub's ISO merge time. */
export function positionOf(pull: { mergedAt: string; number: number }): Position {
  return { at: Math.floor(Date.parse(pull.mergedAt) / 1000) * 1000, number: pull.number }
}
