import { describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../fakes/action-env.js'
import { changelogSections, releaseNotes } from '../scripts/release-notes.js'

const CHANGELOG = `# Changelog

Intro text that is not a release.

## Unreleased

- Something not released yet.

## [1.2.0] - 2026-12-01

### Fixed

- A fix.
  Wrapped onto a second line.

## 1.1.0 - 2026-11-25

### Added

- A feature.

## 1.0.0

- The first release.
`

describe('release notes from CHANGELOG.md', () => {
  it('lists the versioned sections with their dates, not Unreleased', () => {
    expect(changelogSections(CHANGELOG).map(s => [s.version, s.date])).toEqual([
      ['1.2.0', '2026-12-01'],
      ['1.1.0', '2026-11-25'],
      ['1.0.0', undefined]
    ])
  })

  it("gives one version's section without its heading and up to the next section", () => {
    expect(releaseNotes(CHANGELOG, '1.2.0')).toBe(
      '### Fixed\n\n- A fix.\n  Wrapped onto a second line.\n'
    )
    expect(releaseNotes(CHANGELOG, 'v1.1.0')).toBe('### Added\n\n- A feature.\n')
  })

  it('refuses a version without a section, without a date, or with nothing in it', () => {
    expect(() => releaseNotes(CHANGELOG, '1.3.0')).toThrow(/no section "## 1.3.0 - YYYY-MM-DD"/)
    expect(() => releaseNotes(CHANGELOG, '1.0.0')).toThrow(/1.0.0 has no date/)
    expect(() => releaseNotes('## 2.0.0 - 2027-01-01\n\n\n## 1.0.0\n', '2.0.0')).toThrow(/empty/)
  })

  it('does not take 1.1.0 for 1.1.0-rc.1 or 11.1.0', () => {
    const text = '## 11.1.0 - 2026-01-01\n\nB\n\n## 1.1.0-rc.1 - 2026-01-01\n\nC\n'
    expect(() => releaseNotes(text, '1.1.0')).toThrow(/no section/)
    expect(releaseNotes(text, '1.1.0-rc.1')).toBe('C\n')
  })

  it('reads CRLF line ends', () => {
    expect(releaseNotes('## 1.0.1 - 2026-01-02\r\n\r\n- Fix.\r\n', '1.0.1')).toBe('- Fix.\n')
  })

  it("has notes for this repository's version (package.json), as the release workflow needs", () => {
    const { version } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
      version: string
    }
    const notes = releaseNotes(readFileSync(join(PROJECT_ROOT, 'CHANGELOG.md'), 'utf8'), version)
    expect(notes).toMatch(/^### /)
    expect(notes).not.toMatch(/^## /m)
  })

  it('the script prints them and fails for a version the changelog lacks', () => {
    const run = (...args: string[]): string =>
      execFileSync(
        process.execPath,
        ['--import', 'tsx', join(PROJECT_ROOT, 'scripts', 'release-notes.ts'), ...args],
        { cwd: PROJECT_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }
      )
    expect(run('1.1.0')).toMatch(/^### Added\n/)
    expect(() => run('0.0.1')).toThrow(/no section "## 0.0.1/)
  })
})
