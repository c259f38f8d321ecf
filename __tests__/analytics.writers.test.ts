import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { trafficRows } from '../src/analytics/export/traffic-source.js'
import { openExportWriter } from '../src/analytics/export/writers.js'
import type { PageViewRow } from '../src/mintlify/types.js'
import { parseCsv, rowsOfCsv } from './helpers/csv.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'analytics-writers-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const VIEWS = trafficRows('views')
const TOTALS = { human: 3, ai: 1, total: 4 }
const ROWS: PageViewRow[] = [
  { path: '/a', human: 1, ai: 0, total: 1 },
  { path: '/b,"c"\nd ü 日本', human: 2, ai: 1, total: 3 }
]

describe('JSON writer', () => {
  it('writes valid JSON with totals, views, dateFrom and dateTo, across several pages', async () => {
    const path = join(dir, 'out.json')
    const writer = await openExportWriter(path, {
      format: 'json',
      meta: { dateFrom: '2024-01-01' },
      rowFormat: VIEWS
    })
    await writer.writeRows(ROWS.slice(0, 1))
    await writer.writeRows([])
    await writer.writeRows(ROWS.slice(1))
    await writer.finish({ totals: TOTALS })
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
      dateFrom: '2024-01-01',
      dateTo: null,
      views: ROWS,
      totals: TOTALS
    })
    expect(readdirSync(dir)).toEqual(['out.json'])
  })

  it('writes an empty views array when there are no rows', async () => {
    const path = join(dir, 'out.json')
    const writer = await openExportWriter(path, { format: 'json', meta: {}, rowFormat: VIEWS })
    await writer.finish({ totals: TOTALS })
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
      dateFrom: null,
      dateTo: null,
      views: [],
      totals: TOTALS
    })
  })

  it('shows nothing at the target until finished, and removes the temporary file on discard', async () => {
    const path = join(dir, 'out.json')
    writeFileSync(path, 'previous export')
    const writer = await openExportWriter(path, { format: 'json', meta: {}, rowFormat: VIEWS })
    await writer.writeRows(ROWS)
    expect(readFileSync(path, 'utf8')).toBe('previous export')
    expect(readdirSync(dir)).toHaveLength(2)
    await writer.discard()
    expect(readdirSync(dir)).toEqual(['out.json'])
    expect(readFileSync(path, 'utf8')).toBe('previous export')
  })
})

describe('CSV writer', () => {
  it('writes path,human,ai,total with RFC 4180 quoting that parses back equal', async () => {
    const path = join(dir, 'out.csv')
    const writer = await openExportWriter(path, { format: 'csv', meta: {}, rowFormat: VIEWS })
    await writer.writeRows(ROWS)
    await writer.finish({ totals: TOTALS })
    const text = readFileSync(path, 'utf8')
    expect(text.startsWith('path,human,ai,total\n')).toBe(true)
    expect(rowsOfCsv(text)).toEqual(ROWS)
    expect(parseCsv(text)[0]).toEqual(['path', 'human', 'ai', 'total'])
  })

  it('writes only the header when there are no rows', async () => {
    const path = join(dir, 'out.csv')
    const writer = await openExportWriter(path, { format: 'csv', meta: {}, rowFormat: VIEWS })
    await writer.finish({ totals: TOTALS })
    expect(readFileSync(path, 'utf8')).toBe('path,human,ai,total\n')
  })

  it('defuses spreadsheet formulas in paths', async () => {
    const path = join(dir, 'out.csv')
    const writer = await openExportWriter(path, { format: 'csv', meta: {}, rowFormat: VIEWS })
    await writer.writeRows([{ path: '=HYPERLINK("x")', human: 1, ai: 0, total: 1 }])
    await writer.finish({ totals: TOTALS })
    expect(readFileSync(path, 'utf8')).toContain(`"'=HYPERLINK(""x"")",1,0,1`)
  })
})
