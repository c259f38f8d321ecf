/** Readers for what a run wrote: workflow-command lines, comment markers, comment text. */
import { expect } from '@jest/globals'

/**
 * Lines of stdout that are workflow commands of one kind (`warning`, `error`, `notice`, ...), only
 * those that contain `text` when it is given.
 */
export function commandLines(stdout: string, command: string, text = ''): string[] {
  return stdout.split('\n').filter(line => line.startsWith(`::${command}`) && line.includes(text))
}

/**
 * The marker a tracking comment of this test run (GITHUB_RUN_ID 4242) carries, as markerOf reads it:
 * `kind` and `run` filled in, the rest as given.
 */
export function trackingMarker(fields: Record<string, unknown>): Record<string, unknown> {
  return { kind: 'tracking', run: '4242', ...fields }
}

/** The hidden marker of a comment body, as key=value pairs. */
export function markerOf(body: string): Record<string, string> | undefined {
  const match = /<!-- mintlify-docs-agent:(\S+)((?: [a-z]+=\S+)*) -->/.exec(body)
  if (!match) return undefined
  const fields: Record<string, string> = { kind: match[1] }
  for (const pair of match[2].trim().split(' ').filter(Boolean)) {
    const [key, value] = pair.split('=')
    fields[key] = value
  }
  return fields
}

/** The text as a reader sees it: Markdown escapes and zero-width spaces of inert() taken out. */
export function shown(body: string): string {
  return body.replace(/\\([\\`*_[\]()!|~])/g, '$1').replace(/\u200B/g, '')
}

/** `text` contains each of `parts`: one expectation a part, so a failure shows the part missing. */
export function expectToContainAll(text: string, parts: string[]): void {
  for (const part of parts) expect(text).toContain(part)
}
