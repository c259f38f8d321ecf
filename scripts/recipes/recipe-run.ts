/**
 * A recipe's runs, each in a fresh world, and what makes them pass: every case on its event (every
 * step that should run ran and succeeded, none wrote a warning, the expected outcome holds); once
 * with each prerequisite unset (a required one ends in a failed step whose error line names it,
 * with no paid request from that step on; an optional one lets the run go on); and its events of
 * one concurrency group as GitHub queues them.
 */
import { notDelivered, queueOutcome, type Concurrency } from './delivery.js'
import { interpolate } from './expressions.js'
import type { Case, Recipe } from './expected.js'
import { runWorkflow, type EventSpec, type WorkflowRun } from './jobs.js'
import { prerequisitesOf, type Workflow } from './workflow.js'
import { startWorld, stopWorld, type World } from './world.js'

export interface Row {
  recipe: string
  event: string
  ran: number
  skipped: number
  outcome: string
  problems: string[]
}

/** Steps that ran and were skipped, over the run's jobs. */
function counts(run: WorkflowRun | undefined): { ran: number; skipped: number } {
  const steps = run?.jobs.flatMap(j => j.steps) ?? []
  const ran = steps.filter(s => s.outcome !== 'skipped').length
  return { ran, skipped: steps.length - ran }
}

/** What keeps a run from passing: failed or warning steps, steps that ran or not against the case. */
function stepProblems(run: WorkflowRun, skipped: string[] = []): string[] {
  const problems: string[] = []
  for (const job of run.jobs) {
    const jobSkipped = skipped.includes(`job:${job.id}`)
    if ((job.result === 'skipped') !== jobSkipped) {
      problems.push(`job ${job.id} ${jobSkipped ? 'ran' : 'was skipped'}`)
    }
    for (const step of job.steps) {
      const shouldSkip = skipped.includes(step.label)
      if ((step.outcome === 'skipped') !== shouldSkip) {
        problems.push(`${job.id}: step ${step.label} ${shouldSkip ? 'ran' : 'was skipped'}`)
      }
      if (step.outcome === 'failure') {
        problems.push(
          `${job.id}: step ${step.label} failed: ${step.errors[0] ?? lastLine(step.log)}`
        )
      }
      for (const warning of step.warnings)
        problems.push(`${job.id}: step ${step.label} warned: ${warning}`)
    }
  }
  return problems
}

const lastLine = (log: string) => log.trim().split('\n').at(-1) ?? ''

async function inWorld<T>(work: (w: World) => Promise<T>, change?: (w: World) => void): Promise<T> {
  const world = await startWorld()
  change?.(world)
  try {
    return await work(world)
  } finally {
    await stopWorld(world)
  }
}

/** One case: delivered or not as expected, and then the run's steps and outcome. */
async function runCase(
  workflow: Workflow,
  c: Case,
  unset?: string
): Promise<{ run?: WorkflowRun; problems: string[] }> {
  return inWorld(
    async w => {
      const event = c.spec(w)
      const why = notDelivered(workflow, event)
      if (c.notDelivered) return { problems: why ? [] : ['GitHub would deliver this event'] }
      if (why) return { problems: [`not delivered: ${why}`] }
      const run = await runWorkflow(w, workflow, event)
      return { run, problems: [...stepProblems(run, c.skipped), ...(c.expect?.(w, run) ?? [])] }
    },
    w => {
      if (unset) {
        delete w.vars[unset]
        delete w.secrets[unset]
      }
    }
  )
}

/** The inputs fed by a variable or secret: what an error line may name instead of it. */
function inputsFedBy(workflow: Workflow, name: string): string[] {
  const steps = Object.values(workflow.raw.jobs).flatMap(j => j.steps)
  return steps.flatMap(step =>
    Object.entries(step.with ?? {})
      .filter(([, value]) => new RegExp(`\\b(vars|secrets)\\.${name}\\b`).test(String(value)))
      .map(([input]) => input)
  )
}

