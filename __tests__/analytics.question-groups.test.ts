/**
 * The grouping of unanswered questions behind the assistant's prompt: one group per question in any
 * case or spacing, most asked first, then most recent, with its latest wording and most frequent
 * page; the same groups whatever order the questions arrive in.
 */
import { describe, expect, it } from '@jest/globals'
import { groupKey, QuestionGroups } from '../src/analytics/report/question-groups.js'

const DAY = 86_400_000

type Question = [string, number, string | null]

function grouped(
  questions: Question[]
): { query: string; count: number; pageUrl: string | null }[] {
  const groups = new QuestionGroups()
  for (const [query, day, page] of questions) groups.add(query, day * DAY, page)
  return groups.top(10).map(({ query, count, pageUrl }) => ({ query, count, pageUrl }))
}

const QUESTIONS: Question[] = [
  ...Array.from({ length: 30 }, (_, i): Question => [`one-off ${i}`, i % 5, `https://d.x/p${i}`]),
  ['Rotate keys?', 1, 'https://d.x/a'],
  ['rotate  KEYS?', 3, 'https://d.x/b'],
  ['rotate keys?', 2, 'https://d.x/a'],
  ['Tie?', 1, 'https://d.x/old'],
  ['tie?', 9, 'https://d.x/new'],
  ['no page?', 8, null],
  ['no page?', 7, null]
]

describe('question groups', () => {
  it('one key for the same question in another case or spacing', () => {
    expect(groupKey('  How do I\tDeploy?  ')).toBe(groupKey('how do i deploy?'))
    expect(groupKey('How do I deploy?')).not.toBe(groupKey('How do I deploy'))
  })

  it.each([
    ['as listed', QUESTIONS],
    ['reversed', [...QUESTIONS].reverse()]
  ])(
    '%s: most asked first, then most recent; the latest wording; the most frequent page, the most recent on a tie',
    (_order, questions) => {
      const top = grouped(questions)
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

  it('two wordings asked at the same time: the one first by page, then wording, in any order', () => {
    const asked: Question[] = [
      ['Same TIME?', 5, 'https://d.x/b'],
      ['same time?', 5, 'https://d.x/a'],
      ['SAME time?', 5, 'https://d.x/a']
    ]
    expect(grouped(asked)[0].query).toBe('SAME time?')
    expect(grouped([...asked].reverse())[0].query).toBe('SAME time?')
  })
})
