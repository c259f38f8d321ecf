/**
 * What fakes/workflow-lint.ts does not cover: the repository's own workflows (.github/workflows) and
 * the YAML blocks of the other Markdown files users read (CONTRIBUTING.md, docs/*.md). Linted by
 * `npm run lint:workflows` and the tests alike.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Finding, lintWorkflow, yamlBlocks } from '../fakes/workflow-lint.js'

export function ownWorkflowFiles(root: string): string[] {
  const folder = join(root, '.github', 'workflows')
  if (!existsSync(folder)) return []
  return readdirSync(folder)
    .filter(name => /\.ya?ml$/.test(name))
    .sort()
    .map(name => join('.github', 'workflows', name))
}

/** Markdown besides the README whose YAML blocks are whole workflows. */
export function otherMarkdownFiles(root: string): string[] {
  const docs = existsSync(join(root, 'docs'))
    ? readdirSync(join(root, 'docs'))
        .filter(name => name.endsWith('.md'))
        .sort()
        .map(name => join('docs', name))
    : []
  return ['CONTRIBUTING.md', ...docs].filter(file => existsSync(join(root, file)))
}

export async function lintOwnWorkflows(root: string): Promise<Finding[]> {
  const findings: Finding[] = []
  for (const file of ownWorkflowFiles(root)) {
    findings.push(...(await lintWorkflow(file, readFileSync(join(root, file), 'utf8'))))
  }
  for (const file of otherMarkdownFiles(root)) {
    for (const block of yamlBlocks(readFileSync(join(root, file), 'utf8'))) {
      findings.push(...(await lintWorkflow(file, block.text, block.line)))
    }
  }
  return findings
}