async function unsetRun(workflow: Workflow, recipe: Recipe, name: string): Promise<Row> {
  const first = recipe.cases[0]
  const { run } = await runCase(workflow, first, name)
  const steps = run?.jobs.flatMap(j => j.steps) ?? []
  const failedAt = steps.findIndex(s => s.outcome === 'failure')
  const problems: string[] = []
  let outcome: string
  const optional = recipe.optional?.[name]
  if (optional) {
    outcome = `${name} unset: ${optional === 'notice' ? 'a notice, and ' : ''}the run goes on`
    const notices = steps.flatMap(step => step.notices)
    if (optional === 'notice' && !notices.some(n => n.includes(name))) {
      problems.push(`no notice names ${name}`)
    }
    if (failedAt !== -1)
      problems.push(`step ${steps[failedAt].label} failed: ${steps[failedAt].errors[0] ?? ''}`)
    for (const step of steps)
      problems.push(...step.warnings.map(w => `step ${step.label} warned: ${w}`))
  } else {
    const names = [name, ...inputsFedBy(workflow, name)]
    const failed = steps[failedAt]
    const line = failed?.errors.find(e => names.some(n => e.includes(n)))
    const named = names.find(n => line?.includes(n))
    outcome = `${name} unset: fails in one line${named ? ` naming ${named}` : ''}, nothing spent`
    if (failed === undefined) problems.push(`no step failed without ${name}`)
    else {
      if (line === undefined) {
        problems.push(
          `step ${failed.label} failed without a line naming ${names.join(' or ')}: ${failed.errors[0] ?? lastLine(failed.log)}`
        )
      }
      if (failed.errors.length > 1)
        problems.push(`step ${failed.label} wrote ${failed.errors.length} error lines`)
      const spent = steps.slice(failedAt).reduce((sum, s) => sum + s.paid, 0)
      if (spent > 0) problems.push(`${spent} paid request(s) from the failing step on`)
    }
  }
  return { recipe: workflow.file, event: first.event, ...counts(run), outcome, problems }
}

/** A job's (or the workflow's) concurrency for one event, its group evaluated. */
function concurrencyOf(workflow: Workflow, event: EventSpec, w: World): Concurrency | undefined {
  const raw = Object.values(workflow.raw.jobs)[0]?.concurrency ?? workflow.raw.concurrency
  if (raw === undefined) return undefined
  const map = typeof raw === 'string' ? { group: raw } : (raw as Record<string, unknown>)
  const contexts = {
    github: {
      event_name: event.eventName,
      event: event.payload,
      run_id: '4242',
      repository: 'acme/docs'
    },
    vars: w.vars,
    inputs: event.inputs ?? {}
  }
  const group = interpolate(String(map.group), contexts, {
    failed: false,
    cancelled: false,
    workspace: ''
  })
  return {
    group,
    queue: map.queue === 'max' ? 'max' : 'single',
    cancelInProgress: map['cancel-in-progress'] === true
  }
}

async function queuedRun(workflow: Workflow, recipe: Recipe): Promise<Row> {
  const queued = recipe.queued!
  return inWorld(async w => {
    const events = queued.specs(w)
    const groups = events.map(e => concurrencyOf(workflow, e, w))
    const outcomes =
      groups[0] && groups.every(g => g?.group === groups[0]?.group)
        ? queueOutcome(groups[0], events.length)
        : events.map(() => 'run' as const)
    const problems = outcomes.flatMap((o, i) =>
      o === queued.runs[i] ? [] : [`event ${i + 1}: ${o}, expected ${queued.runs[i]}`]
    )
    let ran = 0
    let skipped = 0
    for (const [i, event] of events.entries()) {
      if (outcomes[i] !== 'run') continue
      const run = await runWorkflow(w, workflow, event)
      const n = counts(run)
      ran += n.ran
      skipped += n.skipped
      problems.push(...stepProblems(run, recipe.cases[0].skipped).map(p => `event ${i + 1}: ${p}`))
    }
    problems.push(...(queued.expect?.(w) ?? []))
    return {
      recipe: workflow.file,
      event: queued.event,
      ran,
      skipped,
      outcome: queued.outcome,
      problems
    }
  })
}

/** Every run of a recipe: its cases, then (when `full`) each prerequisite unset and its queue. */
export async function runRecipe(workflow: Workflow, recipe: Recipe, full: boolean): Promise<Row[]> {
  if (workflow.errors.length > 0) {
    return [
      {
        recipe: workflow.file,
        event: '-',
        ran: 0,
        skipped: 0,
        outcome: 'invalid workflow',
        problems: workflow.errors
      }
    ]
  }
  const rows: Row[] = []
  for (const c of recipe.cases) {
    const { run, problems } = await runCase(workflow, c)
    rows.push({
      recipe: workflow.file,
      event: c.event,
      ...counts(run),
      outcome: c.outcome,
      problems
    })
  }
  if (!full) return rows
  for (const { name } of prerequisitesOf(workflow))
    rows.push(await unsetRun(workflow, recipe, name))
  if (recipe.queued) rows.push(await queuedRun(workflow, recipe))
  return rows
}
