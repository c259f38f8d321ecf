/**
 * One export of any dataset: the flow that fits it (traffic with or without the comparison, or a
 * cursor dataset) with a fresh client, request budget and progress. Any failure becomes an
 * ExportFailure that knows where the export stopped; the unfinished file is already gone.
 */
import { createMintlifyClient } from '../../mintlify/client.js'
import type { Runtime } from '../../shared/runtime.js'
import { RequestBudget, REQUEST_LIMIT } from './budget.js'
import { ExportFailure, type ExportContext, type ExportOutcome, type ExportTap } from './context.js'
import { exportAssistant, exportFeedback, exportSearches } from './cursor-datasets.js'
import { exportTraffic } from './traffic.js'
import { Progress } from './progress.js'
import type { AnalyticsSettings } from '../settings.js'

export { ExportFailure, type ExportOutcome } from './context.js'

export interface ExportOptions {
  requestTimeoutMs?: number
  /** Requests a run may make (default REQUEST_LIMIT, the service's hourly budget). */
  maxRequests?: number
  /** The impact section, read beside the export on its budget. */
  impact?: ExportTap
}

/** What to export, and the file it goes to. */
export interface ExportTarget {
  settings: AnalyticsSettings
  path: string
}

export async function exportDataset(
  { settings, path }: ExportTarget,
  rt: Runtime,
  options: ExportOptions = {}
): Promise<ExportOutcome> {
  const ctx: ExportContext = {
    settings,
    path,
    rt,
    client: createMintlifyClient(settings.service, options),
    budget: new RequestBudget(options.maxRequests ?? REQUEST_LIMIT, () => rt.clock.now()),
    progress: new Progress(),
    impact: options.impact
  }
  try {
    if (options.impact) {
      // The cost known before anything is read: one page of each period the export reads, and the
      // impact section's fewest; over the budget, the run stops here.
      const known = (settings.previous ? 2 : 1) + options.impact.minimumRequests
      ctx.budget.ensure(known)
    }
    switch (settings.dataset) {
      case 'views':
      case 'visitors':
        return await exportTraffic(ctx, settings.dataset)
      case 'searches':
        return await exportSearches(ctx)
      case 'feedback':
        return await exportFeedback(ctx)
      case 'assistant':
        return await exportAssistant(ctx)
    }
  } catch (error) {
    if (error instanceof ExportFailure) throw error
    const { page, offset, rowsRead, period } = ctx.progress
    throw new ExportFailure({
      cause: rt.signal.aborted ? rt.signal.reason : error,
      page,
      offset,
      rowsRead,
      period,
      requests: ctx.budget.used
    })
  }
}
