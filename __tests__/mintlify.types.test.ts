import { describe, expect, it } from '@jest/globals'
import { parseAgentJob, ShapeError } from '../src/mintlify/types.js'

describe('parseAgentJob', () => {
  it('keeps a status the service added later, as a string', () => {
    expect(parseAgentJob({ id: 'job_1', status: 'paused', prLink: null })).toMatchObject({
      id: 'job_1',
      status: 'paused',
      prLink: null
    })
  })

  it('refuses a job id with a line break, which could forge a workflow command in the log', () => {
    expect(() => parseAgentJob({ id: 'job_1\n::add-mask::x', status: 'active' })).toThrow(
      ShapeError
    )
  })

  it('refuses a status with white space or control characters', () => {
    expect(() => parseAgentJob({ id: 'job_1', status: 'active\r' })).toThrow(ShapeError)
    expect(() => parseAgentJob({ id: 'job_1', status: 'not done' })).toThrow(ShapeError)
  })

  it('reads an empty prLink as no pull request', () => {
    expect(parseAgentJob({ id: 'j', status: 'completed', prLink: '' }).prLink).toBeNull()
  })
})
