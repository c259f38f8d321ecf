/**
 * One export: pages from the service (each under the retry policy) into the file writer and the
 * top-pages tally, then the file moved into place. Any failure removes the unfinished file and is
 * rethrown as an ExportFailure that knows where the export stopped.
 */
import { createMintlifyClient } from '../mintlify/client.js'
import { RETRY_BUDGETS } from '../mintlify/retry-policy.js'
import type { PageViewRow, ViewTotals } from '../mintlify/types.js'
import { withRetry } from '../mintlify/with-retry.js'
import { getErrorMessage } from '../shared/errors.js'
import { logLine } from '../shared/log-line.js'
import type { Runtime } from '../shared/runtime.js'
import { paginate } from './pagination.js'
import type { AnalyticsSettings } from './settings.js'
import { TopPages } from './top-pages.js'
import { openExportWriter, type ExportWriter } from './writers.js'
import { plural } from '../shared/plural.js'

export interface ExportOutcome {
  totals: ViewTotals
  rows: number
  requests: number
  /** The `summaryRows` most viewed pages, best first. */
  top: PageViewRow[]
}

/** Where the export stopped, with the error that stopped it. */
export class ExportFailure extends Error {
  constructor(
    readonly cause: unknown,
    /** The page being read when it failed (from 1); undefined when it failed before any request. */
    readonly page: number | undefined,
    readonly offset: number | undefined,
    readonly rowsRead: number
  ) {
    super(getErrorMessage(cause))
    this.name = 'ExportFailure'
  }
}

export async function exportPageViews(
  settings: AnalyticsSettings,
  path: string,
  rt: Runtime,
  options: { requestTimeoutMs?: number } = {}
): Promise<ExportOutcome> {
  const { signal, log } = rt
  const client = createMintlifyClient(settings.service, options)
  const maxAttempts = RETRY_BUDGETS['get-page-views'].maxAttempts
  const top = new TopPages(settings.summaryRows)
  let page: number | undefined
  let offset: number | undefined
  let rowsRead = 0

  let writer: ExportWriter
  try {
    writer = await openExportWriter(settings.format, path, {
      dateFrom: settings.dateFrom,
      dateTo: settings.dateTo
    })
  } catch (error) {
    throw new ExportFailure(error, undefined, undefined, 0)
  }

  try {
    const result = await paginate(
      { dateFrom: settings.dateFrom, dateTo: settings.dateTo, pageSize: settings.pageSize },
      query => {
        page = (page ?? 0) + 1
        offset = query.offset
        const current = page
        return withRetry('get-page-views', s => client.getPageViews(query, { signal: s }), rt, {
          onRetry: ({ attempt, delayMs, error }) =>
            log.info(
              `Page ${current}: ${logLine(getErrorMessage(error))}; retrying in ` +
                `${(delayMs / 1000).toFixed(1)} s (attempt ${attempt + 1} of ${maxAttempts}).`
            )
        })
      },
      async rows => {
        await writer.writeRows(rows)
        top.addAll(rows)
      },
      {
        onPage: info => {
          rowsRead = info.rowsSoFar
          log.info(
            `Page ${info.page} (offset ${info.offset}): ${plural(info.rows, 'row')}, ${info.rowsSoFar} so far` +
              (info.hasMore ? '; more to come.' : '; done.')
          )
        },
        onWarning: message => log.warning(message)
      }
    )
    signal.throwIfAborted()
    await writer.finish(result.totals)
    return { ...result, top: top.sorted() }
  } catch (error) {
    await writer.discard()
    throw new ExportFailure(signal.aborted ? signal.reason : error, page, offset, rowsRead)
  }
}
