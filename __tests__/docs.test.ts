import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { refreshReadme } from '../scripts/action-docs.js'
import { PROJECT_ROOT } from '../fakes/action-env.js'

describe('README', () => {
  it('has inputs and outputs tables equal to action.yml and analytics/action.yml (npm run docs)', () => {
    const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8')
    expect(refreshReadme(PROJECT_ROOT, readme)).toBe(readme)
  })
})
