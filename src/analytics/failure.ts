/**
 * One clear message for a failed export: what failed, where the export stopped, what the service
 * said (its `error` and `details`), and what to do. Pure: `now` is passed in.
 */
import { isRateLimited, keyProblem, MintlifyError } from '../mintlify/errors.js'
import { formatDuration } from '../shared/duration.js'
import { getErrorMessage } from '../shared/errors.js'
import { InputError } from '../shared/inputs.js'
import { CancelledError } from '../shared/cancellation.js'
import { ExportFailure } from './export/context.js'
import { PaginationError } from './export/pagination.js'
import type { PeriodRead } from './export/progress.js'
import { BUDGET_WINDOW_MS, REQUEST_LIMIT, RequestBudgetExceeded } from './export/budget.js'
import { plural } from '../shared/plural.js'
import { sentence } from '../shared/sentence.js'

const RATE_LIMIT_TEXT = 'The Mintlify analytics API allows 100 requests per organization per hour'
const SHARED = ', shared by all its analytics endpoints'
export const BUDGET_TEXT = `${RATE_LIMIT_TEXT}${SHARED}`

/** "Retry after 2024-03-11 07:00 UTC (in 59 min)": once the hour from the first request has passed. */
export function retryAfterHour(startedAt: number, now: number): string {
  const retryAt = startedAt + BUDGET_WINDOW_MS
  return `Retry after ${utc(retryAt)} (in ${formatDuration(Math.max(0, retryAt - now))})`
}

const NO_FILE = 'No file was written.'

export interface FailureContext {
  now: number
  /** The page size used; below the maximum, a larger one would have needed fewer requests. */
  pageSize?: number
  maxPageSize?: number
  written?: string[]
  /** What the message ends with instead of "No file was written." (a section of a written file). */
  closing?: string
}

export function describeFailure(error: unknown, context: FailureContext): string {
  const { written = [] } = context
  const closing =
    context.closing ??
    (written.length > 0 ? `Written before it stopped: ${written.join(', ')}.` : NO_FILE)
  return describeCause(error, context).replace(NO_FILE, closing)
}

function describeCause(error: unknown, { now, pageSize, maxPageSize }: FailureContext): string {
  const failure = error instanceof ExportFailure ? error : undefined
  const cause = failure ? failure.cause : error
  if (cause instanceof InputError) return cause.message
  if (cause instanceof CancelledError) return `${cause.message} ${NO_FILE}`

  const where = whereItStopped(failure)
  const fewer =
    pageSize !== undefined && maxPageSize !== undefined && pageSize < maxPageSize
      ? ` A page-size of ${maxPageSize} (now ${pageSize}) needs fewer requests.`
      : ''

  if (cause instanceof RequestBudgetExceeded) {
    // Under 100, the limit met is the step's own request-budget: the one the user can raise.
    const own =
      cause.limit < REQUEST_LIMIT
        ? `: ${cause.limit} is the step's request-budget (raise it, up to ${REQUEST_LIMIT}, when no other step or project of the organization shares the hour). `
        : ': '
    return (
      `The export needs more than ${cause.limit} requests${where}${own}${BUDGET_TEXT}, ` +
      `so a run never makes more than ${REQUEST_LIMIT}. ${retryAfterHour(cause.startedAt, now)} ` +
      `with a shorter date range.${fewer}${withoutPrevious(failure)} ${NO_FILE}`
    )
  }

  if (isRateLimited(cause)) {
    const when =
      cause.retryAfterMs === undefined
        ? 'Retry once the hour has passed'
        : `Retry after ${utc(now + cause.retryAfterMs)} (in ${formatDuration(cause.retryAfterMs)})`
    const said = [cause.serviceMessage, ...cause.details].filter(Boolean).join('; ')
    return (
      `${BUDGET_TEXT}, and it answered HTTP 429 (Too Many Requests)${where}. ${when}.` +
      `${fewer}${said ? ` The service said: ${sentence(said)}` : ''} ${NO_FILE}`
    )
  }
  if (cause instanceof MintlifyError) {
    return `${sentence(`${cause.message}${where ? ` —${where}` : ''}`)}${hint(cause)} ${NO_FILE}`
  }
  if (cause instanceof PaginationError) return `${cause.message} ${NO_FILE}`
  if (failure && failure.page === undefined) {
    return `${sentence(`Could not create the output file: ${getErrorMessage(cause)}`)} ${NO_FILE}`
  }
  return `${sentence(`The export failed${where}: ${getErrorMessage(cause)}`)} ${NO_FILE}`
}

/**
 * " on page 98 (offset 24250; 24,250 rows read before it)": the request it stopped on, "after" the
 * page when it stopped between requests, and the periods read whole before (so page 1 after a hundred
 * pages of the previous period never reads as a stop before anything was read); "" before any page.
 */
export function whereItStopped(failure: ExportFailure | undefined): string {
  if (failure?.page === undefined) return ''
  const { inFlight } = failure
  const earlier = failure.done.map(periodRead)
  const before = earlier.length > 0 ? `, after ${earlier.join(' and ')}` : ''
  if (typeof inFlight === 'string') return ` while reading ${lowerFirst(inFlight)}${before}`
  const on = inFlight === undefined ? 'after' : 'on'
  const period = failure.period
    ? ` of the ${failure.period} period`
    : earlier.length > 0
      ? ' of this period'
      : ''
  const rows = `${plural(failure.rowsRead, 'row')} read${on === 'on' ? ' before it' : ''}`
  const details = [
    failure.offset === undefined ? '' : `offset ${failure.offset}`,
    failure.rowsRead > 0 ? rows : ''
  ].filter(Boolean)
  const within = details.length ? ` (${details.join('; ')})` : ''
  return ` ${on} page ${failure.page}${period}${within}${before}`
}

/** With `compare: previous` both periods count: the one input that halves the reads. */
function withoutPrevious(failure: ExportFailure | undefined): string {
  const compared =
    failure?.period === 'previous' || failure?.done.some(read => read.period === 'previous')
  return compared ? ' Without compare: previous it reads this period only.' : ''
}

function periodRead({ period, pages, rows }: PeriodRead): string {
  const whose = period ? `the ${period} period's` : "this period's"
  return `${whose} ${plural(pages, 'page')}${rows > 0 ? ` (${plural(rows, 'row')})` : ''}`
}

const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1)

function hint(error: MintlifyError): string {
  if (error.kind !== 'http') return ''
  const key = keyProblem(error.status)
  if (key) return ` ${key}`
  if (error.status === 404) return ' Check project-id (and api-url).'
  return ''
}

/** The minute at or after the time, to the whole second (a few ms of the run's own never add one). */
function utc(epochMs: number): string {
  const minute = Math.ceil(Math.floor(epochMs / 1000) / 60) * 60_000
  return `${new Date(minute).toISOString().slice(0, 16).replace('T', ' ')} UTC`
}
