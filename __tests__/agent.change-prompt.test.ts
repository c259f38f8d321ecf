/** The pure parts of docs-follow-code: the diff's cuts, the previous release, the path guard. */
import { describe, expect, it } from '@jest/globals'
import type { PullFile } from '../src/github/pulls.js'
import { ignoreMatcher, pathsIgnored } from '../src/agent/follow-code/guards.js'
import { FILE_DIFF_LIMIT, renderDiff } from '../src/agent/follow-code/diff.js'
import { buildChangePrompt } from '../src/agent/follow-code/prompt.js'
import { previousRelease, type ChangeReading } from '../src/agent/follow-code/read.js'
import { MAX_PROMPT_LENGTH } from '../src/agent/prompt-context.js'

const file = (path: string, patch?: string): PullFile => ({
  path,
  additions: 1,
  deletions: 1,
  status: 'modified',
  ...(patch === undefined ? {} : { patch })
})
const nothingIgnored = (): boolean => false

describe('renderDiff', () => {
  it('shows each wanted file’s patch under its path', () => {
    expect(renderDiff([file('a.ts', '+a'), file('b.ts', '+b')], nothingIgnored, 10_000)).toBe(
      'Diff of the changed files that ignore-paths does not match:\n--- a.ts\n+a\n--- b.ts\n+b'
    )
  })

  it('cuts one long file’s diff at its limit, and says how much is left out', () => {
    const diff = renderDiff([file('big.ts', 'x'.repeat(10_000))], nothingIgnored, 50_000) ?? ''
    const section = diff.slice(diff.indexOf('--- big.ts'), diff.lastIndexOf('\n[Left out'))
    expect(section.length).toBeLessThanOrEqual(FILE_DIFF_LIMIT)
    expect(section).toMatch(/\[cut: \d+ more characters of this file's diff\]/)
    expect(diff).toContain('[Left out of the diff: the end of 1 long diff]')
  })

  it('stays within the room it is given, and counts the files it could not show', () => {
    const many = Array.from({ length: 40 }, (_, i) => file(`f${i}.ts`, 'y'.repeat(1_000)))
    const diff = renderDiff(many, nothingIgnored, 5_000) ?? ''
    expect(diff.length).toBeLessThanOrEqual(5_000)
    const shown = diff.match(/^--- f\d+\.ts$/gm) ?? []
    expect(diff).toContain(`[Left out of the diff: ${40 - shown.length} more files;`)
    expect(shown.length).toBeGreaterThan(1)
  })

  it('names binary files and ignored files in its note, and shows nothing when no file has a patch', () => {
    const ignored = ignoreMatcher(['docs/**'])
    const diff = renderDiff(
      [file('a.ts', '+a'), file('logo.png'), file('docs/x.md', '+x')],
      ignored,
      10_000
    )
    expect(diff).toContain(
      '[Left out of the diff: 1 file GitHub gives no diff for (binary or too large); 1 ignored file]'
    )
    expect(renderDiff([file('logo.png')], nothingIgnored, 10_000)).toBeUndefined()
  })
})

describe('previousRelease', () => {
  const at = (date: string): number => Date.parse(`${date}T00:00:00Z`)
  const releases = [
    { id: 1, tag: 'v1.0', draft: false, prerelease: false, publishedAt: at('2026-01-01') },
    { id: 2, tag: 'v1.1-rc', draft: false, prerelease: true, publishedAt: at('2026-02-01') },
    { id: 3, tag: 'draft', draft: true, prerelease: false, publishedAt: undefined },
    { id: 4, tag: 'v2.0', draft: false, prerelease: false, publishedAt: at('2026-03-01') }
  ]

  it.each([
    ['a release: the latest published one before it, no prerelease', false, '2026-02-15', 'v1.0'],
    ['a prerelease: prereleases count', true, '2026-02-15', 'v1.1-rc'],
    ['a release after all of them', false, '2026-04-01', 'v2.0'],
    ['the first release', false, '2025-12-01', undefined]
  ])('%s', (_name, prerelease, date, expected) => {
    const found = previousRelease(releases, { id: 9, prerelease, publishedAt: at(date) })
    expect(found?.tag).toBe(expected)
  })

  it('never picks the release itself', () => {
    expect(
      previousRelease(releases, { id: 4, prerelease: false, publishedAt: at('2026-03-01') })?.tag
    ).toBe('v1.0')
  })
})

describe('pathsIgnored', () => {
  const ignored = ignoreMatcher(['**/*.md', 'docs.json'])

  it('skips only a complete list whose every file matches', () => {
    expect(
      pathsIgnored({ files: [file('README.md'), file('docs.json')], complete: true }, ignored)
    ).toBe('all 2 changed files match ignore-paths')
    expect(
      pathsIgnored({ files: [file('README.md'), file('src/a.ts')], complete: true }, ignored)
    ).toBeUndefined()
    expect(pathsIgnored({ files: [file('README.md')], complete: false }, ignored)).toBeUndefined()
    expect(pathsIgnored({ files: [], complete: true }, ignored)).toBeUndefined()
  })

  it('matches dot files and nested paths with the globs as written', () => {
    const matcher = ignoreMatcher(['docs/**', '.github/**'])
    expect(['docs/a/b.mdx', '.github/workflows/ci.yml'].every(matcher)).toBe(true)
    expect(matcher('src/docs/a.ts')).toBe(false)
  })
})

describe('buildChangePrompt', () => {
  const reading: ChangeReading = {
    change: {
      kind: 'release',
      release: {
        id: 1,
        tag: 'v2.0',
        name: 'v2.0',
        body: 'notes',
        htmlUrl: '',
        prerelease: false,
        publisher: 'maintainer'
      }
    },
    files: [],
    filesComplete: true,
    commits: [],
    missing: []
  }
  const options = {
    repository: 'acme/app',
    includeContext: true,
    includeDiff: true,
    ignored: nothingIgnored
  }

  it('names the change in one line when the instruction leaves no room for the block', () => {
    const instruction = 'z'.repeat(MAX_PROMPT_LENGTH)
    expect(buildChangePrompt(instruction, reading, options)).toBe(
      `${instruction}\n\nThe change: release v2.0 of acme/app.`
    )
  })
})
