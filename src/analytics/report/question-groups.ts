/**
 * The unanswered questions grouped for the prompt, in flat memory: each question goes into a sort by
 * its group key (lower case, spaces collapsed), then the page it was asked on (record-sort.ts: on disk
 * once it outgrows a chunk), so a group and its pages arrive together. One pass over the sort counts
 * each group, finds its most frequent page (the most recent on a tie) and its latest wording, and
 * keeps the groups asked most, then most recently.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { cutAtCharacter } from '../../shared/text-cut.js'
import { byName, TopN } from '../compare/top-n.js'
import { blankRecord, CHUNK_BYTES, readRecord, RecordSorter } from '../compare/record-sort.js'

export interface QuestionGroup {
  /** The latest wording of the question, as the service gave it. */
  query: string
  /** How often it was asked. */
  count: number
  /** When it was last asked (epoch ms; 0 when unknown). */
  latestMs: number
  /** The group's most frequent page URL (the most recent on a tie); null when none is known. */
  pageUrl: string | null
}

/** Longer questions are grouped by their start and kept to this length (the prompt shows less). */
const KEY_MAX_CHARS = 500
const SEP = '\u0000'

/** Case- and space-insensitive: "How do I  Deploy?" and "how do i deploy?" are one question. */
export function groupKey(query: string): string {
  return cutAtCharacter(query.toLowerCase().replace(/\s+/g, ' ').trim(), KEY_MAX_CHARS)
}

function field(text: string): string {
  return cutAtCharacter(text.split(SEP).join(' '), KEY_MAX_CHARS)
}

/** Most asked first, then most recent, then by wording so the order never depends on arrival. */
const byAsked = (a: QuestionGroup, b: QuestionGroup): number =>
  b.count - a.count || b.latestMs - a.latestMs || byName(a.query, b.query)

/** One page of a group, counted as its records go by. */
interface PageRun {
  pageUrl: string
  count: number
  latestMs: number
}

const better = (a: PageRun, b: PageRun | undefined): boolean =>
  b === undefined || a.count > b.count || (a.count === b.count && a.latestMs > b.latestMs)

export class QuestionGroups {
  private readonly sorter: RecordSorter
  /** Refilled for each question (the sort copies it): no object per question. */
  private readonly record = { ...blankRecord(), total: 1 }

  private constructor(
    readonly scratch: string,
    chunkBytes: number
  ) {
    this.sorter = new RecordSorter({ scratch, name: 'questions', key: 'path', chunkBytes })
  }

  /** A scratch folder beside the output file (known to be writable); tests make chunks small. */
  static async open(outputPath: string, chunkBytes = CHUNK_BYTES): Promise<QuestionGroups> {
    const prefix = join(dirname(outputPath), `.${basename(outputPath)}.questions-`)
    return new QuestionGroups(await mkdtemp(prefix), chunkBytes)
  }

  /** Run files written so far (0: everything stayed in memory). */
  get runsOnDisk(): number {
    return this.sorter.runCount
  }

  add(query: string, timestampMs: number, pageUrl: string | null): void {
    const record = this.record
    record.position = timestampMs
    record.path = [groupKey(query), field(pageUrl ?? ''), field(query)].join(SEP)
    this.sorter.add(record)
  }

  /** The `n` groups asked most, then most recently; call once, after the last add. */
  top(n: number): QuestionGroup[] {
    const best = new TopN<QuestionGroup>(n, byAsked)
    let key: string | undefined
    let group: QuestionGroup = { query: '', count: 0, latestMs: -Infinity, pageUrl: null }
    let run: PageRun | undefined
    let bestRun: PageRun | undefined
    const closeRun = (): void => {
      if (run && run.pageUrl !== '' && better(run, bestRun)) bestRun = run
    }
    const closeGroup = (): void => {
      closeRun()
      if (key !== undefined) best.add({ ...group, pageUrl: bestRun?.pageUrl ?? null })
    }
    for (const at of this.sorter.sorted()) {
      const { position: ms, path } = readRecord(at)
      const [thisKey, pageUrl, query] = path.split(SEP)
      if (thisKey !== key) {
        closeGroup()
        key = thisKey
        group = { query, count: 0, latestMs: ms, pageUrl: null }
        run = bestRun = undefined
      }
      group.count++
      if (ms > group.latestMs) Object.assign(group, { latestMs: ms, query })
      if (run?.pageUrl !== pageUrl) {
        closeRun()
        run = { pageUrl, count: 0, latestMs: ms }
      }
      run.count++
      run.latestMs = Math.max(run.latestMs, ms)
    }
    closeGroup()
    return best.sorted().map(g => ({ ...g, latestMs: Math.max(0, g.latestMs) }))
  }

  /** Removes the scratch folder; never throws. */
  async dispose(): Promise<void> {
    await rm(this.scratch, { recursive: true, force: true }).catch(() => undefined)
  }
}
