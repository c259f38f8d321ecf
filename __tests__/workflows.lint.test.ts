/**
 * What users copy is linted: every example workflow and every YAML block of the README through
 * actionlint, and every action.yml against the action metadata schema (with the Marketplace's
 * description limit). `npm run lint:workflows` runs the same checks in CI.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { PROJECT_ROOT } from '../fakes/action-env.js'
import {
  actionFiles,
  checkActionMetadata,
  exampleFiles,
  formatFinding,
  lintWorkflow,
  yamlBlocks
} from '../fakes/workflow-lint.js'
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { lintOwnWorkflows, otherMarkdownFiles, ownWorkflowFiles } from '../scripts/own-workflows.js'

const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8')
const examples = exampleFiles(PROJECT_ROOT)
const copied = [
  ...examples.map(file => ({ name: file, text: readFileSync(join(PROJECT_ROOT, file), 'utf8') })),
  ...yamlBlocks(readme).map(block => ({ name: `README.md:${block.line}`, text: block.text }))
]

/** The current major of each first-party action the examples use. */
const CURRENT_MAJORS: Record<string, string> = {
  'actions/checkout': 'v6',
  'actions/upload-artifact': 'v6',
  'actions/create-github-app-token': 'v2'
}

describe('actionlint over what users copy', () => {
  it('finds the example workflows and the README blocks', () => {
    expect(examples.length).toBeGreaterThanOrEqual(5)
    expect(yamlBlocks(readme).length).toBeGreaterThanOrEqual(3)
  })

  it('reports a real mistake (so a clean result means something)', async () => {
    const findings = await lintWorkflow(
      'bad.yml',
      'on: issue_comment\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "${{ github.event.comment.body }}"\n'
    )
    expect(findings.map(f => f.message).join('\n')).toMatch(/potentially untrusted/)
  })

  for (const { name, text } of copied) {
    it(`${name} passes actionlint`, async () => {
      const findings = await lintWorkflow(name.split(':')[0], text)
      expect(findings.map(formatFinding)).toEqual([])
    })
  }
})

/** A job in the thread's concurrency group, with `queue` and `cancel-in-progress` as given. */
function queued(queue: string, cancel = 'false'): string {
  return [
    'on: issue_comment',
    'jobs:',
    '  a:',
    '    concurrency:',
    '      group: mintlify-thread-${{ github.event.issue.number }}',
    `      cancel-in-progress: ${cancel}`,
    `      queue: ${queue}`,
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - run: echo',
    ''
  ].join('\n')
}

describe('concurrency `queue` (GitHub, May 2026), which actionlint does not know yet', () => {
  it('accepts `max` and `single`', async () => {
    expect(await lintWorkflow('q.yml', queued('max'))).toEqual([])
    expect(await lintWorkflow('q.yml', queued('single'))).toEqual([])
  })

  it('rejects another value, and `max` with cancel-in-progress true, on the queue’s line', async () => {
    const other = await lintWorkflow('q.yml', queued('100'))
    expect(other.map(formatFinding)).toEqual([
      'q.yml:7: concurrency `queue` must be `single` or `max` [queue]'
    ])
    const cancelling = await lintWorkflow('q.yml', queued('max', 'true'))
    expect(cancelling.map(formatFinding)).toEqual([
      'q.yml:7: concurrency `queue: max` cannot be combined with `cancel-in-progress: true` [queue]'
    ])
  })

  it('still lets actionlint check the rest, lines unchanged', async () => {
    const text = queued('max').replace(
      'runs-on: ubuntu-latest',
      'runs-on: ubuntu-latest\n    timeout-minutes: soon'
    )
    const findings = await lintWorkflow('q.yml', text)
    expect(findings.map(f => f.line)).toEqual([9])
  })
})

