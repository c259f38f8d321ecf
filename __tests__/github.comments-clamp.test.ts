import { describe, expect, it } from '@jest/globals'
import { MAX_COMMENT_LENGTH, clampCommentBody } from '../src/github/comments.js'

describe('clampCommentBody', () => {
  it('leaves a body within the limit alone', () => {
    const body = 'x'.repeat(MAX_COMMENT_LENGTH)
    expect(clampCommentBody(body)).toBe(body)
  })

  it('cuts a longer body to the limit and says so', () => {
    const clamped = clampCommentBody('y'.repeat(MAX_COMMENT_LENGTH * 2))
    expect(clamped.length).toBeLessThanOrEqual(MAX_COMMENT_LENGTH)
    expect(clamped.startsWith('yyyy')).toBe(true)
    expect(clamped).toMatch(/cut to fit/)
  })

  it('never splits a surrogate pair', () => {
    const clamped = clampCommentBody('😀'.repeat(MAX_COMMENT_LENGTH))
    expect(clamped.length).toBeLessThanOrEqual(MAX_COMMENT_LENGTH)
    expect(() => encodeURIComponent(clamped)).not.toThrow()
  })

  it('does not leave an HTML comment open, which would hide the notice', () => {
    const body = 'a'.repeat(MAX_COMMENT_LENGTH - 20) + '<!-- ' + 'b'.repeat(100) + ' -->'
    const clamped = clampCommentBody(body)
    expect(clamped).not.toContain('<!--')
    expect(clamped).toMatch(/cut to fit/)
  })

  it('keeps a tiny limit', () => {
    expect(clampCommentBody('abcdef', 3)).toBe('abc')
  })
})
