/** Short replies for a request that starts no job: not permitted, or no instruction. Pure. */
import { codeSpan } from '../shared/markdown.js'
import { writeComment } from '../job/comment-layout.js'
import type { Marker } from '../job/markers.js'

/** A short reply for a refused or empty request (no job). */
export function renderReply(text: string, marker: Marker): string {
  return writeComment({ headline: text, body: '', marker })
}

export function refusalText(login: string, required: string, actual: string): string {
  if (actual === 'unknown') {
    // Fail closed: the permission API failed, so say that rather than "yours is unknown".
    return `Sorry, ${codeSpan(login)}: asking the docs agent needs \`${required}\` permission on this repository, and yours could not be checked (the GitHub API did not answer). Please try again later.`
  }
  return `Sorry, ${codeSpan(login)}: asking the docs agent needs \`${required}\` permission on this repository, and yours is \`${actual}\`.`
}

export function needsInstructionText(phrase: string): string {
  return `Please add an instruction after ${codeSpan(phrase)}, for example: ${codeSpan(`${phrase} document the new rate-limit headers`)}`
}
