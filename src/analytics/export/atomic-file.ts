/**
 * A file that appears complete or not at all: written under a temporary name in the same folder (so
 * the final rename stays on one file system and is atomic), flushed to disk, then renamed over the
 * target. `discard` removes the temporary file; an existing target is then left as it was.
 */
import { randomBytes } from 'node:crypto'
import { open, rename, rm, type FileHandle } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

export class AtomicFile {
  private closed = false

  private constructor(
    readonly path: string,
    readonly tempPath: string,
    private readonly handle: FileHandle
  ) {}

  static async create(path: string): Promise<AtomicFile> {
    const tempPath = join(
      dirname(path),
      `.${basename(path)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`
    )
    // 'wx': never follow or reuse something already at the temporary name.
    const handle = await open(tempPath, 'wx', 0o644)
    return new AtomicFile(path, tempPath, handle)
  }

  /**
   * Appends text. Awaiting each write is the backpressure: the caller fetches the next page only once
   * this one is on its way to disk, so memory holds one page at most.
   */
  async write(text: string): Promise<void> {
    if (this.closed) throw new Error(`${this.path} is already closed`)
    const buffer = Buffer.from(text, 'utf8')
    let written = 0
    while (written < buffer.length) {
      const { bytesWritten } = await this.handle.write(buffer, written, buffer.length - written)
      written += bytesWritten
    }
  }

  async commit(): Promise<void> {
    if (this.closed) throw new Error(`${this.path} is already closed`)
    this.closed = true
    try {
      await this.handle.sync()
      await this.handle.close()
      await rename(this.tempPath, this.path)
    } catch (error) {
      // Closing a handle already closed does nothing.
      await this.handle.close().catch(() => undefined)
      await rm(this.tempPath, { force: true }).catch(() => undefined)
      throw error
    }
  }

  async discard(): Promise<void> {
    if (!this.closed) {
      this.closed = true
      await this.handle.close().catch(() => undefined)
    }
    await rm(this.tempPath, { force: true }).catch(() => undefined)
  }
}
