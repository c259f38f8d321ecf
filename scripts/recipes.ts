/**
 * `npm run recipes`: every workflow of examples/ run on the events it is for, as GitHub would
 * (scripts/recipes/), with each prerequisite unset once and its concurrency queue, against the
 * service emulator and the GitHub fake; prints a table (recipe, event, steps run/skipped, outcome)
 * and exits non-zero when a run does not pass. `npm run recipes -- FILE…` runs the given files'
 * cases the same way (prerequisites set; a file's expected outcome is its namesake's in examples/;
 * a file of another name runs on each of its events, every step to pass); with `--full` also its
 * unset prerequisites and its queue.
 */
import { readdirSync } from 'node:fs'
import { basename, join } from 'node:path'
import { PROJECT_ROOT } from '../fakes/action-env.js'
import { anyRecipe, RECIPES } from './recipes/expected.js'
import { runRecipe, type Row } from './recipes/recipe-run.js'
import { loadWorkflow } from './recipes/workflow.js'

const given = process.argv.slice(2).filter(arg => arg !== '--full')
const full = given.length === 0 || process.argv.includes('--full')
const examples = join(PROJECT_ROOT, 'examples')
const files = given.length
  ? given
  : readdirSync(examples)
      .filter(f => f.endsWith('.yml'))
      .map(f => join(examples, f))

const rows: Row[] = []
for (const file of files) {
  const workflow = await loadWorkflow(file)
  const recipe =
    RECIPES.find(r => r.file === basename(file)) ??
    (given.length ? anyRecipe(basename(file), Object.keys(workflow.template.events)) : undefined)
  if (recipe === undefined) {
    rows.push({
      recipe: basename(file),
      event: '-',
      ran: 0,
      skipped: 0,
      outcome: 'no expected outcome',
      problems: [`add ${basename(file)} to scripts/recipes/expected.ts`]
    })
    continue
  }
  rows.push(...(await runRecipe(workflow, recipe, full)))
}

// An expected outcome whose example is gone is a recipe nobody runs.
if (given.length === 0) {
  for (const { file } of RECIPES.filter(r => !files.some(f => basename(f) === r.file))) {
    rows.push({
      recipe: file,
      event: '-',
      ran: 0,
      skipped: 0,
      outcome: 'no such example',
      problems: [`examples/${file} is gone: remove it from scripts/recipes/expected.ts`]
    })
  }
}

const table = [
  '| Recipe | Event | Steps run / skipped | Outcome |',
  '| --- | --- | --- | --- |',
  ...rows.map(
    r =>
      `| ${r.recipe} | ${r.event} | ${r.ran} / ${r.skipped} | ${r.problems.length ? '**FAILED**: ' : ''}${r.outcome} |`
  )
]
console.log(table.join('\n'))
const failed = rows.filter(r => r.problems.length > 0)
for (const row of failed) {
  console.log(`\nFAILED ${row.recipe}, ${row.event} (${row.outcome}):`)
  for (const problem of row.problems) console.log(`  - ${problem}`)
}
console.log(`\n${rows.length - failed.length} of ${rows.length} runs passed`)
process.exit(failed.length ? 1 : 0)
