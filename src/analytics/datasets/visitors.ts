/** Unique visitors: per page, human and AI, 250 a page by offset; the total counts each visitor once. */
import { trafficDataset } from './traffic.js'

export const visitors = trafficDataset('visitors', {
  operation: 'get-visitors',
  read: async (ctx, query, signal) => {
    const { totals, visitors, hasMore } = await ctx.client.getVisitors(query, { signal })
    return { totals, views: visitors, hasMore }
  },
  feedsImpact: false
})
