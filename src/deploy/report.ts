/**
 * The report of a deployment (pure): one headline that says where it stands, then its facts. The
 * same text goes to the step summary and, with the marker, into the pull request's comment.
 */
import { codeSpan } from '../shared/markdown.js'
import { formatDuration, formatMinutes } from '../shared/duration.js'
import { factLines, failureLines, linkOrCode } from './details.js'
import type { DeployResult } from './result.js'

function what(result: Pick<DeployResult, 'mode' | 'branch'>): string {
  return result.mode === 'preview'
    ? `a preview of ${codeSpan(result.branch ?? '')}`
    : 'a production deployment'
}

function statusIdText(result: DeployResult): string {
  return result.statusId ? ` (status id ${codeSpan(result.statusId)})` : ''
}

function previewText(result: DeployResult): string {
  return result.previewUrl ? `: ${linkOrCode(result.previewUrl)}` : ''
}

/** The first paragraph: how it stands, in one sentence. */
export function headline(result: DeployResult): string {
  const subject = what(result)
  switch (result.status) {
    case 'queued':
      return `⏳ Building ${subject}…${statusIdText(result)}${previewText(result)}`
    case 'success':
      return result.mode === 'preview'
        ? `✅ The preview of ${codeSpan(result.branch ?? '')} is ready${previewText(result)}`
        : '✅ The production deployment succeeded.'
    case 'failure':
      return `❌ ${capitalised(subject)} failed${statusIdText(result)}.`
    case 'timed-out':
      return `⏱ ${capitalised(subject)} was still building after ${formatMinutes(result.maxWaitMs / 60_000)}${statusIdText(result)}; it may still finish.`
    case 'cancelled':
      return `🚫 This run was cancelled while following ${subject}${statusIdText(result)}; a newer run may have superseded it, and the deployment may still finish.`
    case '':
      return result.statusId
        ? `❌ Could not follow ${subject}${statusIdText(result)}: ${result.refusal ?? 'the service refused it'}`
        : `❌ Could not start ${subject}: ${result.refusal ?? 'the service refused it'}`
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** What follows the headline: the facts, the failure's logs, and the run. */
export function reportBody(result: DeployResult, runLink: string): string {
  const lines: string[] = []
  if (result.previewUrl && result.status !== 'success' && result.status !== '') {
    lines.push(`**Preview URL:** ${linkOrCode(result.previewUrl)}`)
  }
  const deployment = result.deployment
  if (deployment) {
    lines.push(...factLines(deployment))
    if (result.status === 'failure') lines.push(...failureLines(deployment))
  }
  const parts = [
    ...(result.statusId ? [`Status id ${codeSpan(result.statusId)}`] : []),
    runLink ? `[workflow run](${runLink})` : 'this workflow run',
    formatDuration(result.elapsedMs)
  ]
  lines.push(`<sub>${parts.join(' · ')}</sub>`)
  return lines.join('\n\n')
}

/** The step summary: the same report under a heading. */
export function renderDeploySummary(result: DeployResult, runLink: string): string {
  return ['## Mintlify deployment', '', headline(result), '', reportBody(result, runLink), ''].join(
    '\n'
  )
}
