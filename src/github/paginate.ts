/**
 * Page-by-page listing with a retry per page. Not octokit.paginate: its iterator drops per-request
 * options (no abort signal, no timeout) and a retry around it would start again from page one.
 */
import type { CallDeps } from './deps.js'
import { retryOptions } from './deps.js'
import { expectArray } from './response.js'
import { withGitHubRetry } from './retry.js'

export const PER_PAGE = 100

export interface Page<T> {
  data: T[]
  headers: { link?: string }
}

/** Whether a page is followed by another: the Link header says so when present, else a full page. */
function hasNextPage(page: Page<unknown>, perPage: number): boolean {
  const link = page.headers.link
  if (typeof link === 'string' && link.length > 0) return /rel="next"/.test(link)
  return page.data.length >= perPage
}

/** Collects pages 1, 2, … of a GET listing until the last one or `max` items. */
export async function listAllPages<T>(
  fetchPage: (page: number, perPage: number, signal?: AbortSignal) => Promise<Page<T>>,
  deps: CallDeps,
  max = Number.POSITIVE_INFINITY
): Promise<T[]> {
  const items: T[] = []
  for (let pageNumber = 1; items.length < max; pageNumber++) {
    const page = await withGitHubRetry(
      async signal => {
        const answer = await fetchPage(pageNumber, PER_PAGE, signal)
        expectArray(answer.data, `page ${pageNumber} of a listing`)
        return answer
      },
      retryOptions(deps, true)
    )
    items.push(...page.data.slice(0, max - items.length))
    if (page.data.length === 0 || !hasNextPage(page, PER_PAGE)) break
  }
  return items
}
