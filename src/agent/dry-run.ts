/**
 * `dry-run: true`, a switch at a run's edges, not a kind of run: each write asks the {@link Edge},
 * which on a dry run notes what it would do instead; the run stops where it would send. Pure.
 */
import { codeBlock, codeSpan } from '../shared/markdown.js'
import type { DigestReport } from './digest/report.js'
import type { JobPlan } from './plan.js'
import type { Sends } from './run.js'

export class Edge {
  /** What a dry run would have done at each write, in order. */
  readonly would: string[] = []

  constructor(readonly dry: boolean) {}

  /** `act` on a real run; on a dry run, "would `what`" is noted instead and nothing done (undefined). */
  async write<T>(what: string, act: () => Promise<T>): Promise<T | undefined> {
    if (!this.dry) return act()
    this.note(what)
    return undefined
  }

  /** A write a later step makes (a claim taken over): noted on a dry run. */
  note(what: string): void {
    if (this.dry) this.would.push(`would ${what}`)
  }
}

export interface DryRun {
  kind: 'dry-run'
  /** What a real run would do, in one line: "would create a job", "would skip: …". */
  decision: string
  status: 'dry-run' | 'skipped'
  /** The text it would send, raw; the job it would continue. */
  prompt?: string
  jobId?: string
  would: string[]
  sends?: Sends
  digest?: DigestReport
}

/** A dry run where a real run starts nothing, `reason` being why; `would`: the edge's notes. */
export function drySkip(reason: string, would: string[], digest?: DigestReport): DryRun {
  return { kind: 'dry-run', decision: `would skip: ${reason}`, status: 'skipped', would, digest }
}

/** A dry run at the point where a real run would carry out `plan`. */
export function dryRunOf(plan: JobPlan, sends: Sends, would: string[], digest?: DigestReport) {
  if (plan.kind === 'owned') {
    return drySkip(`workflow run ${plan.run ?? '(unknown)'} already handles this request`, would)
  }
  const jobId = plan.kind === 'attach' || plan.kind === 'follow-up' ? plan.jobId : undefined
  const prompt = plan.kind === 'create' || plan.kind === 'follow-up' ? plan.prompt : undefined
  const decision = decisionOf(plan, sends)
  const dry: DryRun = { kind: 'dry-run', decision, status: 'dry-run', would, sends, digest }
  return { ...dry, jobId, prompt }
}

function decisionOf(plan: Exclude<JobPlan, { kind: 'owned' }>, sends: Sends): string {
  switch (plan.kind) {
    case 'unknown':
      return 'would start nothing: a job may exist for this request that nobody can name'
    case 'attach':
      return `would re-attach to job ${codeSpan(plan.jobId)}`
    case 'trigger':
      return `would trigger ${codeSpan(sends.kind === 'prompt' ? '' : sends.id)}`
    case 'create':
      return 'would create a job'
    case 'follow-up':
      return `would send a follow-up to job ${codeSpan(plan.jobId)}`
  }
}

/** The summary's lines under its heading: the decision, the writes it skipped, the text, inert. */
export function renderDryRun({ decision, would, prompt }: DryRun): string {
  const lines = [`🧪 Dry run: ${decision}. Nothing was sent to Mintlify or written on GitHub.`]
  if (would.length > 0) lines.push('', ...would.map(what => `- ${what}`))
  if (prompt !== undefined) {
    lines.push('', `The text it would send (${prompt.length} characters):`, '')
    lines.push(codeBlock(prompt.split(/\r?\n/), 'text'))
  }
  return lines.join('\n')
}
