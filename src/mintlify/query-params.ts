/** The query strings of the analytics reads: the date range, then offset or cursor paging. */
import type { PageViewsQuery } from './types.js'
import type { CursorQuery } from './analytics-types.js'

function rangeParams(query: { dateFrom?: string; dateTo?: string }): URLSearchParams {
  const params = new URLSearchParams()
  if (query.dateFrom) params.set('dateFrom', query.dateFrom)
  if (query.dateTo) params.set('dateTo', query.dateTo)
  return params
}

export function offsetParams(query: PageViewsQuery): URLSearchParams {
  const params = rangeParams(query)
  params.set('limit', String(query.limit))
  params.set('offset', String(query.offset))
  return params
}

export function cursorParams(query: CursorQuery): URLSearchParams {
  const params = rangeParams(query)
  params.set('limit', String(query.limit))
  if (query.cursor !== undefined) params.set('cursor', query.cursor)
  return params
}
