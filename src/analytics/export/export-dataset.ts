/**
 * One export of any dataset: its descriptor's export, on the step's client and budget, with its own progress.
 * Any failure becomes an ExportFailure that knows where the export stopped; the unfinished file is
 * already gone.
 */
import type { MintlifyClient } from '../../mintlify/client.js'
import type { Runtime } from '../../shared/runtime.js'
import type { RequestBudget } from './budget.js'
import {
  ExportFailure,
  type ExportContext,
  type ExportSettings,
  type ExportTap
} from './context.js'
import { Progress } from './progress.js'

export { ExportFailure } from './context.js'

export interface ExportOptions {
  /** The step's client (with several datasets, one that keeps the answers or replays them). */
  client: MintlifyClient
  /** The step's budget, or a dataset's share of it. */
  budget: RequestBudget
  /** The impact section, read beside the export on its budget. */
  impact?: ExportTap
  /** The points per day as a step of several datasets planned them. */
  daily?: ExportContext['daily']
}

/** What to export (a descriptor: its export's result is handed back as it is), and where. */
export interface ExportTarget<Exported> {
  settings: ExportSettings
  dataset: { export(ctx: ExportContext): Promise<Exported> }
  path: string
}

export async function exportDataset<Exported>(
  { settings, dataset, path }: ExportTarget<Exported>,
  rt: Runtime,
  options: ExportOptions
): Promise<Exported> {
  const ctx: ExportContext = {
    settings,
    path,
    rt,
    client: options.client,
    budget: options.budget,
    progress: new Progress(),
    impact: options.impact,
    daily: options.daily
  }
  try {
    if (options.impact) {
      // The cost known before anything is read: one page of each period the export reads, and the
      // impact section's fewest; over the budget, the run stops here.
      const known = (settings.previous ? 2 : 1) + options.impact.minimumRequests
      ctx.budget.ensure(known)
    }
    return await dataset.export(ctx)
  } catch (error) {
    if (error instanceof ExportFailure) throw error
    const { page, offset, rowsRead, period, done, inFlight } = ctx.progress
    throw new ExportFailure({
      cause: rt.signal.aborted ? rt.signal.reason : error,
      page,
      offset,
      rowsRead,
      period,
      requests: ctx.budget.used,
      done,
      inFlight
    })
  }
}
