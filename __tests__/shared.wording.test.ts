import { describe, expect, it } from '@jest/globals'
import { plural } from '../src/shared/plural.js'
import { sentence } from '../src/shared/sentence.js'

describe('plural', () => {
  it('says "1 request" and "2 requests", with thousands separated', () => {
    expect(plural(1, 'request')).toBe('1 request')
    expect(plural(2, 'request')).toBe('2 requests')
    expect(plural(0, 'row')).toBe('0 rows')
    expect(plural(1234, 'row')).toBe('1,234 rows')
  })
})

describe('sentence', () => {
  it('ends a text with exactly one full stop', () => {
    expect(sentence('the key expired')).toBe('the key expired.')
    expect(sentence('Invalid API key.')).toBe('Invalid API key.')
    expect(sentence('Really? ')).toBe('Really?')
  })
})
