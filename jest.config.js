/**
 * Jest in ESM mode: the @actions packages and p-retry are ESM only. Two projects: `unit`, the
 * pure-logic tests (`npm run test:unit`), and `integration`, the rest (the fakes, the servers, the
 * bundles). `npm test` runs both.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const TESTS = join(import.meta.dirname, '__tests__')

/**
 * What a unit test may import: jest, the source, YAML, Node's file and path modules, and the helpers
 * that read text. Anything else (a fake, a test world, a script, a bundle, a socket, a process)
 * makes it an integration test. Chosen by its imports, so a new test lands on the right side by itself.
 */
const PURE_IMPORTS = [
  /^@jest\/globals$/,
  /^\.\.\/src\//,
  /^yaml$/,
  /^node:(fs|os|path|url|util)$/,
  /^\.\/helpers\/(csv|mermaid|text)\.js$/
]

/** Whether a test's source imports only what a unit test may. */
export function isUnitTest(source) {
  if (/\bimport\(|\brequire\(/.test(source)) return false
  const imported = [...source.matchAll(/^(?:import|export)\b[^'"]*?(?:from\s+)?'([^']+)'/gm)]
  return imported.every(([, name]) => PURE_IMPORTS.some(pattern => pattern.test(name)))
}

export const UNIT_TESTS = readdirSync(TESTS)
  .filter(name => name.endsWith('.test.ts'))
  .filter(name => isUnitTest(readFileSync(join(TESTS, name), 'utf8')))
  .sort()

const shared = {
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
  testTimeout: 30000
}

/** The pure-logic tests: `npm run test:unit` runs this project alone (jest.unit.config.js). */
export const unitProject = {
  ...shared,
  displayName: 'unit',
  testMatch: UNIT_TESTS.map(name => `<rootDir>/__tests__/${name}`),
  // A unit test that opens a socket or starts a process fails: it belongs with the integration tests.
  setupFilesAfterEnv: ['<rootDir>/__tests__/helpers/no-network.ts']
}

export default {
  // A global option: inside a project jest ignores it, and the default 5 s timed out the bundle
  // tests (each starts a process) whenever the two cores were busy.
  testTimeout: 30000,
  projects: [
    unitProject,
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: UNIT_TESTS.map(name => `/__tests__/${name.replace(/\./g, '\\.')}$`)
    }
  ]
}
