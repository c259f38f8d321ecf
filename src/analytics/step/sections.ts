/**
 * The optional sections of a step of several datasets, in the plan's order. Each is read whole or left out:
 * one that does not fit is not begun, one that runs past the budget is dropped (its requests counted).
 */
import { basename } from 'node:path'
import { isRateLimited } from '../../mintlify/errors.js'
import { plural } from '../../shared/plural.js'
import { datasetFacts } from '../dataset-list.js'
import { describeFailure } from '../failure.js'
import { RequestBudgetExceeded } from '../export/budget.js'
import type { ExportContext } from '../export/context.js'
import { dailyRequests, readAllPoints } from '../export/daily.js'
import { paginate } from '../export/pagination.js'
import { Progress } from '../export/progress.js'
import { trafficSource } from '../export/traffic-source.js'
import { pageReader } from '../export/traffic.js'
import type { ImpactRun } from '../impact/run.js'
import {
  fits,
  impactEstimate,
  impactHost,
  leftOutLine,
  previousEstimate,
  sectionName,
  sectionOrder,
  type OptionalSection
} from './plan.js'
import { datasetSettings, type DatasetOutcome, type Step } from './step.js'

const STOPPED_BY_429 = 'a 429 (Too Many Requests) stopped the reading'

export async function readSections(step: Step, impact: ImpactRun | undefined): Promise<void> {
  const read = step.outcomes.filter(o => o.ending.kind === 'written')
  const names = read.map(o => o.name)
  const traffic = names.filter(name => datasetFacts(name).comparable)
  const order = sectionOrder(names, {
    previous: step.settings.previous ? traffic : [],
    impact: impact?.tap ? impactHost(step.names) : undefined,
    daily: dailyRequests({ ...step.settings, previous: undefined }) > 0 ? traffic : []
  })
  for (const section of order) {
    const outcome = read.find(o => o.name === section.dataset) as DatasetOutcome
    await readSection(step, { section, outcome, impact })
  }
}

interface SectionRead {
  section: OptionalSection
  outcome: DatasetOutcome
  impact: ImpactRun | undefined
}

/** Its requests before it is read: exact for the points, from the rows' pages for the others. */
function estimate(step: Step, { section, outcome, impact }: SectionRead): number {
  if (section.kind === 'previous') return previousEstimate(outcome.rowsRequests ?? 0)
  if (section.kind === 'daily') return dailyRequests(datasetSettings(step, outcome))
  const views = step.outcomes.find(o => o.name === 'views' && o.ending.kind === 'written')
  return impactEstimate(impact?.tap?.minimumRequests ?? 0, views?.rowsRequests)
}

async function readSection(step: Step, read: SectionRead): Promise<void> {
  const { budget, rt } = step
  const { section, outcome } = read
  const what = sectionName(section)
  const needed = estimate(step, read)
  const budgetLeft = (): string =>
    `the budget of ${plural(budget.limit, 'request')} has ${budget.limit - budget.used} left`
  const leaveOut = (requests: number, why: string, atLeast?: boolean): void => {
    const line = { dataset: section.dataset, what, requests, atLeast }
    step.leftOut.push(line)
    rt.log.info(`Left out ${leftOutLine(line)}: ${why}.`)
  }
  if (step.stopped) return leaveOut(needed, STOPPED_BY_429)
  if (!fits(needed, { used: budget.used, budget: budget.limit })) {
    return leaveOut(needed, budgetLeft())
  }
  const before = budget.used
  const ctx: ExportContext = {
    settings: datasetSettings(step, outcome),
    path: outcome.path,
    rt,
    client: step.kept.live(),
    budget,
    progress: new Progress()
  }
  try {
    await readOne(step, ctx, read)
    rt.log.info(`${section.dataset}: ${what}: ${plural(budget.used - before, 'request')}.`)
  } catch (error) {
    if (rt.signal.aborted) throw error
    if (error instanceof RequestBudgetExceeded) {
      return leaveOut(budget.limit - before, `its reads ran past it: ${budgetLeft()}`, true)
    }
    const closing = `Left out: ${basename(outcome.path)} is written without it.`
    const message = `${section.dataset}: ${what}: ${describeFailure(error, { now: rt.clock.now(), closing })}`
    const limited = isRateLimited(error)
    if (limited) step.stopped = message
    else rt.log.warning(message)
    leaveOut(needed, limited ? STOPPED_BY_429 : 'a read failed (the warning above)')
  } finally {
    outcome.requests += budget.used - before
  }
}

async function readOne(
  step: Step,
  ctx: ExportContext,
  { section, outcome, impact }: SectionRead
): Promise<void> {
  const source = trafficSource(outcome.name === 'views' ? 'views' : 'visitors')
  if (section.kind === 'impact') {
    await impact?.tap?.complete({ ...ctx, settings: { ...ctx.settings, pageSize: 250 } })
    outcome.impact = true
  } else if (section.kind === 'daily') {
    outcome.daily = await readAllPoints(ctx, source)
  } else {
    // The previous period's pages, kept for the second write of the file (which joins them).
    const { previous } = step.settings
    if (previous) {
      ctx.progress.begin('previous')
      const flow = { fetchPage: pageReader(ctx, source), sink: async () => {} }
      const plan = { ...previous, pageSize: ctx.settings.pageSize }
      await paginate(plan, flow, { onWarning: message => ctx.rt.log.warning(message) })
    }
    outcome.previous = true
  }
}
