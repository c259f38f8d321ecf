/** The cursor loop's guards: a misbehaving service ends the export with an error, never a loop or a gap. */
import { describe, expect, it } from '@jest/globals'
import { paginateCursor, type CursorPage } from '../src/analytics/export/cursor-pagination.js'
import { PaginationError } from '../src/analytics/export/pagination.js'
import type { CursorQuery } from '../src/mintlify/analytics-types.js'

/** A service that answers the scripted pages in order and records the queries. */
function scripted(pages: CursorPage<number>[], queries: CursorQuery[]) {
  return async (query: CursorQuery): Promise<CursorPage<number>> => {
    queries.push(query)
    const page = pages[queries.length - 1]
    if (page === undefined) throw new Error('asked for a page past the script')
    return page
  }
}

async function collect(pages: CursorPage<number>[], queries: CursorQuery[] = []) {
  const rows: number[] = []
  const result = await paginateCursor(
    { pageSize: 2, dateFrom: '2024-01-01' },
    {
      fetchPage: scripted(pages, queries),
      sink: async page => {
        rows.push(...page)
      }
    }
  )
  return { rows, result }
}

describe('paginateCursor', () => {
  it('starts without a cursor, sends each nextCursor once, and stops on a null cursor', async () => {
    const queries: CursorQuery[] = []
    const { rows, result } = await collect(
      [
        { rows: [1, 2], nextCursor: 'a' },
        { rows: [3, 4], nextCursor: 'b' },
        { rows: [5], nextCursor: null }
      ],
      queries
    )
    expect(rows).toEqual([1, 2, 3, 4, 5])
    expect(result).toEqual({ rows: 5, requests: 3 })
    expect(queries.map(q => q.cursor)).toEqual([undefined, 'a', 'b'])
    expect(queries[0]).toEqual({ limit: 2, dateFrom: '2024-01-01' })
  })

  it('stops when hasMore is false even if a cursor is given', async () => {
    const { rows } = await collect([{ rows: [1], nextCursor: 'x', hasMore: false }])
    expect(rows).toEqual([1])
  })

  it('ends with an error when a cursor comes back that was already followed (a loop)', async () => {
    await expect(
      collect([
        { rows: [1, 2], nextCursor: 'a' },
        { rows: [3, 4], nextCursor: 'a' }
      ])
    ).rejects.toThrow(PaginationError)
  })

  it('ends with an error when hasMore is true but no cursor says where (a silent gap)', async () => {
    await expect(collect([{ rows: [1, 2], nextCursor: null, hasMore: true }])).rejects.toThrow(
      /hasMore.*no nextCursor/
    )
  })
})
