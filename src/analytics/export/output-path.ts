/**
 * Where the export file goes, as the log shows it. Checking that the folder exists and is writable
 * reads the file system, and runs before the first request so a typo costs no rate-limited request.
 */
import { accessSync, constants, statSync } from 'node:fs'
import { dirname, isAbsolute, relative } from 'node:path'
import { InputError } from '../../shared/inputs.js'

export function displayPath(workspace: string, path: string): string {
  const inside = relative(workspace, path)
  return inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path
}

export function checkOutputLocation(path: string, shown: string): void {
  const folder = dirname(path)
  if (!isDirectory(folder)) {
    throw new InputError(
      'output-file',
      `must be in an existing folder (create ${JSON.stringify(folder)} in an earlier step, or choose another path)`,
      shown
    )
  }
  try {
    accessSync(folder, constants.W_OK)
  } catch {
    throw new InputError(
      'output-file',
      `must be in a folder this step can write to (${JSON.stringify(folder)} is not writable)`,
      shown
    )
  }
  if (isDirectory(path)) {
    throw new InputError('output-file', 'must name a file, not an existing folder', shown)
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}
