/**
 * The `automation` input: the id of a Mintlify automation to trigger instead of creating a job. Its
 * prompt lives in Mintlify, so it is never given with a prompt, a job to attach to, or a digest; each
 * wrong form is an InputError naming `automation`, raised before any request.
 */
import { InputError, parseBoolean, readString, type InputReader } from '../shared/inputs.js'
import { AGENT_DEFAULTS } from './defaults.js'

/** Letters, digits, `-` and `_`: the id goes into the URL path and the tracking marker as it is. */
const AUTOMATION_ID = /^[A-Za-z0-9_-]{1,200}$/

/** Inputs that give the agent its own prompt or job: an automation has neither. */
const EXCLUSIVE = ['prompt', 'prompt-file', 'job-id'] as const

export function parseAutomation(read: InputReader): string | undefined {
  const automation = readString(read, 'automation') || undefined
  if (automation === undefined) return undefined
  if (!AUTOMATION_ID.test(automation)) {
    throw new InputError(
      'automation',
      "must be an automation id of letters, digits, `-` and `_` (copy it from the automation's settings on the Automations page of the Mintlify dashboard)",
      automation
    )
  }
  const other = EXCLUSIVE.find(name => readString(read, name) !== '')
  if (other) {
    throw new InputError(
      'automation',
      `must be empty when \`${other}\` is set: an automation's prompt lives in Mintlify (give one of the two)`
    )
  }
  if (parseBoolean(read, 'digest', { fallback: AGENT_DEFAULTS.digest })) {
    throw new InputError(
      'automation',
      'must be empty when `digest` is true: a digest is a job of its own (give one of the two)'
    )
  }
  return automation
}

/** Events whose request is a person's or a label's: an automation is for workflow events only. */
export function automationEventError(eventName: string, labelEvent: boolean): string | undefined {
  const asked = ['issue_comment', 'pull_request_review_comment', 'issues'].includes(eventName)
  if (!asked && !labelEvent) return undefined
  return new InputError(
    'automation',
    `must be empty on ${labelEvent ? 'label' : eventName} events: an automation runs on workflow events (a merged pull request, a push, a release, a schedule, a dispatch, workflow_run)`
  ).message
}
