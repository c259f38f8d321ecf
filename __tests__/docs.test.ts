/**
 * What users read says what the actions do: the reference page's tables are generated from the
 * action.yml files (npm run docs), every workflow in the README and docs/ uses only inputs and outputs the
 * actions declare, a block shown as an example file is that file, links land, and the quick starts
 * keep the shape other tests and users rely on.
 */
import { describe, expect, it } from '@jest/globals'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { parse } from 'yaml'
import {
  ACTIONS,
  ADDED,
  UNRELEASED,
  defaultCell,
  FIRST_RELEASE,
  packageVersion,
  readActionYaml,
  REFERENCE_PAGE,
  refreshReference,
  renderTables,
  since
} from '../scripts/action-docs.js'
import { PROJECT_ROOT } from '../fakes/action-env.js'
import { yamlBlocks } from '../fakes/workflow-lint.js'

const read = (file: string): string => readFileSync(join(PROJECT_ROOT, file), 'utf8')
const readme = read('README.md')
const reference = read(REFERENCE_PAGE)
const markdownFiles = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(PROJECT_ROOT, 'docs'))
    .filter(name => name.endsWith('.md'))
    .map(name => `docs/${name}`)
]
const actions = Object.fromEntries(ACTIONS.map(a => [a.id, readActionYaml(PROJECT_ROOT, a.file)]))

interface Step {
  id?: string
  uses?: string
  with?: Record<string, unknown>
}
const stepsOf = (text: string): Step[] =>
  Object.values((parse(text) as { jobs: Record<string, { steps?: Step[] }> }).jobs).flatMap(
    job => job.steps ?? []
  )
const actionOf = (uses: string): (typeof ACTIONS)[number]['id'] =>
  uses.includes('/analytics@')
    ? 'analytics'
    : uses.includes('/sweep@')
      ? 'sweep'
      : uses.includes('/deploy@')
        ? 'deploy'
        : 'agent'
const ours = (step: Step): boolean =>
  /^OWNER\/mintlify-docs-agent-action(\/\w+)?@/.test(step.uses ?? '')

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const result = new Set<string>()
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    const match = !fenced && /^#{1,6}\s+(.*)$/.exec(line)
    if (!match) continue
    const base = match[1]
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    result.add(count === 0 ? base : `${base}-${count}`)
  }
  return result
}

describe('the reference tables', () => {
  it('are equal to the three action.yml files (npm run docs)', () => {
    expect(refreshReference(PROJECT_ROOT, reference)).toBe(reference)
  })

  it('are on the reference page only, which the README links to', () => {
    expect(readme).not.toContain('<!-- tables:')
    expect(readme).toContain('](docs/reference.md)')
  })

  it('have one row per input and output, a multi-line default included', () => {
    expect.hasAssertions()
    for (const { id } of ACTIONS) {
      const block = reference.slice(
        reference.indexOf(`<!-- tables:${id}:start -->`),
        reference.indexOf(`<!-- tables:${id}:end -->`)
      )
      const rows = block.split('\n').filter(line => line.startsWith('| `'))
      const action = actions[id]
      expect(rows).toHaveLength(
        Object.keys(action.inputs ?? {}).length + Object.keys(action.outputs ?? {}).length
      )
    }
  })

  it('render a multi-line default as one cell, each line its own code span', () => {
    expect(defaultCell('**/*.md\n**/*.mdx\ndocs.json\n')).toBe(
      '`**/*.md`<br>`**/*.mdx`<br>`docs.json`'
    )
    expect(defaultCell('a|b')).toBe('`a\\|b`')
    const table = renderTables({
      inputs: { globs: { description: 'Globs,\none a line.', default: 'a/**\nb/**\n' } }
    })
    expect(table.split('\n')).toContain(
      '| `globs` _not released yet_ | `a/**`<br>`b/**` | Globs, one a line. |'
    )
  })

  it('mark what 1.0.0 did not have with the version that brought it, or as not released yet', () => {
    expect(since('agent', 'prompt')).toBeUndefined()
    expect(since('agent', 'detach')).toBe('1.1.0')
    expect(since('sweep', 'api-key')).toBe('1.1.0')
    expect(since('analytics', 'some-future-input')).toBe(UNRELEASED)
    expect(reference).toContain('| `ignore-paths` _since 1.1.0_ |')
    expect(reference).toContain('| `digest` _since 1.2.0_ |')
    expect(reference).toMatch(/^\| `prompt` \| \(empty\) \|/m)
  })

  it('name only inputs and outputs that still exist: released names are never removed', () => {
    expect.hasAssertions()
    const releases = [FIRST_RELEASE.names, ...Object.values(ADDED)]
    for (const names of releases)
      for (const [id, list] of Object.entries(names)) {
        const action = actions[id]
        const declared = [...Object.keys(action.inputs ?? {}), ...Object.keys(action.outputs ?? {})]
        for (const name of list ?? []) expect(declared).toContain(name)
      }
  })

  it('list no version newer than package.json', () => {
    const [major, minor, patch] = packageVersion(PROJECT_ROOT).split('.').map(Number)
    for (const version of Object.keys(ADDED)) {
      const [a, b, c] = version.split('.').map(Number)
      expect(a * 1e6 + b * 1e3 + c).toBeLessThanOrEqual(major * 1e6 + minor * 1e3 + patch)
    }
  })
})

