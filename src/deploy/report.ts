/**
 * The deploy action's own texts (pure): the step summary around the report (job/deploy-report.ts,
 * which the sweep shares), whether a result fails the step, and a refusal worded for the person who
 * fixes it. The service's texts are shown inert.
 */
import { keyProblem, MintlifyError } from '../mintlify/errors.js'
import { LIMIT_TEXT } from '../mintlify/request-shape.js'
import { formatDuration } from '../shared/duration.js'
import { getErrorMessage } from '../shared/errors.js'
import { codeSpan, inert } from '../shared/markdown.js'
import { cutAtCharacter } from '../shared/text-cut.js'
import { headline, reportBody, type DeployMode, type DeployResult } from '../job/deploy-report.js'

/** Whether the step fails with fail-on-error (a cancel always fails it). */
export function isFailure(result: DeployResult): boolean {
  return ['failure', 'timed-out', 'refused'].includes(result.status)
}

/** The step summary: the same report under a heading. */
export function renderDeploySummary(result: DeployResult, runLink: string): string {
  return ['## Mintlify deployment', '', headline(result), '', reportBody(result, runLink), ''].join(
    '\n'
  )
}

function serviceText(error: MintlifyError): string {
  const text = [error.serviceMessage, ...error.details].filter(Boolean).join('; ')
  return text ? ` The service said: ${codeSpan(cutAtCharacter(text, 500))}` : ''
}

/** A trigger or status read the service refused (or that never got an answer), worded for a person. */
export function refusalText(error: unknown, mode: DeployMode): string {
  if (!(error instanceof MintlifyError)) return inert(getErrorMessage(error))
  const status = error.kind === 'http' ? error.status : undefined
  if (status === 429) {
    const wait =
      error.retryAfterMs === undefined ? '' : ` (Retry-After ${formatDuration(error.retryAfterMs)})`
    return `Mintlify's rate limit for ${LIMIT_TEXT[mode === 'preview' ? 'previews' : 'triggers']} was reached, and the wait it asks${wait} would end after \`max-wait-minutes\`. Try again later, or raise \`max-wait-minutes\`.`
  }
  // Only the trigger: a 403 on the status read is a key problem, whatever the plan.
  if (status === 403 && error.operation === 'trigger-preview') {
    return `The service refused the preview (HTTP 403): preview deployments need a Pro or Enterprise plan. If the plan has them, check the key: ${keyProblem(403)}${serviceText(error)}`
  }
  const key = keyProblem(status)
  if (key) return `${key}${serviceText(error)}`
  if (status === 400) return `The service refused the request (HTTP 400).${serviceText(error)}`
  if (error.kind === 'http') return `The service answered HTTP ${status}.${serviceText(error)}`
  return inert(getErrorMessage(error))
}
