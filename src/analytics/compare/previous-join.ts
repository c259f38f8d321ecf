/**
 * The join behind `compare: previous`, in flat memory: the previous period's pages and this
 * period's rows (with their position) are each sorted by path (record-sort.ts: on disk once they
 * outgrow a chunk), merged to give every row its previous total, then put back in the service's
 * order by position on their way to the file. Pages only in the previous period come out of the
 * merge as "gone".
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { PageViewRow } from '../../mintlify/types.js'
import type { Comparison, ComparedRow } from './comparison.js'
import {
  blankRecord,
  CHUNK_BYTES,
  comparePaths,
  pathOf,
  readRecord,
  RecordSorter,
  type RecordAt
} from './record-sort.js'

const BATCH = 1000

/** A turn of the event loop between batches of a long join, so that a cancel is heard. */
function breathe(): Promise<void> {
  return new Promise(resolve => setImmediate(resolve))
}

export class PreviousJoin {
  private readonly previous: RecordSorter
  private readonly current: RecordSorter
  private position = 0
  /** One record per sort, refilled for each row (the sort copies it): no object per row. */
  private readonly previousRecord = blankRecord()
  private readonly currentRecord = blankRecord()

  private constructor(
    readonly scratch: string,
    private readonly chunkBytes: number
  ) {
    this.previous = new RecordSorter({ scratch, name: 'previous', key: 'path', chunkBytes })
    this.current = new RecordSorter({ scratch, name: 'current', key: 'path', chunkBytes })
  }

  /**
   * A scratch folder beside the output file (the same disk, and a folder known to be writable).
   * `chunkBytes`: what a sort holds in memory (tests make it small to exercise the disk).
   */
  static async open(outputPath: string, chunkBytes = CHUNK_BYTES): Promise<PreviousJoin> {
    const prefix = join(dirname(outputPath), `.${basename(outputPath)}.compare-`)
    return new PreviousJoin(await mkdtemp(prefix), chunkBytes)
  }

  /** Run files written so far by the two sorts by path (0: everything stayed in memory). */
  get runsOnDisk(): number {
    return this.previous.runCount + this.current.runCount
  }

  addPrevious(rows: readonly PageViewRow[]): void {
    const record = this.previousRecord
    for (const row of rows) {
      record.previousTotal = row.total
      record.path = row.path
      this.previous.add(record)
    }
  }

  addCurrent(rows: readonly PageViewRow[]): void {
    const record = this.currentRecord
    for (const row of rows) {
      record.position = this.position++
      record.human = row.human
      record.ai = row.ai
      record.total = row.total
      record.path = row.path
      this.current.add(record)
    }
  }

  /** Joins, tallies into `comparison`, and hands the compared rows on in the service's order. */
  async drain(
    comparison: Comparison,
    write: (rows: readonly ComparedRow[]) => Promise<void>
  ): Promise<void> {
    const ordered = new RecordSorter({
      scratch: this.scratch,
      name: 'joined',
      key: 'position',
      chunkBytes: this.chunkBytes
    })
    let joinedCount = 0
    const before = this.previous.sorted()
    let page = before.next()
    /** The previous total of the path at `page`, summed over its records (a path listed twice). */
    const takePath = (): number => {
      const at = page.value as RecordAt
      const path = pathOf(at)
      let sum = 0
      while (!page.done && pathOf(page.value) === path) {
        sum += page.value.buf.readDoubleLE(page.value.at + 36)
        page = before.next()
      }
      return sum
    }
    for (const row of this.current.sorted()) {
      // Pages before this one in path order that this period does not have: gone.
      while (!page.done && comparePaths(page.value, row) < 0) {
        const path = pathOf(page.value)
        comparison.gone(path, takePath())
      }
      const same = !page.done && comparePaths(page.value, row) === 0
      const previousTotal = same ? takePath() : 0
      const record = readRecord(row)
      const { human, ai, total, path } = record
      comparison.compare({ path, human, ai, total }, previousTotal)
      // The record read is this row's own object: it takes the previous total on to the next sort.
      record.previousTotal = previousTotal
      ordered.add(record)
      if (++joinedCount % BATCH === 0) await breathe()
    }
    while (!page.done) comparison.gone(pathOf(page.value), takePath())

    let batch: ComparedRow[] = []
    for (const at of ordered.sorted()) {
      const { path, human, ai, total, previousTotal } = readRecord(at)
      batch.push({ path, human, ai, total, previousTotal, change: total - previousTotal })
      if (batch.length >= BATCH) {
        await write(batch)
        batch = []
        await breathe()
      }
    }
    if (batch.length > 0) await write(batch)
  }

  /** Removes the scratch folder; never throws. */
  async dispose(): Promise<void> {
    await rm(this.scratch, { recursive: true, force: true }).catch(() => undefined)
  }
}
