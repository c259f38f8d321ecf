/** Fitting a report under a size limit: table rows kept in order until it, the cut ones counted. */
import { tableCell, truncate } from '../../shared/markdown.js'

/** A path longer than this is cut in a table (the file has it whole). */
export const MAX_PATH_CHARS = 200

export function formatCount(value: number): string {
  return value.toLocaleString('en-US')
}

export function percent(part: number, whole: number): string {
  if (whole <= 0) return '–'
  return `${(Math.round((part / whole) * 1000) / 10).toFixed(1)}%`
}

export function pathCell(path: string): string {
  return tableCell(truncate(path, MAX_PATH_CHARS))
}
export type Block = { fixed: string[] } | { head: string[]; rows: string[] }

export function fixed(...lines: string[]): Block {
  return { fixed: lines }
}

export function table(head: string[], rows: string[]): Block {
  return { head, rows }
}

export function layout(blocks: Block[], maxChars: number = Infinity): string {
  const fixedLength =
    blocks.reduce(
      (sum, block) =>
        sum + ('fixed' in block ? block.fixed : block.head).join('\n').length + 1 + 120,
      0
    ) + 200
  let room = maxChars - fixedLength
  const out: string[] = []
  for (const block of blocks) {
    if ('fixed' in block) {
      out.push(...block.fixed)
      continue
    }
    out.push(...block.head)
    let kept = 0
    for (const row of block.rows) {
      if (row.length + 1 > room) break
      out.push(row)
      room -= row.length + 1
      kept++
    }
    if (kept < block.rows.length) {
      out.push(
        '',
        `_${block.rows.length - kept} more rows are not shown here (size limit); the file has them._`
      )
    }
  }
  return out.join('\n')
}
