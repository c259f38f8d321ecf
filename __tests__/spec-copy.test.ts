import { describe, expect, it } from '@jest/globals'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../fakes/action-env.js'

/**
 * spec/ holds the service's published OpenAPI documents, which the emulator checks every request and
 * answer against (fakes/contract.ts). A copy changes only on purpose: spec/SHA256SUMS records each
 * file's digest (`sha256sum *.json` in spec/), so an edit, a reformat or a cut-off download fails
 * here until a new published document is committed together with its new digest.
 */
const SPEC = join(PROJECT_ROOT, 'spec')

function recordedDigests(): Map<string, string> {
  const lines = readFileSync(join(SPEC, 'SHA256SUMS'), 'utf8').split('\n').filter(Boolean)
  return new Map(
    lines.map(line => {
      const [digest, file] = line.split(/\s+\*?/)
      return [file, digest]
    })
  )
}

describe('the committed OpenAPI documents', () => {
  it('records a digest for every document in spec/, and for nothing else', () => {
    const documents = readdirSync(SPEC).filter(name => name.endsWith('.json'))
    expect([...recordedDigests().keys()].sort()).toEqual(documents.sort())
    expect(documents.sort()).toEqual([
      'admin-openapi.json',
      'analytics-openapi.json',
      'platform-openapi.json'
    ])
  })

  for (const file of ['admin-openapi.json', 'analytics-openapi.json', 'platform-openapi.json']) {
    it(`spec/${file} is the published document recorded in spec/SHA256SUMS`, () => {
      const copy = readFileSync(join(SPEC, file))
      expect(() => JSON.parse(copy.toString('utf8'))).not.toThrow()
      expect(createHash('sha256').update(copy).digest('hex')).toBe(recordedDigests().get(file))
    })
  }
})
