/**
 * The plan of a step of several datasets, pure: every dataset's rows first, each while the budget keeps one
 * request for each dataset after it; then the optional sections, each read whole or left out (half a
 * previous period would make the change lie).
 */
import type { Dataset } from '../dataset-list.js'
import { plural } from '../../shared/plural.js'

/**
 * The most requests the step may have made, in all, when dataset `index` (from 0) of `count` stops
 * reading rows: the budget less one for each dataset after it.
 */
export function rowsLimit(budget: number, index: number, count: number): number {
  return budget - (count - index - 1)
}

/** The dataset the impact section belongs to: views, else searches, else the first. */
export function impactHost(names: readonly Dataset[]): Dataset {
  return names.find(n => n === 'views') ?? names.find(n => n === 'searches') ?? names[0]
}

type SectionKind = 'previous' | 'impact' | 'daily'

export type OptionalSection = { kind: SectionKind; dataset: Dataset }

export interface Wanted {
  previous: readonly Dataset[]
  impact?: Dataset
  daily: readonly Dataset[]
}

export function sectionOrder(read: readonly Dataset[], wanted: Wanted): OptionalSection[] {
  const of = (kind: SectionKind, names: readonly Dataset[]): OptionalSection[] =>
    read.filter(name => names.includes(name)).map(dataset => ({ kind, dataset }))
  return [
    ...of('previous', wanted.previous),
    ...of('impact', wanted.impact ? [wanted.impact] : []),
    ...of('daily', wanted.daily)
  ]
}

export function sectionName(section: OptionalSection): string {
  if (section.kind === 'previous') return 'previous period'
  if (section.kind === 'impact') return "impact (did last period's changes help?)"
  return `${section.dataset} per day`
}

export interface LeftOut {
  dataset: Dataset
  /** "previous period", "views per day", "rows". */
  what: string
  /** The requests it needed; with `atLeast`, more than these. */
  requests: number
  atLeast?: boolean
}

/** `views: previous period (3 requests)`: one line of the log, the summary, the comment, `left-out`. */
export function leftOutLine({ dataset, what, requests, atLeast }: LeftOut): string {
  return `${dataset}: ${what} (${atLeast ? 'more than ' : ''}${plural(requests, 'request')})`
}

export function fits(needed: number, { used, budget }: { used: number; budget: number }): boolean {
  return used + needed <= budget
}

/**
 * The requests a previous period needs, before it is read: as many pages as this period took (the
 * service tells the rows only page by page). Read, it may need more: then it is left out whole.
 */
export function previousEstimate(rowsRequests: number): number {
  return Math.max(1, rowsRequests)
}

/**
 * The requests the impact reads need, before they are read: the fewest the section names, and the
 * baseline's views as many pages as the range's took (and the range's own when not shared).
 */
export function impactEstimate(minimum: number, viewsRequests: number | undefined): number {
  if (minimum === 0) return 0
  const pages = Math.max(1, viewsRequests ?? 1)
  // The fewest counts one page a period; the rest of the pages come on top.
  const shared = viewsRequests !== undefined
  return minimum + (pages - 1) * (shared ? 1 : 2)
}
