/**
 * The inputs and outputs tables of docs/reference.md, made from the four action.yml files, so they
 * never disagree. `npm run docs` rewrites them; __tests__/docs.test.ts fails when they differ. An
 * input or output that the first release did not have is marked "since X.Y.Z", and one that no
 * release has yet "not released yet": nothing a release does not carry is promised without saying so.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'

interface ActionYaml {
  inputs?: Record<string, { description?: string; required?: boolean; default?: string }>
  outputs?: Record<string, { description?: string }>
}

/** The page that holds the generated tables, relative to the repository root. */
export const REFERENCE_PAGE = 'docs/reference.md'

export const ACTIONS = [
  { id: 'agent', file: 'action.yml' },
  { id: 'analytics', file: 'analytics/action.yml' },
  { id: 'sweep', file: 'sweep/action.yml' },
  { id: 'deploy', file: 'deploy/action.yml' }
] as const

export type ActionId = (typeof ACTIONS)[number]['id']

/** The inputs and outputs of 1.0.0, the first release (the sweep and deploy actions did not exist). */
export const FIRST_RELEASE = {
  version: '1.0.0',
  names: {
    agent: [
      'api-key',
      'project-id',
      'prompt',
      'prompt-file',
      'trigger-phrase',
      'job-id',
      'wait',
      'max-wait-minutes',
      'poll-interval-seconds',
      'max-poll-interval-seconds',
      'github-token',
      'issue-number',
      'comment',
      'required-permission',
      'allowed-bots',
      'fail-on-error',
      'api-url',
      'include-context',
      'follow-up',
      'back-link',
      'status',
      'pr-url',
      'pr-number',
      'comment-id',
      'comment-url'
    ],
    analytics: [
      'api-key',
      'project-id',
      'api-url',
      'date-from',
      'date-to',
      'page-size',
      'output-file',
      'format',
      'summary-rows',
      'issue-number',
      'github-token',
      'total',
      'human',
      'ai',
      'pages',
      'file'
    ],
    sweep: [],
    deploy: []
  } satisfies Record<ActionId, string[]>
}

/**
 * Names first released after 1.0.0, by version. A name in neither list comes with the version in
 * package.json (the release being prepared): after a release, add the names it brought here.
 */
export const ADDED: Record<string, Partial<Record<ActionId, string[]>>> = {
  '1.1.0': {
    agent: ['detach', 'skip-label', 'ignore-paths', 'include-diff'],
    analytics: [
      'dataset',
      'compare',
      'chart',
      'impact',
      'docs-repository',
      'docs-root',
      'rows',
      'previous-total',
      'change',
      'impact-pulls',
      'impact-pages',
      'prompt'
    ],
    sweep: [
      'api-key',
      'project-id',
      'api-url',
      'github-token',
      'lookback-days',
      'max-jobs',
      'back-link',
      'checked',
      'finished',
      'pending'
    ]
  },
  '1.2.0': {
    agent: [
      'label-trigger',
      'digest',
      'digest-branch',
      'digest-since',
      'digest-max-pulls',
      'digest-notify',
      'digest-pulls',
      'digest-skipped',
      'digest-waiting'
    ],
    deploy: [
      'api-key',
      'project-id',
      'api-url',
      'github-token',
      'deployment',
      'branch',
      'wait',
      'max-wait-minutes',
      'poll-interval-seconds',
      'max-poll-interval-seconds',
      'comment',
      'issue-number',
      'fail-on-error',
      'status-id',
      'status',
      'preview-url',
      'subdomain',
      'commit-sha',
      'comment-id',
      'comment-url'
    ]
  },
  '1.3.0': {
    agent: ['label-remove', 'automation', 'dry-run', 'automation-run', 'prompt'],
    analytics: [
      'request-budget',
      'daily',
      'files',
      'requests',
      'left-out',
      'views-rows',
      'views-file',
      'views-total',
      'views-human',
      'views-ai',
      'views-previous-total',
      'views-change',
      'visitors-rows',
      'visitors-file',
      'visitors-total',
      'visitors-human',
      'visitors-ai',
      'visitors-previous-total',
      'visitors-change',
      'searches-rows',
      'searches-file',
      'searches-total',
      'searches-prompt',
      'feedback-rows',
      'feedback-file',
      'feedback-total',
      'feedback-prompt',
      'assistant-rows',
      'assistant-file',
      'assistant-total',
      'assistant-prompt'
    ]
  }
}

