import { describe, expect, it } from '@jest/globals'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../fakes/action-env.js'

const shared = join(PROJECT_ROOT, '..', 'shared', 'spec')

describe('the committed OpenAPI documents', () => {
  for (const file of ['admin-openapi.json', 'analytics-openapi.json']) {
    it(`spec/${file} is the service's published document`, () => {
      const copy = readFileSync(join(PROJECT_ROOT, 'spec', file), 'utf8')
      expect(() => JSON.parse(copy)).not.toThrow()
      if (existsSync(join(shared, file))) {
        expect(copy).toBe(readFileSync(join(shared, file), 'utf8'))
      }
    })
  }
})
