/**
 * The comparison's join in flat memory: with a tiny chunk every sort spills run files, and the rows
 * still come out in the service's order with the right previous totals; pages only in the previous
 * period are "gone" (fallers); the scratch folder is removed afterwards.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Comparison, type ComparedRow } from '../src/analytics/compare/comparison.js'
import { PreviousJoin } from '../src/analytics/compare/previous-join.js'
import { blankRecord, pathOf, RecordSorter } from '../src/analytics/compare/record-sort.js'

let dir: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'join-test-'))
})

afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const row = (path: string, total: number) => ({ path, human: total, ai: 0, total })

async function joinAll(
  chunkBytes: number,
  previous: ReturnType<typeof row>[],
  current: ReturnType<typeof row>[]
) {
  const joined = await PreviousJoin.open(join(dir, 'views.json'), chunkBytes)
  joined.addPrevious(previous)
  joined.addCurrent(current)
  const comparison = new Comparison(
    { dateFrom: '2024-01-01', dateTo: '2024-01-08', totals: { human: 0, ai: 0, total: 0 } },
    10
  )
  const written: ComparedRow[] = []
  await joined.drain(comparison, async rows => {
    written.push(...rows)
  })
  return { joined, written, summary: comparison.finish({ human: 0, ai: 0, total: 0 }) }
}

describe('RecordSorter', () => {
  it('merges run files back in path order, long and non-ASCII paths included', () => {
    const sorter = new RecordSorter({ scratch: dir, name: 'n', key: 'path', chunkBytes: 200 })
    const paths = Array.from({ length: 60 }, (_, i) => `/p/${(i * 37) % 61}/${'é'.repeat(i % 3)}`)
    paths.push(`/long/${'x'.repeat(500)}`)
    paths.forEach((path, i) => sorter.add({ ...blankRecord(), position: i, path }))
    const out: string[] = []
    for (const at of sorter.sorted()) out.push(pathOf(at))
    expect(sorter.runCount).toBeGreaterThan(5)
    const byBytes = [...paths].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
    expect(out).toEqual(byBytes)
  })
})

describe('PreviousJoin', () => {
  it.each([
    ['on disk', 120],
    ['in memory', 1 << 20]
  ])(
    '%s: gives each row its previous total in the service order, and reports gone pages',
    async (_where, chunkBytes) => {
      // The service sends rows by total, not by path; a path listed twice before is summed.
      const { joined, written, summary } = await joinAll(
        chunkBytes,
        [row('/z', 50), row('/gone', 40), row('/a', 30), row('/a', 5), row('/zz-gone', 1)],
        [row('/new', 90), row('/z', 60), row('/m', 10), row('/a', 1)]
      )
      if (chunkBytes < 1000) expect(joined.runsOnDisk).toBeGreaterThan(2)
      else expect(joined.runsOnDisk).toBe(0)
      expect(written.map(r => [r.path, r.previousTotal, r.change])).toEqual([
        ['/new', 0, 90],
        ['/z', 50, 10],
        ['/m', 0, 10],
        ['/a', 35, -34]
      ])
      expect(summary.fallers.map(r => [r.path, r.change])).toEqual([
        ['/gone', -40],
        ['/a', -34],
        ['/zz-gone', -1]
      ])
      expect(summary.newPages.map(r => r.path)).toEqual(['/new', '/m'])
      await joined.dispose()
      expect(existsSync(joined.scratch)).toBe(false)
      expect(readdirSync(dir)).toEqual([])
    }
  )

  it('joins thousands of rows through many runs equal to a join in memory', async () => {
    const previous = Array.from({ length: 3000 }, (_, i) => row(`/p${(i * 7) % 3001}`, i % 13))
    const current = Array.from({ length: 2500 }, (_, i) => row(`/p${(i * 11) % 4001}`, i % 17))
    const { written } = await joinAll(4096, previous, current)
    const before = new Map<string, number>()
    for (const r of previous) before.set(r.path, (before.get(r.path) ?? 0) + r.total)
    expect(written).toEqual(
      current.map(r => ({
        ...r,
        previousTotal: before.get(r.path) ?? 0,
        change: r.total - (before.get(r.path) ?? 0)
      }))
    )
  })
})