/** Names that are in `main` but in no release yet (no `ADDED` entry): listed there at the release. */
export const UNRELEASED = 'unreleased'

/** The version that brought `name` to action `id`: undefined for the first release's names. */
export function since(id: ActionId, name: string): string | undefined {
  if ((FIRST_RELEASE.names[id] as string[]).includes(name)) return undefined
  for (const [version, names] of Object.entries(ADDED))
    if (names[id]?.includes(name)) return version
  return UNRELEASED
}

const cell = (text: string): string =>
  text
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim()

/** One line of code in a table cell: a code span that no backtick or pipe in it can break. */
const code = (text: string): string => {
  const fence = text.includes('`') ? '`` ' : '`'
  return `${fence}${text.replace(/\|/g, '\\|')}${fence.split('').reverse().join('')}`
}

/** A default as one cell: each line of a multi-line default its own code span, on its own line. */
export function defaultCell(value: string): string {
  const lines = value.split('\n').filter(line => line.trim() !== '')
  return lines.map(code).join('<br>')
}

const nameCell = (id: ActionId, name: string): string => {
  const version = since(id, name)
  if (version === UNRELEASED) return `\`${name}\` _not released yet_`
  return version ? `\`${name}\` _since ${version}_` : `\`${name}\``
}

export function readActionYaml(root: string, file: string): ActionYaml {
  return parse(readFileSync(join(root, file), 'utf8')) as ActionYaml
}

export function packageVersion(root: string): string {
  return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string })
    .version
}

export function renderTables(action: ActionYaml, id: ActionId = 'agent'): string {
  const inputs = Object.entries(action.inputs ?? {}).map(([name, input]) => {
    const fallback = input.required
      ? '**required**'
      : input.default
        ? defaultCell(input.default)
        : '(empty)'
    return `| ${nameCell(id, name)} | ${fallback} | ${cell(input.description ?? '')} |`
  })
  const outputs = Object.entries(action.outputs ?? {}).map(
    ([name, output]) => `| ${nameCell(id, name)} | ${cell(output.description ?? '')} |`
  )
  return [
    '| input | default | description |',
    '| --- | --- | --- |',
    ...inputs,
    '',
    '| output | description |',
    '| --- | --- |',
    ...outputs
  ].join('\n')
}

const start = (id: string): string => `<!-- tables:${id}:start -->`
const end = (id: string): string => `<!-- tables:${id}:end -->`

/** The reference page with every generated block replaced by a fresh one. */
export function refreshReference(root: string, page: string): string {
  let text = page
  for (const { id, file } of ACTIONS) {
    const from = text.indexOf(start(id))
    const to = text.indexOf(end(id))
    if (from === -1 || to === -1)
      throw new Error(`${REFERENCE_PAGE} lacks the ${start(id)} ... ${end(id)} block`)
    text = `${text.slice(0, from + start(id).length)}\n${renderTables(readActionYaml(root, file), id)}\n${text.slice(to)}`
  }
  return text
}

if (process.argv[1]?.endsWith('action-docs.ts')) {
  const root = join(import.meta.dirname, '..')
  const path = join(root, REFERENCE_PAGE)
  writeFileSync(path, refreshReference(root, readFileSync(path, 'utf8')))
  console.log(
    `${REFERENCE_PAGE} tables refreshed from ${ACTIONS.map(action => action.file).join(', ')}`
  )
}