describe('workflows in the README and docs/', () => {
  const blocks = markdownFiles.flatMap(file =>
    yamlBlocks(read(file)).map(block => ({ file, ...block }))
  )

  it('use only inputs the actions declare, every required one, and only declared outputs', () => {
    expect.hasAssertions()
    for (const block of blocks) {
      for (const step of stepsOf(block.text).filter(ours)) {
        const action = actions[actionOf(step.uses!)]
        const given = Object.keys(step.with ?? {})
        for (const name of given)
          expect([block.file, name, Object.keys(action.inputs ?? {}).includes(name)]).toEqual([
            block.file,
            name,
            true
          ])
        for (const [name, input] of Object.entries(action.inputs ?? {}))
          if (input.required) expect(given).toContain(name)
        if (!step.id) continue
        for (const [, name] of block.text.matchAll(
          new RegExp(`steps\\.${step.id}\\.outputs\\.([a-z-]+)`, 'g')
        ))
          expect(Object.keys(action.outputs ?? {})).toContain(name)
      }
    }
  })

  it('name the action OWNER/mintlify-docs-agent-action at @v1, or at a commit with its version', () => {
    expect.hasAssertions()
    for (const block of blocks)
      for (const step of stepsOf(block.text))
        if (step.uses?.includes('mintlify-docs-agent-action'))
          expect(step.uses).toMatch(
            /^OWNER\/mintlify-docs-agent-action(\/analytics|\/sweep|\/deploy)?@(v1|[0-9a-f]{40})$/
          )
  })

  it('are each an example file, named by the text before the block, and equal to it', () => {
    const shown: string[] = []
    for (const file of markdownFiles) {
      const lines = read(file).split('\n')
      for (const block of yamlBlocks(read(file))) {
        // The paragraph right before the fence.
        let i = block.line - 3
        while (i >= 0 && lines[i].trim() === '') i--
        const paragraph: string[] = []
        while (i >= 0 && lines[i].trim() !== '') paragraph.unshift(lines[i--])
        const text = paragraph.join(' ')
        const link = [...text.matchAll(/\]\(((?:\.\.\/)?examples\/[\w.-]+\.yml)\)/g)].pop()
        // A whole workflow is never shown without its file: the file is what the recipes test runs.
        expect([file, block.line, Boolean(link) && text.trimEnd().endsWith(':')]).toEqual([
          file,
          block.line,
          true
        ])
        const example = normalize(join(dirname(file), link![1]))
        shown.push(example)
        expect(`${file}: ${block.text}`).toBe(`${file}: ${read(example)}`)
      }
    }
    expect(shown.length).toBeGreaterThanOrEqual(3)
  })

  it('label a block that is not a whole workflow "fragment", so that no one copies it as one', () => {
    expect.hasAssertions()
    for (const file of markdownFiles)
      for (const [, text] of read(file).matchAll(/^```yaml fragment\n([\s\S]*?)^```/gm)) {
        // A fragment may leave lines out (`# …`) and so not parse: then it is no workflow either.
        let parsed: unknown
        try {
          parsed = parse(text)
        } catch {
          parsed = undefined
        }
        const keys = parsed && typeof parsed === 'object' ? Object.keys(parsed) : []
        expect([file, keys.includes('on') && keys.includes('jobs')]).toEqual([file, false])
      }
  })

  it('link every example file from the README or docs/, whole or as a link', () => {
    const text = markdownFiles.map(read).join('\n')
    for (const name of readdirSync(join(PROJECT_ROOT, 'examples')).filter(n => n.endsWith('.yml')))
      expect([
        name,
        text.includes(`](examples/${name})`) || text.includes(`](../examples/${name})`)
      ]).toEqual([name, true])
  })
})

