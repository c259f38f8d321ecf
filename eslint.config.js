import js from '@eslint/js'
import tseslint from 'typescript-eslint'

/**
 * The house rules of src/, kept by the linter (CONTRIBUTING.md, "House rules"): small functions and
 * files, at most four parameters, and imports that flow one way:
 * entry → flow (agent | sweep | analytics | deploy) → job → clients (mintlify | github) → shared.
 */
const FLOWS = ['agent', 'sweep', 'analytics', 'deploy']
const CLIENTS = ['mintlify', 'github']

/** What each folder of src/ may not import, by the first folder below src/ of the imported file. */
const FORBIDDEN = {
  shared: [...FLOWS, 'job', ...CLIENTS],
  mintlify: [...FLOWS, 'job', 'github'],
  github: [...FLOWS, 'job', 'mintlify'],
  job: FLOWS,
  agent: FLOWS.filter(flow => flow !== 'agent'),
  sweep: FLOWS.filter(flow => flow !== 'sweep'),
  analytics: FLOWS.filter(flow => flow !== 'analytics'),
  deploy: FLOWS.filter(flow => flow !== 'deploy')
}

const ENTRIES = '(index|analytics|sweep|deploy)\\.js'

/**
 * One config a folder and depth: a relative import climbs to src/ with one `../` a level, so the
 * folder it names next is the layer it reaches. `./x.js` stays inside the folder and is always fine.
 */
function importDirection(folder, forbidden) {
  return [1, 2, 3].map(depth => {
    const toSrc = '\\.\\./'.repeat(depth)
    const message = `src/${folder}/ may not import this: imports flow entry → flow → job → clients → shared (CONTRIBUTING.md, "House rules").`
    const patterns = [
      { regex: `^${toSrc}(${forbidden.join('|')})/`, message },
      {
        regex: `^${toSrc}${ENTRIES}$`,
        message: `an entry point is imported by nobody: ${message}`
      },
      {
        regex: '(^|/)(fakes|scripts|__tests__)/',
        message: 'src/ never imports test or script code.'
      }
    ]
    return {
      files: [`src/${folder}/${'*/'.repeat(depth - 1)}*.ts`],
      rules: { 'no-restricted-imports': ['error', { patterns }] }
    }
  })
}

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'build/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'off'
    }
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      'max-params': ['error', 4],
      'max-lines-per-function': ['error', { max: 60 }],
      'max-lines': ['error', { max: 250 }]
    }
  },
  ...Object.entries(FORBIDDEN).flatMap(([folder, forbidden]) => importDirection(folder, forbidden))
)
