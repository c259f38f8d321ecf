/**
 * The README's inputs and outputs tables, made from action.yml and analytics/action.yml, so the two
 * never disagree. `npm run docs` rewrites them; __tests__/docs.test.ts fails when they differ.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'

interface ActionYaml {
  inputs?: Record<string, { description?: string; required?: boolean; default?: string }>
  outputs?: Record<string, { description?: string }>
}

export const ACTIONS = [
  { id: 'agent', file: 'action.yml' },
  { id: 'analytics', file: 'analytics/action.yml' },
  { id: 'sweep', file: 'sweep/action.yml' }
] as const

const cell = (text: string): string =>
  text
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim()

export function readActionYaml(root: string, file: string): ActionYaml {
  return parse(readFileSync(join(root, file), 'utf8')) as ActionYaml
}

export function renderTables(action: ActionYaml): string {
  const inputs = Object.entries(action.inputs ?? {}).map(([name, input]) => {
    const fallback = input.required
      ? '**required**'
      : input.default
        ? `\`${input.default}\``
        : '(empty)'
    return `| \`${name}\` | ${fallback} | ${cell(input.description ?? '')} |`
  })
  const outputs = Object.entries(action.outputs ?? {}).map(
    ([name, output]) => `| \`${name}\` | ${cell(output.description ?? '')} |`
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

/** The README with every generated block replaced by a fresh one. */
export function refreshReadme(root: string, readme: string): string {
  let text = readme
  for (const { id, file } of ACTIONS) {
    const from = text.indexOf(start(id))
    const to = text.indexOf(end(id))
    if (from === -1 || to === -1)
      throw new Error(`README.md lacks the ${start(id)} ... ${end(id)} block`)
    text = `${text.slice(0, from + start(id).length)}\n${renderTables(readActionYaml(root, file))}\n${text.slice(to)}`
  }
  return text
}

if (process.argv[1]?.endsWith('action-docs.ts')) {
  const root = join(import.meta.dirname, '..')
  const path = join(root, 'README.md')
  writeFileSync(path, refreshReadme(root, readFileSync(path, 'utf8')))
  console.log('README.md tables refreshed from action.yml and analytics/action.yml')
}
