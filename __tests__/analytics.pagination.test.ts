import { describe, expect, it } from '@jest/globals'
import {
  expectedRequests,
  pageQuery,
  paginate,
  PaginationError,
  type FetchPage
} from '../src/analytics/export/pagination.js'
import type { PageViewRow, PageViewsPage, PageViewsQuery } from '../src/mintlify/types.js'

function rows(n: number, from = 0): PageViewRow[] {
  return Array.from({ length: n }, (_, i) => ({
    path: `/p${from + i}`,
    human: 1,
    ai: 1,
    total: 2
  }))
}

const TOTALS = { human: 10, ai: 5, total: 15 }

/** A service over `all` rows that follows the documented paging. */
function service(all: PageViewRow[], queries: PageViewsQuery[] = []): FetchPage {
  return async query => {
    queries.push(query)
    const views = all.slice(query.offset, query.offset + query.limit)
    return { totals: TOTALS, views, hasMore: query.offset + query.limit < all.length }
  }
}

async function collect(
  fetchPage: FetchPage,
  pageSize: number,
  warnings: string[] = []
): Promise<{ written: PageViewRow[]; result: Awaited<ReturnType<typeof paginate>> }> {
  const written: PageViewRow[] = []
  const result = await paginate(
    { pageSize },
    {
      fetchPage,
      sink: async page => {
        written.push(...page)
      }
    },
    { onWarning: message => warnings.push(message) }
  )
  return { written, result }
}

describe('pageQuery', () => {
  it('sends the dates only when set', () => {
    expect(pageQuery({ pageSize: 10 }, 20)).toEqual({ limit: 10, offset: 20 })
    expect(pageQuery({ pageSize: 10, dateFrom: '2024-01-01', dateTo: '2024-02-01' }, 0)).toEqual({
      limit: 10,
      offset: 0,
      dateFrom: '2024-01-01',
      dateTo: '2024-02-01'
    })
  })
})

describe('expectedRequests', () => {
  it('is ceil(rows / page size), plus one when the last page is exactly full', () => {
    expect(expectedRequests(1234, 250)).toEqual({ min: 5, max: 5 })
    expect(expectedRequests(500, 250)).toEqual({ min: 2, max: 3 })
    expect(expectedRequests(0, 250)).toEqual({ min: 1, max: 1 })
  })
})

describe('paginate', () => {
  it('reads every row once, offset += limit, and stops when hasMore is false', async () => {
    const queries: PageViewsQuery[] = []
    const { written, result } = await collect(service(rows(1234), queries), 250)
    expect(written).toEqual(rows(1234))
    expect(queries.map(q => q.offset)).toEqual([0, 250, 500, 750, 1000])
    expect(queries.every(q => q.limit === 250)).toBe(true)
    expect(result).toEqual({ totals: TOTALS, rows: 1234, requests: 5 })
  })

  it('hands rows to the sink page by page, before the next page is asked for', async () => {
    const events: string[] = []
    const all = rows(5)
    await paginate(
      { pageSize: 2 },
      {
        fetchPage: async query => {
          events.push(`fetch ${query.offset}`)
          return service(all)(query)
        },
        sink: async page => {
          events.push(`sink ${page.length}`)
        }
      }
    )
    expect(events).toEqual(['fetch 0', 'sink 2', 'fetch 2', 'sink 2', 'fetch 4', 'sink 1'])
  })

  it('takes one more (empty) request when a full last page still says hasMore', async () => {
    const all = rows(500)
    let calls = 0
    const { written, result } = await collect(async query => {
      calls++
      const views = all.slice(query.offset, query.offset + query.limit)
      return { totals: TOTALS, views, hasMore: views.length === query.limit }
    }, 250)
    expect(calls).toBe(3)
    expect(result.requests).toBe(3)
    expect(written).toEqual(all)
  })

  it('ends with an error, not an endless loop, when hasMore comes with no rows', async () => {
    const fetchPage: FetchPage = async () => ({ totals: TOTALS, views: [], hasMore: true })
    await expect(collect(fetchPage, 250)).rejects.toThrow(PaginationError)
    await expect(collect(fetchPage, 250)).rejects.toThrow(/hasMore.*had none/)
  })

  it('stops when the service ignores the offset and repeats a page', async () => {
    const page: PageViewsPage = { totals: TOTALS, views: rows(3), hasMore: true }
    await expect(collect(async () => page, 3)).rejects.toThrow(/repeated the rows/)
  })

  it('continues right after a short page so no row is skipped, with one warning', async () => {
    const all = rows(10)
    const queries: PageViewsQuery[] = []
    const warnings: string[] = []
    // A service that caps every page at 3 rows whatever the limit.
    const { written } = await collect(
      async query => {
        queries.push(query)
        const views = all.slice(query.offset, query.offset + 3)
        return { totals: TOTALS, views, hasMore: query.offset + 3 < all.length }
      },
      5,
      warnings
    )
    expect(written).toEqual(all)
    expect(queries.map(q => q.offset)).toEqual([0, 3, 6, 9])
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/3 rows for a limit of 5/)
  })

  it('reports the totals of the first page and warns once when later pages differ', async () => {
    const all = rows(6)
    let call = 0
    const warnings: string[] = []
    const { result } = await collect(
      async query => {
        call++
        const totals = { human: 10 + call, ai: 5, total: 15 + call }
        const views = all.slice(query.offset, query.offset + query.limit)
        return { totals, views, hasMore: query.offset + query.limit < all.length }
      },
      2,
      warnings
    )
    expect(result.totals).toEqual({ human: 11, ai: 5, total: 16 })
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/totals changed between pages/)
  })

  it('accepts an empty export', async () => {
    const { written, result } = await collect(service([]), 250)
    expect(written).toEqual([])
    expect(result).toEqual({ totals: TOTALS, rows: 0, requests: 1 })
  })

  it('passes a failed page on without writing anything more', async () => {
    const written: PageViewRow[] = []
    const all = rows(6)
    await expect(
      paginate(
        { pageSize: 2 },
        {
          fetchPage: async query => {
            if (query.offset === 2) throw new Error('boom')
            return service(all)(query)
          },
          sink: async page => {
            written.push(...page)
          }
        }
      )
    ).rejects.toThrow('boom')
    expect(written).toEqual(all.slice(0, 2))
  })
})
