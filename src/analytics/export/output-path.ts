/**
 * Where the export file goes. Resolving is pure; checking that the folder exists and is writable
 * reads the file system, and runs before the first request so a typo costs no rate-limited request.
 */
import { accessSync, constants, statSync } from 'node:fs'
import { dirname, isAbsolute, relative, resolve } from 'node:path'
import { InputError } from '../../shared/inputs.js'

/** The absolute path of `output-file`: relative paths count from the workspace. */
export function resolveOutputPath(workspace: string, outputFile: string): string {
  return resolve(workspace, outputFile)
}

/** How to show the file: relative to the workspace when inside it, else absolute. */
export function displayPath(workspace: string, path: string): string {
  const inside = relative(workspace, path)
  return inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path
}

/** Throws an InputError naming `output-file` unless the file can be written where it should go. */
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