describe("actionlint over the repository's own workflows and the other Markdown", () => {
  it('finds ci.yml and release.yml', () => {
    expect(ownWorkflowFiles(PROJECT_ROOT)).toEqual(
      expect.arrayContaining(['.github/workflows/ci.yml', '.github/workflows/release.yml'])
    )
  })

  for (const file of ownWorkflowFiles(PROJECT_ROOT)) {
    it(`${file} passes actionlint`, async () => {
      const findings = await lintWorkflow(file, readFileSync(join(PROJECT_ROOT, file), 'utf8'))
      expect(findings.map(formatFinding)).toEqual([])
    })
  }

  it(`the YAML blocks of ${otherMarkdownFiles(PROJECT_ROOT).join(', ')} pass actionlint`, async () => {
    expect((await lintOwnWorkflows(PROJECT_ROOT)).map(formatFinding)).toEqual([])
  })

  it('the lint of own workflows reports a real mistake', async () => {
    const root = mkdtempSync(join(tmpdir(), 'own-workflows-'))
    try {
      mkdirSync(join(root, '.github', 'workflows'), { recursive: true })
      writeFileSync(
        join(root, '.github', 'workflows', 'bad.yml'),
        'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.event.head_commit.message }}\n'
      )
      writeFileSync(join(root, 'CONTRIBUTING.md'), '```yaml\non: pushh\njobs: {}\n```\n')
      const findings = await lintOwnWorkflows(root)
      expect(findings[0].file).toBe('.github/workflows/bad.yml')
      expect(findings[0].message).toMatch(/potentially untrusted/)
      // The block's line 1 is the file's line 2, right after the fence.
      expect(findings).toContainEqual(
        expect.objectContaining({
          file: 'CONTRIBUTING.md',
          line: 2,
          message: expect.stringMatching(/pushh/)
        })
      )
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})

describe('habits of the copied workflows', () => {
  for (const { name, text } of copied) {
    const workflow = parse(text) as {
      jobs: Record<string, { steps?: { uses?: string; run?: string }[] }>
    }
    const steps = Object.values(workflow.jobs).flatMap(job => job.steps ?? [])

    it(`${name}: step outputs and event text reach run: only through env:`, () => {
      expect.hasAssertions()
      expect(steps.length).toBeGreaterThan(0)
      for (const step of steps) if (step.run) expect(step.run).not.toContain('${{')
    })

    it(`${name}: first-party actions at their current major`, () => {
      expect.hasAssertions()
      expect(steps.some(step => step.uses)).toBe(true)
      for (const step of steps) {
        const [action, ref] = (step.uses ?? '').split('@')
        if (action in CURRENT_MAJORS)
          expect(`${action}@${ref}`).toBe(`${action}@${CURRENT_MAJORS[action]}`)
        else if (action.startsWith('actions/'))
          throw new Error(`${action}: add its current major here`)
      }
    })
  }
})

describe('action metadata', () => {
  const files = actionFiles(PROJECT_ROOT)

  it('covers the root action and every <folder>/action.yml', () => {
    expect(files).toEqual(expect.arrayContaining(['action.yml', 'analytics/action.yml']))
  })

  for (const file of files) {
    it(`${file} matches the schema, runs on node24, and its main exists`, () => {
      expect(checkActionMetadata(PROJECT_ROOT, file).map(formatFinding)).toEqual([])
      const metadata = parse(readFileSync(join(PROJECT_ROOT, file), 'utf8')) as {
        runs: { using: string }
        description: string
      }
      expect(metadata.runs.using).toBe('node24')
      expect(metadata.description.length).toBeLessThan(125)
    })
  }

  it('rejects a description of 125 characters, an unknown runtime and a missing main', () => {
    const root = mkdtempSync(join(tmpdir(), 'action-metadata-'))
    try {
      mkdirSync(join(root, 'sweep'))
      writeFileSync(
        join(root, 'action.yml'),
        `name: x\ndescription: '${'d'.repeat(125)}'\nruns:\n  using: node22\n  main: dist/index.js\n`
      )
      writeFileSync(
        join(root, 'sweep', 'action.yml'),
        `name: y\ndescription: ok\nruns:\n  using: node24\n  main: ../dist/sweep/index.js\n`
      )
      expect(actionFiles(root)).toEqual(['action.yml', 'sweep/action.yml'])
      const messages = checkActionMetadata(root, 'action.yml').map(f => f.message)
      expect(messages).toEqual(
        expect.arrayContaining([
          '/description must NOT have more than 124 characters',
          'runs.main dist/index.js does not exist'
        ])
      )
      expect(messages.some(m => m.startsWith('/runs/using'))).toBe(true)
      expect(checkActionMetadata(root, 'sweep/action.yml').map(f => f.message)).toEqual([
        'runs.main ../dist/sweep/index.js does not exist'
      ])
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
