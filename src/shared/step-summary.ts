/**
 * Appends Markdown to the step summary. This is what `core.summary.write()` does, minus its cache of
 * the file path: that cache keeps the first GITHUB_STEP_SUMMARY seen for the life of the process,
 * which breaks running the action more than once in one process (the in-process tests).
 */
import { appendFile } from 'node:fs/promises'
import { EOL } from 'node:os'
import { getErrorMessage } from './errors.js'
import { logLine } from './log-line.js'
import type { Runtime } from './runtime.js'

/** The summary is a convenience: failing to write it is a warning, never a failed run. */
export async function writeStepSummary(markdown: string, rt: Runtime): Promise<void> {
  const path = process.env.GITHUB_STEP_SUMMARY
  // No summary file: a local run.
  if (!path) return
  try {
    await appendFile(path, markdown + EOL, 'utf8')
  } catch (error) {
    rt.log.warning(`Could not write the step summary: ${logLine(getErrorMessage(error))}`)
  }
}
