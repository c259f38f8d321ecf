/**
 * Page-by-page listing with a retry per page. Not octokit.paginate: its iterator drops per-request
 * options (no abort signal, no timeout) and a retry around it would start again from page one.
 */
import type { Runtime } from '../shared/runtime.js'
import { expectArray } from './response.js'
import { withGitHubRetry, type GitHubCallOptions } from './retry.js'

export const PER_PAGE = 100

export interface Page<T> {
  data: T[]
  headers: { link?: string }
}

/** The page parameters every octokit listing takes. */
export interface PageParams {
  per_page: number
  page: number
  request: { signal?: AbortSignal }
}

/** Whether a page is followed by another: the Link header says so when present, else a full page. */
function hasNextPage(page: Page<unknown>, perPage: number): boolean {
  const link = page.headers.link
  if (typeof link === 'string' && link.length > 0) return /rel="next"/.test(link)
  return page.data.length >= perPage
}

/** Collects pages 1, 2, … of a GET listing until the last one, `max` items, or `until` holds. */
export async function listAllPages<T>(
  fetchPage: (params: PageParams) => Promise<Page<T>>,
  rt: Runtime,
  options: GitHubCallOptions & { max?: number; until?: (items: T[]) => boolean } = {}
): Promise<T[]> {
  const max = options.max ?? Number.POSITIVE_INFINITY
  const items: T[] = []
  for (let pageNumber = 1; items.length < max; pageNumber++) {
    const page = await withGitHubRetry(
      async signal => {
        const answer = await fetchPage({
          per_page: PER_PAGE,
          page: pageNumber,
          request: { signal }
        })
        expectArray(answer.data, `page ${pageNumber} of a listing`)
        return answer
      },
      rt,
      { ...options, repeat: 'safe' }
    )
    items.push(...page.data.slice(0, max - items.length))
    if (page.data.length === 0 || !hasNextPage(page, PER_PAGE)) break
    // The caller has what it needs: no further page is read.
    if (options.until?.(items)) break
  }
  return items
}
