/**
 * The tracking comment's text in each phase: a title, the headline, the request's quote and run link,
 * and the marker. Pure; untrusted text goes through inert() or a block quote.
 */
import { blockQuote, codeSpan, inert } from '../shared/markdown.js'
import { readComment, writeComment } from './comment-layout.js'
import type { Marker } from './markers.js'
import type { JobResult } from './result.js'
import { resultText } from './result-text.js'
import { triggerHeadline, triggerLine } from './trigger-text.js'

const QUOTE_LIMIT = 1_500

export interface CommentFrame {
  marker: Marker
  instruction: string
  requester?: string
  /** What set off a code change's request: `merged by alice`, `pushed to main by bob`. */
  cause?: string
  /** Markdown the action wrote itself (a digest's list of pull requests), shown below the quote. */
  details?: string
  runUrl?: string
  /** The id the request triggers: the comment names it instead of a prompt. */
  trigger?: string
}

export type TrackingPhase =
  | { phase: 'working' }
  | { phase: 'following'; jobId: string; followUp: boolean }
  | { phase: 'done'; result: JobResult }

function runLink(runUrl: string | undefined, text = 'workflow run'): string {
  return runUrl ? `[${text}](${runUrl})` : text
}

function body(frame: CommentFrame): string {
  const lines: string[] = []
  if (frame.trigger) {
    lines.push(triggerLine(frame.trigger, frame.cause ?? frame.requester), '')
  } else if (frame.instruction) {
    const who = frame.cause
      ? `${inert(frame.cause)}; the docs agent was asked`
      : frame.requester
        ? `${inert(frame.requester)} asked`
        : 'The request'
    lines.push(`${who}:`, '', blockQuote(frame.instruction, QUOTE_LIMIT), '')
  }
  if (frame.details) lines.push(frame.details, '')
  if (frame.runUrl) lines.push(`<sub>${runLink(frame.runUrl)}</sub>`)
  return lines.join('\n')
}

export function renderTrackingComment(frame: CommentFrame, phase: TrackingPhase): string {
  return writeComment({
    headline: headline(phase, frame),
    body: body(frame),
    marker: frame.marker
  })
}

/** A comment an earlier run wrote, its headline and marker replaced by the result's; its body stays. */
export function finishTrackingComment(existing: string, result: JobResult, marker: Marker): string {
  const body = readComment(existing)?.body ?? ''
  return writeComment({ headline: resultText(result), body, marker })
}

function headline(phase: TrackingPhase, { runUrl, trigger }: CommentFrame): string {
  if (trigger && phase.phase !== 'done') return triggerHeadline(trigger, phase, runLink(runUrl))
  switch (phase.phase) {
    case 'working':
      return `⏳ Working on it: starting an agent job (${runLink(runUrl)}).`
    case 'following':
      return phase.followUp
        ? `⏳ Sent to agent job ${codeSpan(phase.jobId)} as a follow-up; this comment is updated when the job ends.`
        : `⏳ Agent job ${codeSpan(phase.jobId)} is running; this comment is updated when it ends.`
    case 'done':
      return resultText(phase.result)
  }
}
