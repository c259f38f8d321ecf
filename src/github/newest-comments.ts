/**
 * A conversation read from its newest end, so a run's cost follows what is new, never the thread's
 * history (a tracking issue kept for a year holds thousands of comments). REST lists comments oldest
 * first only: page 1 is read for its `last` relation, then pages last, last-1, … 2, until the
 * caller has what it needs. Comments posted or removed meanwhile shift the pages, so comments are
 * told apart by id and no page boundary is trusted. (A comment removed from page 1's range while a
 * whole conversation is read can move the next one into page 1, read first: as in any forward listing,
 * that one may be missed.)
 */
import type { Runtime } from '../shared/runtime.js'
import {
  toIssueComment,
  type IssueCall,
  type IssueComment,
  type RestComment
} from './comment-shape.js'
import type { Octokit } from './octokit.js'
import { readPage, type Page, type PageParams } from './paginate.js'
import { onIssue } from './request.js'

export interface NewestCommentsCall extends IssueCall {
  /**
   * Whether the newest comments read so far (oldest first, none missing between them and the newest)
   * hold what the caller needs: no older page is read then.
   */
  enough: (newest: readonly IssueComment[]) => boolean | Promise<boolean>
}

/**
 * The newest comments of the conversation, oldest first: from the newest back to where `enough`
 * said so, or the whole conversation when it never did.
 */
export async function readNewestComments(
  octokit: Octokit,
  { ref, enough, ...options }: NewestCommentsCall,
  rt: Runtime
): Promise<IssueComment[]> {
  const list = (page: PageParams): Promise<Page<RestComment>> =>
    octokit.rest.issues.listComments({ ...onIssue(ref), ...page })
  const what = (page: number): string => `page ${page} of the comments of #${ref.issueNumber}`
  const read = (page: number) => readPage(list, page, { ...options, what: what(page) }, rt)
  const first = await read(1)
  const pages = new Map([[1, first.data]])
  // GitHub sends no Link header when page 1 is the only page (100 comments or fewer).
  let page = lastPage(first)
  let top = page ?? 1
  while (page !== undefined && page > 1) {
    if (!pages.has(page)) {
      const answer = await read(page)
      pages.set(page, answer.data)
      const later = lastPage(answer)
      // Comments posted since page 1 was read added pages: the newest end moved there.
      if (page === top && later !== undefined && later > top) {
        page = top = later
        continue
      }
    }
    const newest = inOrder(pages, page)
    if (await enough(newest)) return newest
    page--
  }
  return inOrder(pages, 1)
}

/** The newest comment for which `predicate` holds, read from the newest end; undefined: none. */
export async function findNewestComment(
  octokit: Octokit,
  { predicate, ...call }: IssueCall & { predicate: (comment: IssueComment) => boolean },
  rt: Runtime
): Promise<IssueComment | undefined> {
  const enough = (newest: readonly IssueComment[]): boolean => newest.some(predicate)
  const comments = await readNewestComments(octokit, { ...call, enough }, rt)
  return comments.filter(predicate).at(-1)
}

/** The comments of the pages from `from` up, in page order, each once. */
function inOrder(pages: ReadonlyMap<number, RestComment[]>, from: number): IssueComment[] {
  const seen = new Set<number>()
  const comments: IssueComment[] = []
  const numbers = [...pages.keys()].filter(n => n >= from).sort((a, b) => a - b)
  for (const raw of numbers.flatMap(n => pages.get(n) ?? [])) {
    if (seen.has(raw.id)) continue
    seen.add(raw.id)
    comments.push(toIssueComment(raw))
  }
  return comments
}

/** The page number the `last` relation names; undefined on the last page or a single one. */
function lastPage(page: Page<unknown>): number | undefined {
  const last = /<([^>]+)>;\s*rel="last"/.exec(page.headers.link ?? '')?.[1]
  if (last === undefined) return undefined
  const number = Number(new URL(last).searchParams.get('page'))
  return Number.isInteger(number) && number > 1 ? number : undefined
}
