/**
 * The points per day beside a CSV export (`page-views-daily.csv`, with `compare: previous` the previous
 * period's point of the same day number beside each); the JSON file holds them itself.
 */
import { stringify } from 'csv-stringify/sync'
import { dirname, join } from 'node:path'
import type { DailyPoint } from '../report/daily-section.js'
import { AtomicFile } from './atomic-file.js'

const COLUMNS = ['date', 'human', 'ai', 'total']

/** Where the points of a dataset file go: beside it, under the dataset's file stem. */
export function dailyCsvPath(datasetFile: string, fileStem: string): string {
  return join(dirname(datasetFile), `${fileStem}-daily.csv`)
}

/** The CSV text: one row a point, the previous period's point of the same day number beside it. */
export function dailyCsv(points: readonly DailyPoint[], previous?: readonly DailyPoint[]): string {
  const cells = (p: DailyPoint | undefined): unknown[] =>
    p ? [p.date, p.human, p.ai, p.total] : ['', '', '', '']
  const header = previous ? [...COLUMNS, ...COLUMNS.map(c => `previous_${c}`)] : COLUMNS
  const rows = points.map((point, i) =>
    previous ? [...cells(point), ...cells(previous[i])] : cells(point)
  )
  return stringify([header, ...rows])
}

export async function writeDailyCsv(path: string, text: string): Promise<void> {
  const file = await AtomicFile.create(path)
  try {
    await file.write(text)
    await file.commit()
  } catch (error) {
    await file.discard()
    throw error
  }
}
