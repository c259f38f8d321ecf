/**
 * `dry-run: true`, a switch at a run's edges rather than a kind of run: each place that writes or
 * spends asks the {@link Edge}, which on a dry run notes what would have happened there instead.
 * The run stops where it would send, and reports its decision and the text it would send. Pure.
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
  skips: boolean
  /** The text it would send, raw; the job it would continue. */
  prompt?: string
  jobId?: string
  would: string[]
  sends?: Sends
  digest?: DigestReport
}

/** A dry run where a real run starts nothing, `reason` being why. */
export function drySkip(reason: string, edge: Edge, digest?: DigestReport): DryRun {
  const decision = `would skip: ${reason}`
  return { kind: 'dry-run', decision, skips: true, would: edge.would, digest }
}

/** A dry run at the point where a real run would carry out `plan`. */
export function dryRunOf(plan: JobPlan, sends: Sends, edge: Edge, digest?: DigestReport): DryRun {
  if (plan.kind === 'owned') {
    const reason = `workflow run ${plan.run ?? '(unknown)'} already handles this request`
    return drySkip(reason, edge, digest)
  }
  const jobId = plan.kind === 'attach' || plan.kind === 'follow-up' ? plan.jobId : undefined
  const prompt = plan.kind === 'create' || plan.kind === 'follow-up' ? plan.prompt : undefined
  const decision = decisionOf(plan, sends)
  return {
    kind: 'dry-run',
    decision,
    skips: false,
    prompt,
    jobId,
    sends,
    digest,
    would: edge.would
  }
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
