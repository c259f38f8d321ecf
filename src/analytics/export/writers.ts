/**
 * Streaming writers for the export file: rows written page by page, under a temporary name renamed at the
 * end (AtomicFile). JSON puts the totals after the rows, as they are known only after the first page.
 */
import { stringify } from 'csv-stringify/sync'
import { AtomicFile } from './atomic-file.js'
import type { DateRange } from '../dates.js'

export const EXPORT_FORMATS = ['json', 'csv'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export interface RowFormat<Row> {
  key: string
  columns: readonly string[]
  json(row: Row): Record<string, unknown>
  csv(row: Row): unknown[]
}

export type Field<Row> = (keyof Row & string) | [name: string, value: (row: Row) => unknown]

/**
 * The format of a row's `fields`, in order. In CSV each name is in snake_case, null an empty cell, a
 * boolean a word, and `csv` gives a cell the JSON value does not fit (a list as its length).
 */
export function rowFormat<Row>(
  key: string,
  fields: readonly Field<Row>[],
  csv: Partial<Record<string, (row: Row) => unknown>> = {}
): RowFormat<Row> {
  const entries = fields.map((field): [string, (row: Row) => unknown] =>
    typeof field === 'string' ? [field, row => row[field]] : field
  )
  const columns = entries.map(([name]) => name.replace(/[A-Z]/g, c => `_${c.toLowerCase()}`))
  return {
    key,
    columns,
    json: row => Object.fromEntries(entries.map(([name, value]) => [name, value(row)])),
    csv: row => entries.map(([name, value]) => csvCell((csv[name] ?? value)(row)))
  }
}

function csvCell(value: unknown): unknown {
  if (value === null || value === undefined) return ''
  return typeof value === 'boolean' ? String(value) : value
}

export interface ExportWriter<Row> {
  writeRows(rows: readonly Row[]): Promise<void>
  finish(tail: Record<string, unknown>): Promise<void>
  discard(): Promise<void>
}

export interface WriterOptions<Row> {
  format: ExportFormat
  meta: DateRange
  rowFormat: RowFormat<Row>
}

export async function openExportWriter<Row>(
  path: string,
  { format, meta, rowFormat }: WriterOptions<Row>
): Promise<ExportWriter<Row>> {
  const file = await AtomicFile.create(path)
  try {
    const writer =
      format === 'csv' ? new CsvWriter(file, rowFormat) : new JsonWriter(file, meta, rowFormat)
    await writer.start()
    return writer
  } catch (error) {
    await file.discard()
    throw error
  }
}

class JsonWriter<Row> implements ExportWriter<Row> {
  private rows = 0

  constructor(
    private readonly file: AtomicFile,
    private readonly meta: DateRange,
    private readonly rowFormat: RowFormat<Row>
  ) {}

  async start(): Promise<void> {
    const dateFrom = JSON.stringify(this.meta.dateFrom ?? null)
    const dateTo = JSON.stringify(this.meta.dateTo ?? null)
    const key = JSON.stringify(this.rowFormat.key)
    await this.file.write(`{\n  "dateFrom": ${dateFrom},\n  "dateTo": ${dateTo},\n  ${key}: [`)
  }

  async writeRows(rows: readonly Row[]): Promise<void> {
    if (rows.length === 0) return
    let chunk = ''
    for (const row of rows) {
      chunk += `${this.rows === 0 ? '' : ','}\n    ${JSON.stringify(this.rowFormat.json(row))}`
      this.rows++
    }
    await this.file.write(chunk)
  }

  async finish(tail: Record<string, unknown>): Promise<void> {
    let text = this.rows === 0 ? ']' : '\n  ]'
    for (const [name, value] of Object.entries(tail)) {
      text += `,\n  ${JSON.stringify(name)}: ${JSON.stringify(value)}`
    }
    await this.file.write(`${text}\n}\n`)
    await this.file.commit()
  }

  discard(): Promise<void> {
    return this.file.discard()
  }
}

class CsvWriter<Row> implements ExportWriter<Row> {
  constructor(
    private readonly file: AtomicFile,
    private readonly rowFormat: RowFormat<Row>
  ) {}

  async start(): Promise<void> {
    await this.file.write(stringify([this.rowFormat.columns]))
  }

  async writeRows(rows: readonly Row[]): Promise<void> {
    if (rows.length === 0) return
    // A cell starting with = + - @ (a formula in a spreadsheet) gets a leading apostrophe.
    const cells = rows.map(row => this.rowFormat.csv(row))
    await this.file.write(stringify(cells, { escape_formulas: true }))
  }

  async finish(): Promise<void> {
    await this.file.commit()
  }

  discard(): Promise<void> {
    return this.file.discard()
  }
}
