/**
 * A trigger or status read the service refused (or that never got an answer), worded for the person
 * who fixes it.
 * Pure. The service's own text is untrusted: it is shown inert, in a code span.
 */
import { keyProblem, MintlifyError } from '../mintlify/errors.js'
import { codeSpan, inert } from '../shared/markdown.js'
import { getErrorMessage } from '../shared/errors.js'
import { cutAtCharacter } from '../shared/text-cut.js'
import { formatDuration } from '../shared/duration.js'
import type { DeployMode } from './plan.js'

const RATE_LIMITS: Record<DeployMode, string> = {
  preview: 'preview deployments: 5 requests a minute per organization',
  production: 'deployments: 10 requests per 10 seconds per organization'
}

function serviceText(error: MintlifyError): string {
  const text = [error.serviceMessage, ...error.details].filter(Boolean).join('; ')
  return text ? ` The service said: ${codeSpan(cutAtCharacter(text, 500))}` : ''
}

export function refusalText(error: unknown, mode: DeployMode): string {
  if (!(error instanceof MintlifyError)) return inert(getErrorMessage(error))
  const status = error.kind === 'http' ? error.status : undefined
  if (status === 429) {
    const wait =
      error.retryAfterMs === undefined ? '' : ` (Retry-After ${formatDuration(error.retryAfterMs)})`
    return `Mintlify's rate limit for ${RATE_LIMITS[mode]} was reached, and the wait it asks${wait} would end after \`max-wait-minutes\`. Try again later, or raise \`max-wait-minutes\`.`
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
