/**
 * The texts of a deployment (pure), for the deploy action and the sweep alike. Everything the
 * service wrote is shown inert; images and links only for `https` URLs.
 */
import type { DeploymentStatus } from '../mintlify/platform-types.js'
import { formatDuration, formatMinutes } from '../shared/duration.js'
import { codeBlock, codeSpan, inert } from '../shared/markdown.js'
import { cutAtCharacter } from '../shared/text-cut.js'

export type DeployMode = 'production' | 'preview'

export interface DeployFacts {
  mode: DeployMode
  branch?: string
  statusId?: string
  previewUrl?: string
  deployment?: DeploymentStatus
  /** Since the action started; undefined (left out of the report) when the sweep finishes it. */
  elapsedMs?: number
  maxWaitMs: number
}

/** How a run's deployment ended; `refused` (trigger or status read) has an empty `status` output. */
export type DeployResult = DeployFacts &
  (
    | { status: 'queued' | 'success' | 'failure' | 'timed-out' | 'cancelled' }
    /** `refusal`: why, already worded for a person; untrusted parts inert. */
    | { status: 'refused'; refusal: string }
  )

const LOG_LINES_SHOWN = 30
const MAX_LOG_LINE = 500

/** An `https` URL as it may be linked or shown as an image; undefined for anything else. */
export function httpsUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined
  try {
    const url = new URL(raw)
    if (url.protocol !== 'https:' || url.username || url.password) return undefined
    return url.href.replace(/\(/g, '%28').replace(/\)/g, '%29')
  } catch {
    return undefined
  }
}

/** A link when the URL is https (its host and path as the text), else the text in a code span. */
export function linkOrCode(raw: string): string {
  const url = httpsUrl(raw)
  if (!url) return codeSpan(raw)
  const { host, pathname } = new URL(url)
  return `[${inert(pathname === '/' ? host : host + pathname)}](${url})`
}

function what(result: DeployResult): string {
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

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** A success names what went live: the preview's URL, or the branch production was built from. */
function successText(result: DeployResult): string {
  if (result.mode === 'preview') {
    return `✅ The preview of ${codeSpan(result.branch ?? '')} is ready${previewText(result)}`
  }
  const ref = result.deployment?.commit?.ref
  return ref
    ? `✅ The production deployment of ${codeSpan(ref)} succeeded.`
    : '✅ The production deployment succeeded.'
}

export function headline(result: DeployResult): string {
  const subject = what(result)
  switch (result.status) {
    case 'queued':
      return `⏳ Building ${subject}…${statusIdText(result)}${previewText(result)}`
    case 'success':
      return successText(result)
    case 'failure':
      return `❌ ${capitalised(subject)} failed${statusIdText(result)}.`
    case 'timed-out':
      return `⏱ ${capitalised(subject)} was still building after ${formatMinutes(result.maxWaitMs / 60_000)}${statusIdText(result)}; it may still finish.`
    case 'cancelled':
      return `🚫 This run was cancelled while following ${subject}${statusIdText(result)}; a newer run may have superseded it, and the deployment may still finish.`
    case 'refused':
      return result.statusId
        ? `❌ Could not follow ${subject}${statusIdText(result)}: ${result.refusal}`
        : `❌ Could not start ${subject}: ${result.refusal}`
  }
}

function commitLine(deployment: DeploymentStatus): string | undefined {
  const { commit, author } = deployment
  if (!commit?.sha) return undefined
  const subject = (commit.message ?? '').split(/\r?\n/)[0].trim()
  const parts = [codeSpan(commit.sha.slice(0, 7))]
  if (subject) parts.push(inert(cutAtCharacter(subject, 200)))
  if (author) parts.push(`by ${inert(author)}`)
  return `**Commit:** ${parts.join(' ')}`
}

function filesLine(deployment: DeploymentStatus): string | undefined {
  const files = deployment.commit?.filesChanged
  if (!files) return undefined
  const { added, modified, removed } = files
  return `**Files changed:** ${added.length} added, ${modified.length} modified, ${removed.length} removed`
}

function durationLine(deployment: DeploymentStatus): string | undefined {
  const start = Date.parse(deployment.createdAt ?? '')
  const end = Date.parse(deployment.endedAt ?? '')
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) return undefined
  return `**Duration:** ${formatDuration(end - start)}`
}

function screenshots(deployment: DeploymentStatus): string | undefined {
  const shots: [string, string | undefined][] =
    deployment.screenshotLight || deployment.screenshotDark
      ? [
          ['light', deployment.screenshotLight],
          ['dark', deployment.screenshotDark]
        ]
      : [['screenshot', deployment.screenshot]]
  const images = shots.flatMap(([alt, raw]) => {
    const url = httpsUrl(raw)
    return url ? [`![${alt}](${url})`] : []
  })
  return images.length > 0 ? images.join(' ') : undefined
}

/** The lines a deployment's facts give, in the report's order; none that the service left out. */
export function factLines(deployment: DeploymentStatus): string[] {
  const subdomain = deployment.subdomain && `**Subdomain:** ${codeSpan(deployment.subdomain)}`
  return [
    subdomain,
    commitLine(deployment),
    filesLine(deployment),
    durationLine(deployment),
    screenshots(deployment)
  ].filter((line): line is string => Boolean(line))
}

/** On failure: the service's summary, and the last log lines folded in `<details>`. */
export function failureLines(deployment: DeploymentStatus): string[] {
  const lines: string[] = []
  if (deployment.summary)
    lines.push(`**Summary:** ${inert(cutAtCharacter(deployment.summary, 1000))}`)
  const logs = deployment.logs
    .flatMap(entry => entry.split(/\r?\n/))
    // Control characters (a terminal's colours) are dropped; a line is cut, never wrapped.
    .map(line => cutAtCharacter(line.replace(/[\p{Cc}]/gu, ''), MAX_LOG_LINE))
    .slice(-LOG_LINES_SHOWN)
  if (logs.length > 0) {
    lines.push(
      `<details><summary>The last ${logs.length} log lines</summary>\n\n${codeBlock(logs, 'text')}\n\n</details>`
    )
  }
  return lines
}

export function reportBody(result: DeployResult, runLink: string): string {
  const lines: string[] = []
  if (result.previewUrl && result.status !== 'success' && result.status !== 'refused') {
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
    ...(result.elapsedMs === undefined ? [] : [formatDuration(result.elapsedMs)])
  ]
  lines.push(`<sub>${parts.join(' · ')}</sub>`)
  return lines.join('\n\n')
}
