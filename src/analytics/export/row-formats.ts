/**
 * The columns of each dataset in the file (listed in the README too). Each record has its keys in a
 * fixed order and only the documented fields.
 */
import type { FeedbackEntry, SearchRow } from '../../mintlify/analytics-types.js'
import type { AssistantConversation } from '../../mintlify/assistant.js'
import type { ComparedRow } from '../compare/comparison.js'
import type { RowFormat } from './writers.js'

/** Views or visitors with `compare: previous`: the previous total and the absolute change. */
export function comparedRows(key: string): RowFormat<ComparedRow> {
  return {
    key,
    columns: ['path', 'human', 'ai', 'total', 'previous_total', 'change'],
    json: row => ({
      path: row.path,
      human: row.human,
      ai: row.ai,
      total: row.total,
      previousTotal: row.previousTotal,
      change: row.change
    }),
    csv: row => ({
      path: row.path,
      human: row.human,
      ai: row.ai,
      total: row.total,
      previous_total: row.previousTotal,
      change: row.change
    })
  }
}

/** `ctr` stays the service's fraction (0 to 1) in the file; the report shows it as a percent. */
export const SEARCH_ROWS: RowFormat<SearchRow> = {
  key: 'searches',
  columns: ['term', 'hits', 'ctr', 'top_clicked_page', 'last_searched_at'],
  json: row => ({
    term: row.searchQuery,
    hits: row.hits,
    ctr: row.ctr,
    topClickedPage: row.topClickedPage,
    lastSearchedAt: row.lastSearchedAt
  }),
  csv: row => ({
    term: row.searchQuery,
    hits: row.hits,
    ctr: row.ctr,
    top_clicked_page: row.topClickedPage ?? '',
    last_searched_at: row.lastSearchedAt
  })
}

/** `kind` is the service's `source`; `helpful` is empty (null in JSON) when the kind has none. */
export const FEEDBACK_ROWS: RowFormat<FeedbackEntry> = {
  key: 'feedback',
  columns: ['id', 'kind', 'page', 'helpful', 'comment', 'status', 'date'],
  json: entry => ({
    id: entry.id,
    kind: entry.source,
    page: entry.path,
    helpful: entry.helpful,
    comment: entry.comment,
    status: entry.status,
    date: entry.createdAt
  }),
  csv: entry => ({
    id: entry.id,
    kind: entry.source,
    page: entry.path,
    helpful: entry.helpful === null ? '' : String(entry.helpful),
    comment: entry.comment ?? '',
    status: entry.status,
    date: entry.createdAt ?? ''
  })
}

/** The assistant's conversations without its response text; CSV counts the sources. */
export const ASSISTANT_ROWS: RowFormat<AssistantConversation> = {
  key: 'conversations',
  columns: [
    'id',
    'timestamp',
    'query',
    'response_type',
    'resolution_status',
    'query_category',
    'page_url',
    'sources'
  ],
  json: c => ({
    id: c.id,
    timestamp: c.timestamp,
    query: c.query,
    responseType: c.responseType,
    resolutionStatus: c.resolutionStatus,
    queryCategory: c.queryCategory,
    pageUrl: c.pageUrl,
    sources: c.sources.map(source => ({ title: source.title, url: source.url }))
  }),
  csv: c => ({
    id: c.id,
    timestamp: c.timestamp,
    query: c.query,
    response_type: c.responseType,
    resolution_status: c.resolutionStatus,
    query_category: c.queryCategory ?? '',
    page_url: c.pageUrl ?? '',
    sources: c.sources.length
  })
}
