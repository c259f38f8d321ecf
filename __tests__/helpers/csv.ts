/**
 * A small RFC 4180 reader for the tests (csv-parse is not a dependency): quoted fields may hold
 * commas, doubled quotes and line breaks. Written apart from csv-stringify, so a round trip checks
 * the writer against the standard rather than against itself.
 */
import type { PageViewRow } from '../../src/mintlify/types.js'

export function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (char === '"') {
        quoted = false
      } else {
        field += char
      }
    } else if (char === '"') {
      quoted = true
    } else if (char === ',') {
      record.push(field)
      field = ''
    } else if (char === '\n' || (char === '\r' && text[i + 1] === '\n')) {
      if (char === '\r') i++
      record.push(field)
      records.push(record)
      record = []
      field = ''
    } else {
      field += char
    }
  }
  if (quoted) throw new Error('unterminated quoted field')
  if (field !== '' || record.length > 0) {
    record.push(field)
    records.push(record)
  }
  return records
}

/** The rows of an export CSV (header `path,human,ai,total`). */
export function rowsOfCsv(text: string): PageViewRow[] {
  const [header, ...records] = parseCsv(text)
  if (header.join(',') !== 'path,human,ai,total') throw new Error(`unexpected header ${header}`)
  return records.map(([path, human, ai, total]) => ({
    path,
    human: Number(human),
    ai: Number(ai),
    total: Number(total)
  }))
}
