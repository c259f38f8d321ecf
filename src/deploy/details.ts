/**
 * The facts of a deployment as Markdown lines (pure): the commit, the files changed, the duration,
 * the screenshots, and on failure the service's summary and the last log lines. Everything the
 * service wrote is shown inert; images and links only for `https` URLs.
 */
import type { DeploymentStatus } from '../mintlify/platform-types.js'
import { formatDuration } from '../shared/duration.js'
import { codeBlock, codeSpan, inert } from '../shared/markdown.js'
import { cutAtCharacter } from '../shared/text-cut.js'

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
