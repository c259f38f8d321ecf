/**
 * docs/reference.md's table of status words against the code: each action's words are exactly the
 * values its `status` output can take (the records below fail the type check when the code's union
 * gains or loses one), the "fails the step" column is what the code decides, and the `status`
 * output's description in action.yml names the same words.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { isFailure as deployFails } from '../src/deploy/report.js'
import type { DeployResult } from '../src/job/deploy-report.js'
import { isFailure as jobFails, type JobResult, type statusOutput } from '../src/job/result.js'
import type { DryRun } from '../src/agent/dry-run.js'

const ROOT = join(import.meta.dirname, '..')

type Fails = 'no' | 'fail-on-error' | 'always'

/** Every value of the agent's `status` output: a job's result (`statusOutput`), a skip, or a dry run. */
const AGENT: Record<ReturnType<typeof statusOutput> | DryRun['status'], true> = {
  active: true,
  completed: true,
  archived: true,
  failed: true,
  'timed-out': true,
  detached: true,
  cancelled: true,
  skipped: true,
  triggered: true,
  'dry-run': true
}

/** Every value of the deploy action's `status` output: a run's result (a refused one is output empty), or a skip. */
const DEPLOY: Record<Exclude<DeployResult['status'], 'refused'> | '' | 'skipped', true> = {
  queued: true,
  success: true,
  failure: true,
  'timed-out': true,
  cancelled: true,
  skipped: true,
  '': true
}

/** Whether the code fails the step on this word: a cancel always, else by fail-on-error. */
const FAILS: Record<'agent' | 'deploy', (word: string) => Fails> = {
  agent: word => {
    if (word === 'cancelled') return 'always'
    if (word === 'skipped' || word === 'dry-run') return 'no'
    // A problem is output as `failed`: the code's own failure test reads the result's status.
    const status = word === 'failed' ? 'problem' : word
    return jobFails({ status } as JobResult) ? 'fail-on-error' : 'no'
  },
  deploy: word => {
    if (word === 'cancelled') return 'always'
    if (word === 'skipped') return 'no'
    // A refused deployment is output empty: the code's own failure test reads `refused`.
    const status = word === '' ? 'refused' : word
    return deployFails({ status } as DeployResult) ? 'fail-on-error' : 'no'
  }
}

interface Row {
  action: string
  word: string
  fails: string
}

function statusRows(): Row[] {
  const page = readFileSync(join(ROOT, 'docs', 'reference.md'), 'utf8')
  const section = page.slice(page.indexOf('## Status words'))
  const lines = section.split('\n').filter(line => line.startsWith('| '))
  const cells = (line: string): string[] =>
    line
      .slice(1, -1)
      .split(' | ')
      .map(cell => cell.trim())
  expect(cells(lines[0])).toEqual(['action', '`status`', 'what it means', 'fails the step'])
  return lines.slice(2).map(line => {
    const [action, word, , fails] = cells(line)
    return { action, word: word === '(empty)' ? '' : word.replace(/^`|`$/g, ''), fails }
  })
}

function statusDescription(file: string): string[] {
  const action = parse(readFileSync(join(ROOT, file), 'utf8')) as {
    outputs: Record<string, { description: string }>
  }
  return [...action.outputs.status.description.matchAll(/`([^`]+)`/g)].map(match => match[1])
}

const ROWS = statusRows()
const wordsOf = (action: string): string[] =>
  ROWS.filter(row => row.action === action).map(row => row.word)

describe('docs/reference.md: status words', () => {
  it('lists only the agent and deploy actions, the two with a status output', () => {
    expect([...new Set(ROWS.map(row => row.action))]).toEqual(['agent', 'deploy'])
    for (const file of ['analytics/action.yml', 'sweep/action.yml']) {
      const action = parse(readFileSync(join(ROOT, file), 'utf8')) as { outputs: object }
      expect(Object.keys(action.outputs)).not.toContain('status')
    }
  })

  it.each([
    ['agent', AGENT, 'action.yml'],
    ['deploy', DEPLOY, 'deploy/action.yml']
  ] as const)(
    '%s: every word the code outputs, once, as action.yml names them',
    (id, words, file) => {
      expect(wordsOf(id).sort()).toEqual(Object.keys(words).sort())
      expect(statusDescription(file).sort()).toEqual(wordsOf(id).filter(Boolean).sort())
    }
  )

  it.each(ROWS)('$action `$word` fails the step as the code decides', row => {
    expect(row.fails).toBe(FAILS[row.action as 'agent' | 'deploy'](row.word))
  })
})
