/**
 * What a run is, decided once: its kind and what it sends (a prompt, or an automation's trigger),
 * and what comes with them: the key, the tracking comment's frame, the marker, the report. Pure.
 */
import { InputError } from '../shared/inputs.js'
import { codeSpan, tableCell } from '../shared/markdown.js'
import type { JobResult, TriggeredRun } from '../job/result.js'
import type { RunnerContext } from '../shared/runner-context.js'
import type { CommentFrame } from '../job/tracking-text.js'
import { digestCause, renderDigestDetails, type DigestReport } from './digest/report.js'
import { causeOf, CODE_CHANGE_EVENTS, codeChangeDecision } from './follow-code/event.js'
import { isLabelEvent, labelCause, labelDecision } from './label-trigger.js'
import { promptGist } from './prompt-gist.js'
import { requestKeys } from './request-key.js'
import type { AgentRequest, EventRequest, TriggerDecision } from './request.js'
import type { AgentSettings } from './settings.js'
import { COMMENT_EVENTS, commentDecision, issueDecision, workflowDecision } from './trigger.js'

/** A prompt (its text once built), or the trigger of an automation. */
export type Sends = { kind: 'prompt'; text?: string } | { kind: 'automation'; id: string }

export interface Run {
  request: AgentRequest
  sends: Sends
}

export type RunDecision =
  | { kind: 'digest'; sends: Sends }
  | { kind: 'run' | 'needs-instruction'; request: EventRequest; sends: Sends }
  | Extract<TriggerDecision, { kind: 'ignore' | 'error' }>

export function decideRun(context: RunnerContext, settings: AgentSettings): RunDecision {
  const sends: Sends = settings.automation
    ? { kind: 'automation', id: settings.automation }
    : { kind: 'prompt' }
  // A digest of automations: the window decides whether (and when) to trigger; no event is asked.
  if (settings.digest) return { kind: 'digest', sends }
  const decision = eventDecision(context, settings, sends)
  if (decision.kind === 'ignore' || decision.kind === 'error') return decision
  return { ...decision, sends }
}

function eventDecision(
  context: RunnerContext,
  settings: AgentSettings,
  sends: Sends
): TriggerDecision {
  const { eventName, payload } = context
  const action = typeof payload.action === 'string' ? payload.action : ''
  const labelEvent = isLabelEvent(eventName, action)
  const asked = COMMENT_EVENTS.includes(eventName) || eventName === 'issues' || labelEvent
  if (sends.kind === 'automation' && asked) {
    const on = labelEvent ? 'label' : eventName
    const why = `must be empty on ${on} events: an automation runs on workflow events (a merged pull request, a push, a release, a schedule, a dispatch, workflow_run)`
    return { kind: 'error', message: new InputError('automation', why).message }
  }
  const workflow = (): TriggerDecision =>
    workflowDecision(context, settings, sends.kind === 'prompt')
  if (COMMENT_EVENTS.includes(eventName)) return commentDecision(context, action, settings)
  // Label trigger off and a workflow prompt given: a labelled issue or pull request runs the prompt.
  if (labelEvent) return labelDecision(context, settings) ?? workflow()
  if (eventName === 'issues') return issueDecision(context, action, settings)
  const codeChange = CODE_CHANGE_EVENTS.includes(eventName) && codeChangeDecision(context, settings)
  return codeChange || workflow()
}

/** The automation a run triggers; undefined: it sends a prompt. */
export function triggerIdOf(sends: Sends): string | undefined {
  return sends.kind === 'automation' ? sends.id : undefined
}

/** The run once its request is read and guarded; an automation's has no instruction of its own. */
export function runOf({ key, ...fields }: EventRequest, sends: Sends, prompt?: string): Run {
  const automation = triggerIdOf(sends)
  const instruction = automation ? '' : fields.instruction
  const request = { ...fields, instruction, ...requestKeys(key, automation) } as AgentRequest
  return { request, sends: sends.kind === 'prompt' ? { kind: 'prompt', text: prompt } : sends }
}

/** What every version of the tracking comment shows besides its headline. */
export function frameOf(
  { request, sends }: Run,
  digest: DigestReport | undefined
): Omit<CommentFrame, 'marker' | 'runUrl'> {
  return {
    instruction: request.instruction,
    requester: request.requester?.login,
    cause: digest ? digestCause(digest) : causeOfRequest(request),
    details: digest && renderDigestDetails(digest),
    trigger: triggerIdOf(sends)
  }
}

function causeOfRequest(request: AgentRequest): string | undefined {
  if (request.origin === 'label') return labelCause(request)
  return request.change && causeOf(request.change)
}

/** What the tracking comment's marker records of the run: its key, and the automation it triggers. */
export function markerFieldsOf({ request, sends }: Run): { key: string; trigger?: TriggeredRun } {
  const id = triggerIdOf(sends)
  return { key: request.requestKey, trigger: id === undefined ? undefined : { id } }
}

/** Whether a back-link may invite a follow-up to the run's job: an automation's takes none. */
export function takesFollowUp({ sends }: Run): boolean {
  return sends.kind === 'prompt'
}

/** An automation's prompt lives in Mintlify: its report is headed by the automation instead. */
export function headingOf(sends: Sends | undefined): string | undefined {
  return sends?.kind === 'automation' ? `### Mintlify automation ${codeSpan(sends.id)}` : undefined
}

/** What the report says of the run besides its job (no heading: the docs agent's). */
export interface RunReport {
  heading?: string
  sent: [name: string, value: string]
  outputs: Record<string, string>
}

/** `run` undefined: the run ended before its request was known to be allowed. */
export function reportOf(run: Run | undefined, result: JobResult): RunReport {
  const sends = run?.sends
  if (sends?.kind !== 'automation') {
    const instruction = run?.request.instruction ?? ''
    const prompt = instruction ? tableCell(promptGist(instruction, 200)) : '—'
    return { sent: ['Prompt', prompt], outputs: {} }
  }
  const instance = result.trigger?.instanceId
  return {
    heading: headingOf(sends),
    sent: ['Automation run', instance ? codeSpan(instance) : '—'],
    outputs: { 'automation-run': instance ?? '' }
  }
}
