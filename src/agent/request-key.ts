/**
 * The key a request is found by again (the tracking comment's marker). A comment, an issue or a code
 * change names itself; a prompt the workflow gives is one request per run, job, step and input, so
 * two steps of a run, two matrix legs or two prompts to one issue never share a job, while a re-run of
 * the same step (same run id, a later attempt) finds its own.
 */
import { createHash } from 'node:crypto'

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

/**
 * An automation's request on an event that names itself (a merged pull request, a push, a release):
 * the event's key with the automation id, so a re-run or a second delivery triggers it once.
 */
export function automationRequestKey(eventKey: string, automationId: string): string {
  return `${eventKey}-automation-${automationId}`
}

/** The key version 1.0 gave every workflow prompt of a run; its markers are honoured on re-runs. */
export function legacyWorkflowRequestKey(runId: string): string {
  return `run-${runId || 'local'}`
}