describe('links', () => {
  it('to files and headings land', () => {
    expect.hasAssertions()
    for (const file of markdownFiles) {
      // Links outside code: fenced blocks and code spans show text, not links.
      const text = read(file)
        .replace(/^```[\s\S]*?^```/gm, '')
        .replace(/`[^`\n]*`/g, '')
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue
        const [path, anchor] = target.split('#')
        const to = path === '' ? file : normalize(join(dirname(file), path))
        expect([file, target, existsSync(join(PROJECT_ROOT, to))]).toEqual([file, target, true])
        if (anchor && to.endsWith('.md'))
          expect([file, target, anchors(read(to)).has(anchor)]).toEqual([file, target, true])
      }
    }
  })

  it('never reach outside the repository', () => {
    for (const file of markdownFiles)
      expect(read(file)).not.toMatch(/\]\(\.\.\/\.\.\/|\.\.\/shared/)
  })
})

describe('the README for a newcomer', () => {
  const sections = readme.split(/^(?=#{2,4} )/m)
  const section = (pattern: RegExp): string => {
    const found = sections.find(s => pattern.test(s.split('\n')[0]))
    if (!found) throw new Error(`no heading matching ${pattern}`)
    return found
  }

  it('stays short enough to read: at most 650 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(650)
  })

  it('has a table of contents, the prerequisites and what OWNER is, before the quick starts', () => {
    const contents = readme.indexOf('## Contents')
    const before = readme.indexOf('## Before you start')
    const quick = readme.indexOf('## Quick starts')
    expect(contents).toBeGreaterThan(0)
    expect(before).toBeGreaterThan(contents)
    expect(quick).toBeGreaterThan(before)
    expect(section(/^## Before you start/)).toMatch(/`OWNER` is the one placeholder/)
  })

  it('has three quick starts, each saying where it goes, with one workflow each', () => {
    const quick = sections.filter(s => /^### [123]\. /.test(s))
    expect(quick).toHaveLength(3)
    for (const text of quick) expect(text).toMatch(/\*\*Where:\*\* in the/)
    expect(yamlBlocks(section(/^### 1\. /))).toHaveLength(1)
    expect(yamlBlocks(section(/^### 3\. /))).toHaveLength(1)
  })

  it('keeps the weekly recipe one block: one analytics step for the four datasets, two agent steps (the gaps, and the changelog), one issue, impact on', () => {
    const weekly = section(/^### .*weekly/i)
    const [block] = yamlBlocks(weekly)
    expect(yamlBlocks(weekly)).toHaveLength(1)
    const agents = stepsOf(block.text).filter(s => s.uses === 'OWNER/mintlify-docs-agent-action@v1')
    expect(agents).toHaveLength(2)
    expect(agents[0].with?.prompt).not.toBe(agents[1].with?.prompt)
    expect(agents[0].with?.['issue-number']).toBe(agents[1].with?.['issue-number'])
    // One step reads every dataset under one budget, reports to the issue, and hands its gaps over.
    const reports = stepsOf(block.text).filter(s => s.uses?.includes('/analytics@'))
    expect(reports).toHaveLength(1)
    const [report] = reports
    expect(String(report.with?.dataset).split(/\s*,\s*/)).toEqual([
      'views',
      'searches',
      'feedback',
      'assistant'
    ])
    expect(report.with?.['issue-number']).toBe(agents[0].with?.['issue-number'])
    expect(report.with?.impact).toBe(true)
    expect(agents[0].with?.prompt).toContain(`steps.${report.id}.outputs.prompt`)
    expect(weekly).toMatch(/What the manager reads each Monday/)
    expect(weekly).toMatch(/One request, one job/)
  })

  it('gives docs-follow-code without an App, and an App with a fork-safe trigger and a branch filter', () => {
    const follow = section(/^### 2\. /)
    const [plain] = yamlBlocks(follow)
    const backLinks = section(/^#### Back-links/)
    expect(backLinks).toContain('](examples/docs-follow-code-app.yml)')
    const app = read('examples/docs-follow-code-app.yml')
    for (const text of [plain.text, app]) {
      const on = (parse(text) as { on: Record<string, { branches?: string[] }> }).on
      expect(Object.keys(on)).toEqual(['pull_request_target'])
      expect(on.pull_request_target.branches).toEqual(['main'])
    }
    expect(plain.text).not.toContain('create-github-app-token')
    expect(app).toContain('${{ vars.DOCS_REPOSITORY }}')
    expect(backLinks).toMatch(/one hour/)
    expect(follow).toMatch(/include-diff: false/)
  })

  it('lists every recipe in its contents, each saying where it goes', () => {
    const recipes = readme.slice(
      readme.indexOf('## Recipes'),
      readme.indexOf('\n## ', readme.indexOf('## Recipes') + 1)
    )
    const headings = [...recipes.matchAll(/^### (.+)$/gm)].map(match => match[1])
    expect(headings.length).toBeGreaterThanOrEqual(8)
    const contents = section(/^## Contents/)
    for (const heading of headings) {
      const anchor = [...anchors(`### ${heading}`)][0]
      expect([heading, contents.includes(`(#${anchor})`)]).toEqual([heading, true])
      const body = section(new RegExp(`^### ${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
      if (!/^(Which to pick|More workflows)/.test(heading))
        expect([heading, /\*\*Where:\*\*/.test(body)]).toEqual([heading, true])
    }
  })

  it('has one table of every variable and secret the examples use', () => {
    const table = section(/^### Variables and secrets/)
    const used = new Set(
      readdirSync(join(PROJECT_ROOT, 'examples'))
        .filter(name => name.endsWith('.yml'))
        .flatMap(name => [...read(`examples/${name}`).matchAll(/\b(?:vars|secrets)\.([A-Z_]+)/g)])
        .map(match => match[1])
    )
    expect(used.size).toBeGreaterThanOrEqual(8)
    for (const name of used) expect([name, table.includes(`\`${name}\``)]).toEqual([name, true])
  })
})
