/**
 * Page-by-page listing with a retry per page. Not octokit.paginate: its iterator drops per-request
 * options (no abort signal, no timeout) and a retry around it would start again from page one.
 */
import type { Runtime } from '../shared/runtime.js'
import { sendRepeatable } from './request.js'
import { expectArray } from './response.js'
import type { GitHubCallOptions } from './retry.js'

const PER_PAGE = 100

export type Page<T> = { data: T[]; headers: { link?: string } }

/** The page parameters every octokit listing takes. */
export type PageParams = { per_page: number; page: number; request: { signal?: AbortSignal } }

/** Whether a page is followed by another: the Link header says so when present, else a full page. */
function hasNextPage(page: Page<unknown>, perPage: number): boolean {
  const link = page.headers.link
  if (typeof link === 'string' && link.length > 0) return /rel="next"/.test(link)
  return page.data.length >= perPage
}

/** One page of a GET listing, checked inside the retry: a malformed page is read again. */
export function readPage<T>(
  fetchPage: (params: PageParams) => Promise<Page<T>>,
  page: number,
  { what = `page ${page} of a listing`, ...options }: GitHubCallOptions & { what?: string },
  rt: Runtime
): Promise<Page<T>> {
  const read = async (signal?: AbortSignal): Promise<Page<T>> => {
    const answer = await fetchPage({ per_page: PER_PAGE, page, request: { signal } })
    expectArray(answer.data, what)
    return answer
  }
  return sendRepeatable(read, rt, options)
}

type ListOptions<T> = GitHubCallOptions & { max?: number; until?: (items: T[]) => boolean }

/** Collects pages 1, 2, … of a GET listing until the last one, `max` items, or `until` holds. */
export async function listAllPages<T>(
  fetchPage: (params: PageParams) => Promise<Page<T>>,
  rt: Runtime,
  { max = Number.POSITIVE_INFINITY, until, ...options }: ListOptions<T> = {}
): Promise<T[]> {
  const items: T[] = []
  for (let pageNumber = 1; items.length < max; pageNumber++) {
    const page = await readPage(fetchPage, pageNumber, options, rt)
    items.push(...page.data.slice(0, max - items.length))
    if (page.data.length === 0 || !hasNextPage(page, PER_PAGE)) break
    // The caller has what it needs: no further page is read.
    if (until?.(items)) break
  }
  return items
}
