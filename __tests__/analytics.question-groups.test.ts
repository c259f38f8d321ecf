/**
 * The grouping of unanswered questions behind the assistant's prompt, in memory and on disk (a
 * chunk so small that every few questions go to a run file): the same groups either way.
 */
import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { groupKey, QuestionGroups } from '../src/analytics/report/question-groups.js'

const DAY = 86_400_000

async function grouped(
  questions: [string, number, string | null][],
  chunkBytes?: number
): Promise<{ runs: number; top: { query: string; count: number; pageUrl: string | null }[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'groups-'))
  const groups = await QuestionGroups.open(join(dir, 'assistant.json'), chunkBytes)
  try {
    for (const [query, day, page] of questions) groups.add(query, day * DAY, page)
    const runs = groups.runsOnDisk
    const top = groups.top(10).map(({ query, count, pageUrl }) => ({ query, count, pageUrl }))
    return { runs, top }
  } finally {
    await groups.dispose()
    expect(readdirSync(dir)).toEqual([])
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('question groups', () => {
  it('one key for the same question in another case or spacing', () => {
    expect(groupKey('  How do I\tDeploy?  ')).toBe(groupKey('how do i deploy?'))
    expect(groupKey('How do I deploy?')).not.toBe(groupKey('How do I deploy'))
  })

  it.each([
    ['in memory', undefined, false],
    ['on disk (tiny chunks)', 200, true]
  ])(
    '%s: most asked first, then most recent; the latest wording; the most frequent page, the most recent on a tie',
    async (_where, chunkBytes, onDisk) => {
      const questions: [string, number, string | null][] = []
      // 30 one-off questions, so the tiny chunks spill many runs.
      for (let i = 0; i < 30; i++) questions.push([`one-off ${i}`, i % 5, `https://d.x/p${i}`])
      questions.push(
        ['Rotate keys?', 1, 'https://d.x/a'],
        ['rotate  KEYS?', 3, 'https://d.x/b'],
        ['rotate keys?', 2, 'https://d.x/a'],
        ['Tie?', 1, 'https://d.x/old'],
        ['tie?', 9, 'https://d.x/new'],
        ['no page?', 8, null],
        ['no page?', 7, null]
      )
      const { runs, top } = await grouped(questions, chunkBytes)
      expect(runs > 0).toBe(onDisk)
      expect(top.slice(0, 3)).toEqual([
        { query: 'rotate  KEYS?', count: 3, pageUrl: 'https://d.x/a' },
        { query: 'tie?', count: 2, pageUrl: 'https://d.x/new' },
        { query: 'no page?', count: 2, pageUrl: null }
      ])
      // Then the one-offs of the latest day (4), in the order of their wording.
      expect(top.slice(3).map(g => g.query)).toEqual([
        'one-off 14',
        'one-off 19',
        'one-off 24',
        'one-off 29',
        'one-off 4',
        'one-off 9',
        'one-off 13'
      ])
    }
  )
})
