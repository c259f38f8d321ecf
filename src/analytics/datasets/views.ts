/** Page views: per page, human and AI, 250 a page by offset; the impact section reads them too. */
import { trafficDataset, type TrafficEndpoint } from './traffic.js'

export const VIEWS_ENDPOINT: TrafficEndpoint = {
  operation: 'get-page-views',
  read: (ctx, query, signal) => ctx.client.getPageViews(query, { signal }),
  feedsImpact: true
}

export const views = trafficDataset('views', VIEWS_ENDPOINT)
