/**
 * Search terms: 100 a page by cursor, the most searched terms and the content gaps, which the prompt
 * hands on. `ctr` stays the service's fraction (0 to 1) in the file; the report shows a percent.
 */
import type { SearchRow } from '../../mintlify/analytics-types.js'
import { exportCursor } from '../export/cursor-export.js'
import type { RowFormat } from '../export/writers.js'
import { searchesPrompt } from '../report/prompt.js'
import { SearchTally, type SearchSummary } from '../report/search-summary.js'
import { searchBlocks } from '../report/sections.js'
import { defineDataset } from './descriptor.js'

const SEARCH_ROWS: RowFormat<SearchRow> = {
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

export const searches = defineDataset<SearchSummary>({
  maxPageSize: 100,
  fileStem: 'searches',
  label: 'search terms',
  title: 'search terms',
  rowName: 'term',
  comparable: false,
  outputs: ['total', 'prompt'],
  read: ctx => {
    const tally = new SearchTally(ctx.settings.summaryRows)
    return exportCursor(ctx, {
      operation: 'get-searches',
      rowFormat: SEARCH_ROWS,
      read: async (query, signal) => {
        const answer = await ctx.client.getSearches(query, { signal })
        tally.setTotal(answer.totalSearches)
        return { rows: answer.searches, nextCursor: answer.nextCursor }
      },
      tally: rows => tally.addAll(rows),
      tail: () => ({ totalSearches: tally.summary().totalSearches }),
      summary: () => tally.summary()
    })
  },
  outputValues: ({ summary }, range) => ({
    total: String(summary.totalSearches),
    prompt: searchesPrompt(summary, range)
  }),
  sections: searchBlocks
})
