/**
 * Appends Markdown to the step summary. This is what `core.summary.write()` does, minus its cache of
 * the file path: that cache keeps the first GITHUB_STEP_SUMMARY seen for the life of the process,
 * which breaks running the action more than once in one process (the in-process tests).
 */
import { appendFile } from 'node:fs/promises'
import { EOL } from 'node:os'

/** False when the runner gave no summary file (a local run). */
export async function appendStepSummary(
  markdown: string,
  env: NodeJS.ProcessEnv = process.env
): Promise<boolean> {
  const path = env.GITHUB_STEP_SUMMARY
  if (!path) return false
  await appendFile(path, markdown + EOL, 'utf8')
  return true
}
