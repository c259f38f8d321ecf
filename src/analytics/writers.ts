/**
 * Streaming writers for the export file. Rows are written page by page as they arrive; nothing holds
 * all of them. The file is written under a temporary name and renamed at the end (AtomicFile).
 *
 * JSON: `{"dateFrom": ..., "dateTo": ..., "views": [...], "totals": {...}}`. The date range is known
 * at the start and the totals after the first page, so they go after the rows.
 * CSV: `path,human,ai,total`, quoted by csv-stringify (RFC 4180).
 */
import { stringify } from 'csv-stringify/sync'
import type { PageViewRow, ViewTotals } from '../mintlify/types.js'
import { AtomicFile } from './atomic-file.js'
import type { ExportFormat } from './settings.js'

export interface ExportWriter {
  writeRows(rows: readonly PageViewRow[]): Promise<void>
  /** Completes the file and moves it into place. */
  finish(totals: ViewTotals): Promise<void>
  /** Removes the unfinished file; never throws. */
  discard(): Promise<void>
}

export interface ExportMeta {
  dateFrom?: string
  dateTo?: string
}

export const CSV_COLUMNS = ['path', 'human', 'ai', 'total'] as const

export async function openExportWriter(
  format: ExportFormat,
  path: string,
  meta: ExportMeta
): Promise<ExportWriter> {
  const file = await AtomicFile.create(path)
  try {
    const writer = format === 'csv' ? new CsvWriter(file) : new JsonWriter(file, meta)
    await writer.start()
    return writer
  } catch (error) {
    await file.discard()
    throw error
  }
}

/** One row with its keys in a fixed order and only the documented fields. */
function rowRecord(row: PageViewRow): PageViewRow {
  return { path: row.path, human: row.human, ai: row.ai, total: row.total }
}

class JsonWriter implements ExportWriter {
  private rows = 0

  constructor(
    private readonly file: AtomicFile,
    private readonly meta: ExportMeta
  ) {}

  async start(): Promise<void> {
    const dateFrom = JSON.stringify(this.meta.dateFrom ?? null)
    const dateTo = JSON.stringify(this.meta.dateTo ?? null)
    await this.file.write(`{\n  "dateFrom": ${dateFrom},\n  "dateTo": ${dateTo},\n  "views": [`)
  }

  async writeRows(rows: readonly PageViewRow[]): Promise<void> {
    if (rows.length === 0) return
    let chunk = ''
    for (const row of rows) {
      chunk += `${this.rows === 0 ? '' : ','}\n    ${JSON.stringify(rowRecord(row))}`
      this.rows++
    }
    await this.file.write(chunk)
  }

  async finish(totals: ViewTotals): Promise<void> {
    const close = this.rows === 0 ? ']' : '\n  ]'
    const totalsJson = JSON.stringify({ human: totals.human, ai: totals.ai, total: totals.total })
    await this.file.write(`${close},\n  "totals": ${totalsJson}\n}\n`)
    await this.file.commit()
  }

  discard(): Promise<void> {
    return this.file.discard()
  }
}

class CsvWriter implements ExportWriter {
  constructor(private readonly file: AtomicFile) {}

  async start(): Promise<void> {
    await this.file.write(stringify([], { header: true, columns: [...CSV_COLUMNS] }))
  }

  async writeRows(rows: readonly PageViewRow[]): Promise<void> {
    if (rows.length === 0) return
    await this.file.write(
      stringify(rows.map(rowRecord), {
        header: false,
        columns: [...CSV_COLUMNS],
        // A cell starting with = + - @ (a formula in a spreadsheet) gets a leading apostrophe.
        escape_formulas: true
      })
    )
  }

  async finish(): Promise<void> {
    await this.file.commit()
  }

  discard(): Promise<void> {
    return this.file.discard()
  }
}
