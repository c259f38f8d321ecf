/**
 * `npm run release-notes -- [version]`: prints that version's section of CHANGELOG.md (default: the
 * version in package.json), the notes of its GitHub release. The release workflow runs it; it exits
 * non-zero when the section is missing, undated or empty, so a release never goes out without notes.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** `## 1.1.0 - 2026-11-25` (also `## [1.1.0] - …`, `## v1.1.0 (…)`): the version and its date. */
const HEADING =
  /^## \[?v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\]?(?:\s+(?:-|–|\()?\s*(\d{4}-\d{2}-\d{2})\)?)?\s*$/

export interface Section {
  version: string
  date: string | undefined
  body: string
}

/** Every `## <version>` section of a changelog, in file order ("Unreleased" is not a version). */
export function changelogSections(changelog: string): Section[] {
  const sections: Section[] = []
  let current: { version: string; date: string | undefined; lines: string[] } | undefined
  const close = (): void => {
    if (current)
      sections.push({
        version: current.version,
        date: current.date,
        body: current.lines.join('\n').trim()
      })
    current = undefined
  }
  for (const line of changelog.replace(/\r\n/g, '\n').split('\n')) {
    if (line.startsWith('## ')) {
      close()
      const match = HEADING.exec(line)
      if (match) current = { version: match[1], date: match[2], lines: [] }
      continue
    }
    current?.lines.push(line)
  }
  close()
  return sections
}

/** The notes of one version: its section's text without the heading. Throws what is wrong. */
export function releaseNotes(changelog: string, version: string): string {
  const wanted = version.replace(/^v/, '')
  const matches = changelogSections(changelog).filter(section => section.version === wanted)
  if (matches.length === 0)
    throw new Error(
      `CHANGELOG.md has no section "## ${wanted} - YYYY-MM-DD": move the Unreleased entries under it`
    )
  if (matches.length > 1)
    throw new Error(`CHANGELOG.md has ${matches.length} sections for ${wanted}`)
  const [section] = matches
  if (!section.date) throw new Error(`CHANGELOG.md: the section of ${wanted} has no date`)
  if (section.body === '') throw new Error(`CHANGELOG.md: the section of ${wanted} is empty`)
  return `${section.body}\n`
}

if (process.argv[1]?.endsWith('release-notes.ts')) {
  const root = join(import.meta.dirname, '..')
  const version =
    process.argv[2] ??
    (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version
  try {
    process.stdout.write(releaseNotes(readFileSync(join(root, 'CHANGELOG.md'), 'utf8'), version))
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    process.exitCode = 1
  }
}
