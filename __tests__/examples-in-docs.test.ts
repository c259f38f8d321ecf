/**
 * Every whole workflow the README and docs/ show (a ```yaml block with `on:` and `jobs:`) is a file
 * of examples/, byte for byte, so that `npm run recipes` runs what users copy. A block that is not a
 * whole workflow is a fragment and is not checked here.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { PROJECT_ROOT } from '../fakes/action-env.js'

const pages = [
  'README.md',
  ...readdirSync(join(PROJECT_ROOT, 'docs'))
    .filter(f => f.endsWith('.md'))
    .map(f => `docs/${f}`)
]
const examples = readdirSync(join(PROJECT_ROOT, 'examples'))
  .filter(f => f.endsWith('.yml'))
  .map(f => ({ file: f, text: readFileSync(join(PROJECT_ROOT, 'examples', f), 'utf8') }))

/** The ```yaml blocks of a page that are whole workflows, with the line each starts on. */
function wholeWorkflows(page: string): { line: number; text: string; name: string }[] {
  const markdown = readFileSync(join(PROJECT_ROOT, page), 'utf8')
  const blocks = [...markdown.matchAll(/^```ya?ml\n([\s\S]*?)^```$/gm)]
  return blocks.flatMap(block => {
    let parsed: unknown
    try {
      parsed = parse(block[1])
    } catch {
      return []
    }
    const workflow = parsed as Record<string, unknown> | null
    if (typeof workflow !== 'object' || workflow === null) return []
    if (!('on' in workflow) || !('jobs' in workflow)) return []
    const line = markdown.slice(0, block.index).split('\n').length
    return [{ line, text: block[1], name: String(workflow.name ?? '') }]
  })
}

describe('whole workflows in the README and docs/', () => {
  for (const page of pages) {
    const blocks = wholeWorkflows(page)
    if (blocks.length === 0) continue
    it(`${page}: each equals a file of examples/`, () => {
      const strays = blocks
        .filter(block => !examples.some(example => example.text === block.text))
        .map(block => `${page}:${block.line} "${block.name}" equals no file of examples/`)
      expect(strays).toEqual([])
    })
  }
})
