/** Unique visitors: per page, human and AI, 250 a page by offset; the total counts each visitor once. */
import { trafficDataset, type TrafficEndpoint } from './traffic.js'

export const VISITORS_ENDPOINT: TrafficEndpoint = {
  operation: 'get-visitors',
  read: async (ctx, query, signal) => {
    const { totals, visitors, hasMore } = await ctx.client.getVisitors(query, { signal })
    return { totals, views: visitors, hasMore }
  },
  feedsImpact: false
}

export const visitors = trafficDataset('visitors', VISITORS_ENDPOINT)
