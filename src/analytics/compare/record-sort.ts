/**
 * Sorting more page records than memory should hold, without making a JavaScript object per record:
 * records are packed into one reused buffer (off the JavaScript heap); a full buffer is sorted by
 * path or by position and written to a run file; `sorted()` merges the runs back, reading each
 * through one small buffer. So memory is the chunk plus a small buffer per run, whatever the number
 * of records, and the garbage collector has nothing to promote (objects that live across many
 * collections would fill the old heap with garbage and grow the process just the same).
 *
 * A record: u32 length, f64 position, f64 human, f64 ai, f64 total, f64 previous total, path (UTF-8).
 */
import { closeSync, openSync, readSync, writeSync } from 'node:fs'
import { join } from 'node:path'

export interface PageRecord {
  position: number
  human: number
  ai: number
  total: number
  previousTotal: number
  path: string
}

/** A record of zeros and no path: one to refill for each row. */
export function blankRecord(): PageRecord {
  return { position: 0, human: 0, ai: 0, total: 0, previousTotal: 0, path: '' }
}

/** Where a record is: valid until the iterator that gave it moves on. */
export interface RecordAt {
  buf: Buffer
  at: number
}

export type SortKey = 'path' | 'position'

export interface SorterOptions {
  /** A folder of the caller's that it removes afterwards. */
  scratch: string
  /** The start of its run files' names. */
  name: string
  key: SortKey
  /** Bytes of records held before a run is written. */
  chunkBytes?: number
}

const HEADER = 44
/** Bytes of records held before a run is written. */
export const CHUNK_BYTES = 4 * 1024 * 1024
const IO_BYTES = 64 * 1024

export function pathOf(r: RecordAt): string {
  return r.buf.toString('utf8', r.at + HEADER, r.at + r.buf.readUInt32LE(r.at))
}

export function readRecord(r: RecordAt): PageRecord {
  const { buf, at } = r
  return {
    position: buf.readDoubleLE(at + 4),
    human: buf.readDoubleLE(at + 12),
    ai: buf.readDoubleLE(at + 20),
    total: buf.readDoubleLE(at + 28),
    previousTotal: buf.readDoubleLE(at + 36),
    path: pathOf(r)
  }
}

/** Byte order of the UTF-8 paths: the same order in memory and across runs. */
export function comparePaths(a: RecordAt, b: RecordAt): number {
  const aEnd = a.at + a.buf.readUInt32LE(a.at)
  const bEnd = b.at + b.buf.readUInt32LE(b.at)
  return a.buf.compare(b.buf, b.at + HEADER, bEnd, a.at + HEADER, aEnd)
}

function comparePositions(a: RecordAt, b: RecordAt): number {
  return a.buf.readDoubleLE(a.at + 4) - b.buf.readDoubleLE(b.at + 4)
}

export class RecordSorter {
  private chunk: Buffer
  private used = 0
  /** Where each record of the chunk starts; reused, like the chunk. */
  private offsets: Uint32Array
  private count = 0
  private readonly runs: string[] = []
  private readonly compare: (a: RecordAt, b: RecordAt) => number
  private readonly scratch: string
  private readonly name: string

  constructor({ scratch, name, key, chunkBytes = CHUNK_BYTES }: SorterOptions) {
    this.scratch = scratch
    this.name = name
    this.chunk = Buffer.alloc(chunkBytes)
    this.offsets = new Uint32Array(Math.ceil(chunkBytes / HEADER) + 1)
    this.compare = key === 'path' ? comparePaths : comparePositions
  }

  /** How many run files went to disk (0: the sort stayed in memory). */
  get runCount(): number {
    return this.runs.length
  }

