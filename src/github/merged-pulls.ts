/**
 * The pull requests of a repository merged in a time window: the closed ones, most recently updated
 * first, page by page until a page ends before the window (a PR merged in it was updated at or after
 * its merge, so no later page can hold one), then those merged in the window, latest merge first.
 * With `base`, only those merged into that branch: GitHub filters the listing itself.
 */
import type { Runtime } from '../shared/runtime.js'
import { isBotUser } from './identity.js'
import type { Octokit } from './octokit.js'
import { listAllPages, type PageParams } from './paginate.js'
import type { RepoRef } from './refs.js'

/** A pull request as the prompts name it, from any of GitHub's pull-request listings. */
export interface PullFacts {
  number: number
  title: string
  htmlUrl: string
  body: string
  author: string
  authorIsBot: boolean
  labels: string[]
}

export function pullFacts(pull: {
  number: number
  title: string
  html_url: string
  body?: string | null
  user?: { login: string; type?: string } | null
  labels: { name: string }[]
}): PullFacts {
  return {
    number: pull.number,
    title: pull.title,
    htmlUrl: pull.html_url,
    body: pull.body ?? '',
    author: pull.user?.login ?? '',
    authorIsBot: isBotUser(pull.user),
    labels: pull.labels.map(label => label.name)
  }
}

export interface MergedPull extends PullFacts {
  /** ISO time. */
  mergedAt: string
}

/** [start, end) in epoch ms. */
export type Window = { start: number; end: number }

/** GitHub's order for the question: closed pull requests, the most recently updated first. */
const LISTING = { state: 'closed', sort: 'updated', direction: 'desc' } as const

export async function listMergedPulls(
  octokit: Octokit,
  { repo, window, base }: { repo: RepoRef; window: Window; base?: string },
  rt: Runtime
): Promise<MergedPull[]> {
  const pastWindow = (items: { updated_at: string }[]): boolean =>
    Date.parse(items[items.length - 1].updated_at) < window.start
  const list = (page: PageParams) =>
    octokit.rest.pulls.list({ ...repo, ...LISTING, ...(base ? { base } : {}), ...page })
  const pulls = await listAllPages(list, rt, { until: pastWindow })
  const merged: MergedPull[] = []
  for (const pull of pulls) {
    const at = pull.merged_at ? Date.parse(pull.merged_at) : NaN
    if (!(at >= window.start && at < window.end)) continue
    merged.push({ ...pullFacts(pull), mergedAt: pull.merged_at as string })
  }
  return merged.sort(
    (a, b) => Date.parse(b.mergedAt) - Date.parse(a.mergedAt) || b.number - a.number
  )
}
