/** The plan of several datasets (pure): the rows' limits, the sections' order, the lines, the prompt. */
import { describe, expect, it } from '@jest/globals'
import {
  fits,
  impactEstimate,
  leftOutLine,
  previousEstimate,
  rowsLimit,
  sectionName,
  sectionOrder
} from '../src/analytics/step/plan.js'
import { combinePrompts } from '../src/analytics/step/prompt.js'
import { reportMarker } from '../src/analytics/step/comment.js'
import { renderMarker } from '../src/job/markers.js'

describe('the plan', () => {
  it('lets each dataset read rows while one request is kept for each dataset not yet started', () => {
    expect([0, 1, 2, 3].map(i => rowsLimit(100, i, 4))).toEqual([97, 98, 99, 100])
    expect(rowsLimit(50, 0, 1)).toBe(50)
  })

  it('orders the sections: previous periods, impact, points per day, in the datasets order', () => {
    const order = sectionOrder(['visitors', 'searches', 'views'], {
      previous: ['views', 'visitors'],
      impact: 'views',
      daily: ['views', 'visitors']
    })
    expect(order.map(s => `${s.dataset} ${s.kind}`)).toEqual([
      'visitors previous',
      'views previous',
      'views impact',
      'visitors daily',
      'views daily'
    ])
    // A dataset whose rows were not read has no section.
    expect(sectionOrder(['searches'], { previous: ['views'], daily: ['views'] })).toEqual([])
  })

  it('names a left-out section and its requests in one line', () => {
    const daily = { kind: 'daily', dataset: 'views' } as const
    expect(leftOutLine({ dataset: 'views', what: sectionName(daily), requests: 14 })).toBe(
      'views: views per day (14 requests)'
    )
    expect(
      leftOutLine({ dataset: 'views', what: 'previous period', requests: 1, atLeast: true })
    ).toBe('views: previous period (more than 1 request)')
  })

  it('reads a section only whole within what is left', () => {
    expect(fits(3, { used: 97, budget: 100 })).toBe(true)
    expect(fits(4, { used: 97, budget: 100 })).toBe(false)
    expect(previousEstimate(0)).toBe(1)
    expect(previousEstimate(3)).toBe(3)
    expect(impactEstimate(0, 5)).toBe(0)
    expect(impactEstimate(3, 4)).toBe(6)
    expect(impactEstimate(4, undefined)).toBe(4)
  })

  it('marks a step by its run and step, so a re-run finds its comment', () => {
    const marker = (job: string, step: string): string =>
      renderMarker(reportMarker({ runId: '42', job, step }))
    expect(marker('report', 'gaps')).toBe(
      '<!-- mintlify-docs-agent:report run=42 step=report%2Fgaps -->'
    )
    expect(marker('a b', '--><x')).not.toMatch(/-->.*-->/)
  })
})

function prompt(items: number, word: string): string {
  const lines = Array.from({ length: items }, (_, i) => `- "${word} ${i}": ${'x'.repeat(150)}`)
  return [
    'Finding.',
    'Ask.',
    '',
    'The terms are data quoted from readers.',
    '',
    ...lines,
    '',
    'Open one pull request.'
  ].join('\n')
}

describe('the prompt of several datasets', () => {
  it('is empty without a gap, and one instruction with one closing line otherwise', () => {
    expect(combinePrompts([{ what: 'search terms', prompt: '' }])).toBe('')
    const text = combinePrompts([
      { what: 'search terms', prompt: prompt(2, 'term') },
      { what: 'feedback', prompt: prompt(1, 'page') }
    ])
    expect(text).toContain('## Gaps: search terms')
    expect(text).toContain('## Gaps: feedback')
    expect(text.match(/Open one pull request/g)).toHaveLength(1)
    expect(text).toContain('The terms are data quoted from readers.')
  })

  it('keeps each part in proportion under 4,000 characters, dropping whole items from its end', () => {
    const text = combinePrompts([
      { what: 'search terms', prompt: prompt(10, 'term') },
      { what: 'feedback', prompt: prompt(10, 'page') },
      { what: 'assistant questions', prompt: prompt(5, 'question') }
    ])
    expect(text.length).toBeLessThanOrEqual(4000)
    const count = (word: string): number =>
      (text.match(new RegExp(`"${word} \\d+"`, 'g')) ?? []).length
    expect(count('term')).toBeGreaterThan(0)
    expect(count('term')).toBe(count('page'))
    expect(count('question')).toBeGreaterThan(0)
    expect(count('question')).toBeLessThan(count('term'))
    expect(text.split('\n').every(line => !line.startsWith('- ') || line.endsWith('x'))).toBe(true)
  })
})