  /**
   * Copies `record` into the chunk, so the caller may refill one record for each row rather than
   * make an object per row (this runs once per row, up to a million times).
   */
  add(record: PageRecord): void {
    const { position, human, ai, total, previousTotal, path } = record
    const length = HEADER + Buffer.byteLength(path, 'utf8')
    if (this.used + length > this.chunk.length) {
      this.spill()
      // A path longer than a whole chunk gets a chunk of its own size.
      if (length > this.chunk.length) this.chunk = Buffer.alloc(length)
    }
    if (this.count === this.offsets.length) {
      const more = new Uint32Array(this.offsets.length * 2)
      more.set(this.offsets)
      this.offsets = more
    }
    const at = this.used
    const buf = this.chunk
    buf.writeUInt32LE(length, at)
    buf.writeDoubleLE(position, at + 4)
    buf.writeDoubleLE(human, at + 12)
    buf.writeDoubleLE(ai, at + 20)
    buf.writeDoubleLE(total, at + 28)
    buf.writeDoubleLE(previousTotal, at + 36)
    buf.write(path, at + HEADER, 'utf8')
    this.offsets[this.count++] = at
    this.used += length
  }

  /** The records in order; call once, after the last add. */
  *sorted(): Generator<RecordAt> {
    if (this.runs.length === 0) {
      const here = { buf: this.chunk, at: 0 }
      for (const at of this.sortChunk()) {
        here.at = at
        yield here
      }
      return
    }
    this.spill()
    this.chunk = Buffer.alloc(0)
    const readers = this.runs.map(file => new RunReader(file))
    try {
      const live = readers.filter(reader => reader.next())
      while (live.length > 0) {
        let best = 0
        for (let i = 1; i < live.length; i++) {
          if (this.compare(live[i], live[best]) < 0) best = i
        }
        yield live[best]
        if (!live[best].next()) live.splice(best, 1)
      }
    } finally {
      for (const reader of readers) reader.close()
    }
  }

  private sortChunk(): Uint32Array {
    const a = { buf: this.chunk, at: 0 }
    const b = { buf: this.chunk, at: 0 }
    return this.offsets.subarray(0, this.count).sort((x, y) => {
      a.at = x
      b.at = y
      return this.compare(a, b)
    })
  }

  private spill(): void {
    if (this.count === 0) return
    const file = join(this.scratch, `${this.name}-${this.runs.length}.bin`)
    const fd = openSync(file, 'wx')
    try {
      const out = Buffer.allocUnsafe(IO_BYTES)
      let filled = 0
      for (const at of this.sortChunk()) {
        const length = this.chunk.readUInt32LE(at)
        if (filled + length > out.length) {
          writeAll(fd, out.subarray(0, filled))
          filled = 0
        }
        if (length > out.length) writeAll(fd, this.chunk.subarray(at, at + length))
        else filled += this.chunk.copy(out, filled, at, at + length)
      }
      writeAll(fd, out.subarray(0, filled))
    } finally {
      closeSync(fd)
    }
    this.runs.push(file)
    this.count = 0
    this.used = 0
  }
}

/** Writes all of `bytes`: one writeSync may write fewer than it was given. */
function writeAll(fd: number, bytes: Buffer): void {
  let done = 0
  while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done)
}

/** One run file, read front to back through a small buffer; `at` is the current record. */
class RunReader implements RecordAt {
  buf = Buffer.allocUnsafe(IO_BYTES)
  at = -1
  private start = 0
  private end = 0
  private eof = false
  private fd: number | undefined

  constructor(file: string) {
    this.fd = openSync(file, 'r')
  }

  /** Moves to the next record; false at the end of the file. */
  next(): boolean {
    if (this.at >= 0) this.start = this.at + this.buf.readUInt32LE(this.at)
    if (!this.fill(4)) return false
    const length = this.buf.readUInt32LE(this.start)
    if (!this.fill(length)) throw new Error('a sort run file ends inside a record')
    this.at = this.start
    return true
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd)
    this.fd = undefined
  }

  /** At least `n` bytes from `start` in the buffer, unless the file ends first. */
  private fill(n: number): boolean {
    if (this.end - this.start >= n) return true
    this.buf.copy(this.buf, 0, this.start, this.end)
    this.end -= this.start
    this.start = 0
    if (n > this.buf.length) {
      const bigger = Buffer.allocUnsafe(n)
      this.buf.copy(bigger, 0, 0, this.end)
      this.buf = bigger
    }
    while (this.end < n && !this.eof && this.fd !== undefined) {
      const read = readSync(this.fd, this.buf, this.end, this.buf.length - this.end, null)
      if (read === 0) this.eof = true
      this.end += read
    }
    return this.end - this.start >= n
  }
}
