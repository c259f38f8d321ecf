/**
 * The key a request is found by again (the tracking comment's marker). An event names itself; a
 * workflow's prompt is one request per run, job, step and input. Pure.
 */
import { createHash } from 'node:crypto'

/** A labeling's names the thread's `updated_at`: a label removed and added again is new. */
export type KeyOf =
  | { kind: 'comment' | 'review' | 'release'; id: number }
  | { kind: 'issue'; number: number }
  | { kind: 'label'; number: number; labelId: string; updatedAt: string }
  | { kind: 'pull'; number: number; mergeSha?: string }
  | { kind: 'push'; after: string }
  | ({ kind: 'workflow'; runAttempt: number } & Omit<WorkflowRequestFacts, 'automation'>)

export interface WorkflowRequestFacts {
  /** GITHUB_RUN_ID ('' in a local run). */
  runId: string
  /** GITHUB_JOB: the job's id in the workflow (shared by the legs of a matrix). */
  job: string
  /** GITHUB_ACTION: the step's id (or the runner's name for a step without one). */
  step: string
  projectId: string
  /** The instruction as the workflow gives it (`prompt` or the text of `prompt-file`). */
  prompt: string
  /** The automation the step triggers instead (it has no prompt): its id is hashed in its place. */
  automation?: string
}

/**
 * The request's key, and the key an earlier version gave it (a workflow prompt's `run-<id>`), which a
 * re-run whose first attempt ran that version finds its tracking comment under. `automation`: the
 * automation the run triggers instead of sending a prompt.
 */
export function requestKeys(
  of: KeyOf,
  automation: string | undefined
): { requestKey: string; formerKey?: string } {
  if (of.kind === 'workflow') {
    // Markers are only found again on a re-run: a first attempt has no earlier comment to find.
    // An automation is newer than the former key: nothing of it is recorded under that key.
    const former = of.runAttempt > 1 && !automation
    return {
      requestKey: workflowRequestKey({ ...of, automation }),
      formerKey: former ? legacyWorkflowRequestKey(of.runId) : undefined
    }
  }
  // An automation on an event that names itself: triggered once however often the event comes.
  return { requestKey: keyWithTrigger(eventKey(of), automation) }
}

/** A key that names itself (an event's, a digest's window), with the automation it triggers. */
export function keyWithTrigger(key: string, automation: string | undefined): string {
  return automation ? `${key}-automation-${automation}` : key
}

function eventKey(of: Exclude<KeyOf, { kind: 'workflow' }>): string {
  if (of.kind === 'label') return `label-${of.number}-${of.labelId}-${of.updatedAt}`
  if (of.kind === 'pull') return `pr-${of.number}${of.mergeSha ? `-${of.mergeSha}` : ''}`
  if (of.kind === 'issue') return `issue-${of.number}`
  if (of.kind === 'push') return `push-${of.after}`
  return `${of.kind}-${of.id}`
}

/** 12 hex digits of SHA-256: enough to tell the inputs of one step apart, short in a marker. */
function inputDigest(projectId: string, prompt: string): string {
  return createHash('sha256').update(`${projectId}\n${prompt}`).digest('hex').slice(0, 12)
}

export function workflowRequestKey(facts: WorkflowRequestFacts): string {
  const parts = [
    legacyWorkflowRequestKey(facts.runId),
    facts.job || '-',
    facts.step || '-',
    inputDigest(facts.projectId, facts.automation ?? facts.prompt)
  ]
  return parts.join(':')
}

/** The key version 1.0 gave every workflow prompt of a run; its markers are honoured on re-runs. */
export function legacyWorkflowRequestKey(runId: string): string {
  return `run-${runId || 'local'}`
}
