/**
 * What a step says when a dataset's rows do not fit: counted in that dataset's own requests, never the
 * step's running total; and what to do (the service's 100 an hour cannot be raised). Pure.
 */
import { plural } from '../../shared/plural.js'
import type { Dataset } from '../dataset-list.js'
import { REQUEST_LIMIT } from '../export/budget.js'
import { BUDGET_TEXT, retryAfterHour } from '../failure.js'

export interface RowsShortfall {
  name: Dataset
  share: number
  before: { names: readonly Dataset[]; requests: number }
  after: number
  budget: number
  /** Where it stopped (failure.ts whereItStopped): " on page 98 (offset 24250; …)". */
  where: string
}

function datasetsAfter(after: number): string {
  return after === 1 ? 'the dataset after it' : `each of the ${after} datasets after it`
}

export const keptAfter = (after: number): string => `one is kept for ${datasetsAfter(after)}`

/** "views", "views and searches", "views, searches and feedback". */
function listed(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/** `views: its rows need more than the 97 requests this step could give them, on page 98 …`. */
export function rowsShortfallText(s: RowsShortfall): string {
  const { names, requests } = s.before
  const had =
    requests === 0
      ? `the ${plural(s.share, 'request')} this step could give them`
      : `the ${plural(s.share, 'request')} left for them`
  const took = `${listed(names)} took ${requests} of the budget of ${s.budget}`
  const why =
    requests === 0
      ? s.after > 0
        ? `the budget of ${s.budget} keeps one request for ${datasetsAfter(s.after)}`
        : `the budget is ${s.budget}`
      : s.after > 0
        ? `${took}, and ${keptAfter(s.after)}`
        : took
  const where = s.where ? `,${s.where}` : ''
  const need =
    s.share === 0
      ? 'its rows were not read, no request was left for them'
      : `its rows need more than ${had}${where}`
  return `${s.name}: ${need}: ${why}. No file was written.`
}

export interface StepShortfall {
  budget: number
  datasets: number
  hungriest: { name: Dataset; requests: number }
  startedAt: number
  now: number
}

export function shortfallAdvice(s: StepShortfall): string {
  if (s.budget < s.datasets) {
    return (
      `The request-budget of ${s.budget} is less than one request for each of the ${s.datasets} datasets: ` +
      `raise it (up to ${REQUEST_LIMIT}, when no other step or project of the organization shares the hour), ` +
      'or read fewer datasets in this step.'
    )
  }
  const higher =
    s.budget < REQUEST_LIMIT
      ? `, and this one no more than its request-budget of ${s.budget} (raise it, up to ${REQUEST_LIMIT}, when no other step or project of the organization shares the hour)`
      : ` (a higher request-budget is not possible)`
  const own = `${s.hungriest.name} (its rows took ${plural(s.hungriest.requests, 'request')} here) in a step of its own, run an hour apart from this one`
  return (
    `${BUDGET_TEXT}, so a step never makes more than ${REQUEST_LIMIT}${higher}. ` +
    `${retryAfterHour(s.startedAt, s.now)} with a shorter date range, or read ${own}.`
  )
}
