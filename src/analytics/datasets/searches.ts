/**
 * Search terms: 100 a page by cursor, the most searched terms and the content gaps, which the prompt
 * hands on. `ctr` stays the service's fraction (0 to 1) in the file; the report shows a percent.
 */
import type { SearchRow } from '../../mintlify/analytics-types.js'
import { exportCursor } from '../export/cursor-export.js'
import { rowFormat } from '../export/writers.js'
import { searchesPrompt } from '../report/prompt.js'
import { SearchTally, type SearchSummary } from '../report/search-summary.js'
import { searchBlocks } from '../report/sections.js'
import { defineDataset } from './descriptor.js'

const SEARCH_ROWS = rowFormat<SearchRow>('searches', [
  ['term', row => row.searchQuery],
  'hits',
  'ctr',
  'topClickedPage',
  'lastSearchedAt'
])

export const searches = defineDataset<SearchSummary>('searches', {
  read: ctx => {
    const tally = new SearchTally(ctx.settings.summaryRows)
    return exportCursor(ctx, tally, {
      operation: 'get-searches',
      rowFormat: SEARCH_ROWS,
      read: async (query, signal) => {
        const answer = await ctx.client.getSearches(query, { signal })
        tally.setTotal(answer.totalSearches)
        return { rows: answer.searches, nextCursor: answer.nextCursor }
      },
      tail: ({ totalSearches }) => ({ totalSearches })
    })
  },
  outputValues: ({ summary }, range) => ({
    total: String(summary.totalSearches),
    prompt: searchesPrompt(summary, range)
  }),
  sections: searchBlocks
})
