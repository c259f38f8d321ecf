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
  const discard = (): Promise<void> => file.discard()
  try {
    if (format === 'csv') {
      await file.write(stringify([rowFormat.columns]))
      return {
        writeRows: async rows => {
          if (rows.length === 0) return
          // A cell starting with = + - @ (a formula in a spreadsheet) gets a leading apostrophe.
          const cells = rows.map(row => rowFormat.csv(row))
          await file.write(stringify(cells, { escape_formulas: true }))
        },
        finish: () => file.commit(),
        discard
      }
    }
    const dateFrom = JSON.stringify(meta.dateFrom ?? null)
    const dateTo = JSON.stringify(meta.dateTo ?? null)
    const key = JSON.stringify(rowFormat.key)
    await file.write(`{\n  "dateFrom": ${dateFrom},\n  "dateTo": ${dateTo},\n  ${key}: [`)
    let written = 0
    return {
      writeRows: async rows => {
        if (rows.length === 0) return
        let chunk = ''
        for (const row of rows) {
          chunk += `${written === 0 ? '' : ','}\n    ${JSON.stringify(rowFormat.json(row))}`
          written++
        }
        await file.write(chunk)
      },
      finish: async tail => {
        let text = written === 0 ? ']' : '\n  ]'
        for (const [name, value] of Object.entries(tail)) {
          text += `,\n  ${JSON.stringify(name)}: ${JSON.stringify(value)}`
        }
        await file.write(`${text}\n}\n`)
        await file.commit()
      },
      discard
    }
  } catch (error) {
    await file.discard()
    throw error
  }
}
