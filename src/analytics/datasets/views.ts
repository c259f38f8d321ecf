/** Page views: per page, human and AI, 250 a page by offset; the impact section reads them too. */
import { trafficDataset } from './traffic.js'

export const views = trafficDataset('views', {
  operation: 'get-page-views',
  read: (ctx, query, signal) => ctx.client.getPageViews(query, { signal }),
  feedsImpact: true
})
