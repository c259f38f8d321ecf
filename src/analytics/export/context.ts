/**
 * What every dataset's export shares: its settings, the context passed down, the failure that says where
 * it stopped, the writer's life cycle, one page request and one export.
 */
import type { MintlifyClient } from '../../mintlify/client.js'
import type { Operation } from '../../mintlify/errors.js'
import { maxAttempts } from '../../mintlify/retry-policy.js'
import { withRetry } from '../../mintlify/with-retry.js'
import type { PageViewRow } from '../../mintlify/types.js'
import { getErrorMessage } from '../../shared/errors.js'
import type { Runtime } from '../../shared/runtime.js'
import type { ServiceSettings } from '../../shared/service-settings.js'
import type { DateRange } from '../dates.js'
import type { DailyMode } from '../defaults.js'
import type { DailySection } from '../report/daily-section.js'
import type { RequestBudget } from './budget.js'
import { Progress, type OtherPeriod, type PeriodRead } from './progress.js'
import { openExportWriter, type ExportFormat, type RowFormat } from './writers.js'

export interface ExportSettings {
  service: ServiceSettings
  /** As sent to the service (`-7d` already resolved); undefined: not sent. */
  dateFrom?: string
  dateTo?: string
  pageSize: number
  format: ExportFormat
  summaryRows: number
  /** With `compare: previous`: the period of the same length just before dateFrom. */
  previous?: Required<DateRange>
  chart: boolean
  daily?: DailyMode
}

export type DatasetRead<Summary> = {
  rows: number
  requests: number
  summary: Summary
  files?: string[]
}

/** Where the export stopped, as its progress had it, with the error that stopped it. */
export class ExportFailure extends Error {
  /** The page being read when it failed (from 1); undefined when it failed before any request. */
  declare readonly page: number | undefined
  declare readonly offset: number | undefined
  declare readonly rowsRead: number
  /** Set when the comparison's previous period (or the impact baseline) was being read. */
  declare readonly period?: OtherPeriod
  declare readonly done: readonly PeriodRead[]
  /** The request it stopped on; undefined when it stopped between requests (after `page`). */
  declare readonly inFlight?: number | string

  constructor(
    readonly cause: unknown,
    where: Partial<Pick<Progress, 'page' | 'offset' | 'rowsRead' | 'period' | 'done' | 'inFlight'>>,
    readonly requests = 0
  ) {
    super(getErrorMessage(cause))
    Object.assign(this, { rowsRead: 0, done: [], ...where })
    this.name = 'ExportFailure'
  }
}

export interface ExportContext {
  settings: ExportSettings
  path: string
  rt: Runtime
  client: MintlifyClient
  budget: RequestBudget
  progress: Progress
  /** A section that reads beside the export (the impact section), completed before the file is. */
  impact?: ExportTap
  /** The points per day as a step of several datasets planned them (read or left out): not read again. */
  daily?: { section: DailySection | undefined }
}

/** What a section reading beside the export sees: the range's views, then its turn to read. */
export interface ExportTap {
  /** The fewest requests `complete` makes: checked against the budget before the first request. */
  readonly minimumRequests: number
  observe(rows: readonly PageViewRow[]): void
  complete(ctx: ExportContext): Promise<Record<string, unknown>>
}

export interface Filled<T> {
  tail: Record<string, unknown>
  outcome: T
  /** Optional reads made last, after the impact section's: their fields and outcome replace these. */
  last?: () => Promise<Filled<T>>
}

/**
 * Opens the file, lets `body` fill it, and completes it with the fields `body` returns (after the
 * impact section's reads, then `last`); the file is discarded when anything fails (or the run is
 * cancelled) before it is complete.
 */
export async function withWriter<Row, T>(
  ctx: ExportContext,
  rowFormat: RowFormat<Row>,
  body: (writeRows: (rows: readonly Row[]) => Promise<void>) => Promise<Filled<T>>
): Promise<T> {
  const { settings } = ctx
  let writer
  try {
    const meta = { dateFrom: settings.dateFrom, dateTo: settings.dateTo }
    writer = await openExportWriter(ctx.path, { format: settings.format, meta, rowFormat })
  } catch (error) {
    throw new ExportFailure(error, {})
  }
  try {
    const filled = await body(rows => writer.writeRows(rows))
    const extra = ctx.impact ? await ctx.impact.complete(ctx) : {}
    const { tail, outcome } = filled.last ? await filled.last() : filled
    ctx.rt.signal.throwIfAborted()
    await writer.finish({ ...tail, ...extra })
    return outcome
  } catch (error) {
    await writer.discard()
    throw error
  }
}

export interface PageRequest {
  operation: Operation
  /** The page number, or what the request reads when it is no page. */
  page: number | string
}

/**
 * One page request as the flows make it: counted against the budget before it leaves (a retry is a
 * request too), under the operation's retry policy, with a log line before each retry.
 */
export async function fetchPage<T>(
  ctx: ExportContext,
  { operation, page }: PageRequest,
  call: (signal?: AbortSignal) => Promise<T>
): Promise<T> {
  const { rt, budget, progress } = ctx
  progress.inFlight = page
  const counted = (signal?: AbortSignal): Promise<T> => {
    budget.take()
    return call(signal)
  }
  const onRetry = progress.retryLine(rt.log, page, maxAttempts(operation))
  const { rateLimitWaits } = budget
  const answer = await withRetry(counted, rt, { operation, onRetry, rateLimitWaits })
  progress.inFlight = undefined
  return answer
}

export async function exportDataset<Exported>(
  base: Omit<ExportContext, 'progress'>,
  dataset: { export(ctx: ExportContext): Promise<Exported> }
): Promise<Exported> {
  const ctx: ExportContext = { ...base, progress: new Progress() }
  try {
    // The cost known before anything is read: one page of each period the export reads, and the
    // impact section's fewest; over the budget, the run stops here.
    if (ctx.impact) ctx.budget.ensure((ctx.settings.previous ? 2 : 1) + ctx.impact.minimumRequests)
    return await dataset.export(ctx)
  } catch (error) {
    if (error instanceof ExportFailure) throw error
    const cause = ctx.rt.signal.aborted ? ctx.rt.signal.reason : error
    throw new ExportFailure(cause, ctx.progress, ctx.budget.used)
  }
}
