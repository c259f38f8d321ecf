/**
 * `npm run recipes -- FILE…` (scripts/recipes/): a recipe copied as it is passes; a broken copy (a
 * permission one short, a folder never made) exits non-zero and says why. Each copy keeps its
 * example's name, so its expected outcome (scripts/recipes/expected.ts) applies.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../fakes/action-env.js'

const folders: string[] = []
afterAll(() => folders.forEach(folder => rmSync(folder, { recursive: true, force: true })))

/** Runs `npm run recipes -- <a copy of examples/name, changed by edit>`. */
function recipes(name: string, edit: (text: string) => string = text => text) {
  const folder = mkdtempSync(join(tmpdir(), 'recipe-copy-'))
  folders.push(folder)
  const original = readFileSync(join(PROJECT_ROOT, 'examples', name), 'utf8')
  writeFileSync(join(folder, name), edit(original))
  const run = spawnSync(
    'bash',
    [
      join(PROJECT_ROOT, 'scripts', 'node24.sh'),
      '--import',
      'tsx',
      'scripts/recipes.ts',
      join(folder, name)
    ],
    { cwd: PROJECT_ROOT, encoding: 'utf8', timeout: 150_000 }
  )
  return { status: run.status, output: `${run.stdout}${run.stderr}` }
}

function changed(from: RegExp, to: string) {
  return (text: string): string => {
    if (!from.test(text)) throw new Error(`${String(from)} not in the example`)
    return text.replace(from, to)
  }
}

describe('npm run recipes -- FILE', () => {
  it('passes the two-projects recipe as it is', () => {
    const run = recipes('analytics-two-projects.yml')
    expect(run.output).toContain('1 of 1 runs passed')
    expect(run.status).toBe(0)
  }, 150_000)

  // A broken copy of a recipe, and what its run must say when it fails.
  it.each([
    {
      broken: 'the two-projects recipe without the step that makes its folders',
      name: 'analytics-two-projects.yml',
      edit: changed(/^ *- run: mkdir -p reports.*\n/m, ''),
      says: "Input 'output-file' must be in an existing folder"
    },
    {
      broken: 'the weekly report with issues: read (the report and the jobs cannot comment)',
      name: 'weekly-docs-report.yml',
      edit: changed(/^ {2}issues: write.*$/m, '  issues: read'),
      says: 'Resource not accessible by integration'
    },
    {
      broken: 'the weekly report with pull-requests: read (no back-link on the docs PR)',
      name: 'weekly-docs-report.yml',
      edit: changed(/^ {2}pull-requests: write$/m, '  pull-requests: read'),
      says: 'no back-link comment on the docs PR'
    },
    {
      broken: 'the comments example giving an input the action does not declare (the runner warns)',
      name: 'docs-agent-comments.yml',
      edit: changed(
        /^( +)required-permission: write$/m,
        '$1required-permission: write\n$1trigger: /docs'
      ),
      says: "warned: Unexpected input(s) 'trigger'"
    },
    {
      broken: 'the comments example with read-only permissions',
      name: 'docs-agent-comments.yml',
      edit: changed(
        /^ {2}issues: write\n {2}pull-requests: write$/m,
        '  issues: read\n  pull-requests: read'
      ),
      says: 'Could not write the tracking comment on #7'
    }
  ])(
    'fails a copy of $broken',
    ({ name, edit, says }) => {
      const run = recipes(name, edit)
      expect(run.status).not.toBe(0)
      expect(run.output).toContain(says)
    },
    150_000
  )
})
