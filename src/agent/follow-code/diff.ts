/** The diff of a code change for the prompt, within the room the prompt leaves. Pure. */
import type { PullFile } from '../../github/pulls.js'
import { plural } from '../../shared/plural.js'
import { cutAtCharacter } from '../../shared/text-cut.js'

/** One file's diff is cut here, so one huge file does not crowd out the rest. */
export const FILE_DIFF_LIMIT = 4_000
const HEADING = 'Diff of the changed files that ignore-paths does not match:'
const NOTE_ROOM = 200
const MIN_FILE_ROOM = 300

/** The diff section, at most `room` characters; undefined when there is nothing to show. */
export function renderDiff(
  files: readonly PullFile[],
  ignored: (path: string) => boolean,
  room: number
): string | undefined {
  const wanted = files.filter(file => !ignored(file.path))
  const ignoredCount = files.length - wanted.length
  const withPatch = wanted.filter(file => file.patch)
  if (withPatch.length === 0) return undefined
  const parts = [HEADING]
  let used = HEADING.length
  let cutFiles = 0
  let shown = 0
  for (const file of withPatch) {
    const left = room - NOTE_ROOM - used - 1
    if (left < MIN_FILE_ROOM) break
    const section = fileSection(file, Math.min(FILE_DIFF_LIMIT, left))
    if (section.cut) cutFiles++
    parts.push(section.text)
    used += section.text.length + 1
    shown++
  }
  if (shown === 0) return undefined
  const notShown = withPatch.length - shown
  const noPatch = wanted.length - withPatch.length
  const left: string[] = []
  if (notShown > 0) left.push(plural(notShown, 'more file'))
  if (cutFiles > 0) left.push(`the end of ${plural(cutFiles, 'long diff')}`)
  if (noPatch > 0)
    left.push(`${plural(noPatch, 'file')} GitHub gives no diff for (binary or too large)`)
  if (ignoredCount > 0) left.push(plural(ignoredCount, 'ignored file'))
  if (left.length > 0) parts.push(`[Left out of the diff: ${left.join('; ')}]`)
  return parts.join('\n')
}

function fileSection(file: PullFile, limit: number): { text: string; cut: boolean } {
  const header = `--- ${file.path.replace(/\s+/g, ' ')}`
  const patch = file.patch as string
  const room = limit - header.length - 1
  if (patch.length <= room) return { text: `${header}\n${patch}`, cut: false }
  const kept = cutAtCharacter(patch, Math.max(0, room - 60))
  const note = `[cut: ${patch.length - kept.length} more characters of this file's diff]`
  return { text: `${header}\n${kept}\n${note}`, cut: true }
}
