import { describe, expect, it } from '@jest/globals'
import { logLine } from '../src/shared/log-line.js'

describe('logLine', () => {
  it('keeps a message with a line break from starting a workflow command on its own line', () => {
    expect(logLine('Not allowed: x\n::add-mask::secret')).toBe('Not allowed: x ::add-mask::secret')
  })

  it('drops a leading :: so the line itself is no command', () => {
    expect(logLine('::error::boom')).toBe('error::boom')
  })

  it('leaves ordinary text alone', () => {
    expect(logLine('Nothing to do: the comment does not start with /mintlify.')).toBe(
      'Nothing to do: the comment does not start with /mintlify.'
    )
  })
})
