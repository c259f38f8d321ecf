/**
 * The Markdown the action writes: the tracking comment in each phase, short replies, and the step
 * summary. Pure. Untrusted text (the instruction, the service's messages) goes through inert() or a
 * code span; only validated pull-request URLs become links.
 */
import { formatDuration, formatMinutes } from '../shared/duration.js'
import { blockQuote, codeSpan, inert, tableCell, truncate } from '../shared/markdown.js'
import { renderMarker, type Marker } from './markers.js'
import { keyProblem } from '../mintlify/errors.js'
import type { AgentResult, Problem } from './outcome.js'
import { sentence } from '../shared/sentence.js'

export const TITLE = '**Mintlify docs agent**'
const QUOTE_LIMIT = 1_500

export interface CommentFrame {
  marker: Marker
  instruction: string
  requester?: string
  /** What set off a code change's request: `merged by alice`, `pushed to main by bob`. */
  cause?: string
  runUrl?: string
}

export type TrackingPhase =
  | { phase: 'working' }
  | { phase: 'following'; jobId: string; followUp: boolean }
  | { phase: 'done'; result: AgentResult }

function runLink(runUrl: string | undefined, text = 'workflow run'): string {
  return runUrl ? `[${text}](${runUrl})` : text
}

function footer(frame: CommentFrame): string {
  const lines: string[] = []
  if (frame.instruction) {
    const who = frame.cause
      ? `${inert(frame.cause)}; the docs agent was asked`
      : frame.requester
        ? `${inert(frame.requester)} asked`
        : 'The request'
    lines.push(`${who}:`, '', blockQuote(frame.instruction, QUOTE_LIMIT), '')
  }
  if (frame.runUrl) lines.push(`<sub>${runLink(frame.runUrl)}</sub>`)
  lines.push(renderMarker(frame.marker))
  return lines.join('\n')
}

export function renderTrackingComment(frame: CommentFrame, phase: TrackingPhase): string {
  return [TITLE, '', headline(phase, frame.runUrl), '', footer(frame)].join('\n')
}

/**
 * A tracking comment written by an earlier run, finished with the job's result: the same result
 * text as the run would have written, in place of its headline; its quote and run link stay as they
 * were, and its marker is replaced.
 */
export function finishTrackingComment(
  existing: string,
  result: AgentResult,
  marker: Marker
): string {
  const lines = existing.trimEnd().split('\n')
  const footer = lines.slice(3, -1)
  return [TITLE, '', resultText(result), ...footer, renderMarker(marker)].join('\n')
}

function headline(phase: TrackingPhase, runUrl?: string): string {
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

/** Why a run stopped early: the service's own Retry-After ran past max-wait-minutes. */
function asked(result: AgentResult): string {
  if (result.waitAskedMs === undefined) return ''
  return ` (the service asked to wait ${formatDuration(result.waitAskedMs)} before the next read, past \`max-wait-minutes\`)`
}

function jobRef(result: AgentResult): string {
  return result.jobId ? ` ${codeSpan(result.jobId)}` : ''
}

/** One paragraph that says how the run ended. */
export function resultText(result: AgentResult): string {
  if (result.problem) return problemText(result.problem, result)
  const took = result.elapsedMs > 0 ? ` after ${formatDuration(result.elapsedMs)}` : ''
  switch (result.status) {
    case 'completed':
      if (result.pr) {
        const { owner, repo, number, url } = result.pr
        return `✅ The agent opened a pull request: [${owner}/${repo}#${number}](${url})${took}.`
      }
      if (result.untrustedPrLink) {
        return `✅ Agent job${jobRef(result)} finished${took}; it reported this pull-request link, which is not a GitHub pull-request URL: ${codeSpan(result.untrustedPrLink)}`
      }
      return (
        `✅ Agent job${jobRef(result)} finished${took} without a pull request: either nothing needed ` +
        'to change, or the project’s review setting (or a Mintlify-hosted deployment) had the agent ' +
        'commit straight to the deploy branch.'
      )
    case 'failed':
      return `❌ Agent job${jobRef(result)} failed${took}. The service gives no reason; the Mintlify dashboard may say more.`
    case 'archived':
      return `🗄️ Agent job${jobRef(result)} was archived${took} before it opened a pull request.`
    case 'timed-out':
      return (
        `⌛ Agent job${jobRef(result)} is still running after ${formatMinutes((result.maxWaitMs ?? result.elapsedMs) / 60_000)}, ` +
        `so this run stopped following it${asked(result)}. The job may still finish; to follow it again, run the workflow with ` +
        `${codeSpan(`job-id: ${result.jobId ?? ''}`)}.`
      )
    case 'cancelled':
      return result.jobId
        ? `🛑 The workflow run was cancelled. Agent job${jobRef(result)} may still finish: the API cannot stop it. Re-attach with ${codeSpan(`job-id: ${result.jobId}`)}.`
        : '🛑 The workflow run was cancelled before an agent job was started.'
    case 'active':
      return `🚀 Agent job${jobRef(result)} started; this run does not wait for it (\`wait: false\`).`
    case 'detached':
      return (
        `🔁 Agent job${jobRef(result)} is running; this run let its runner go (\`detach: true\`). ` +
        'This comment is updated when the job ends.'
      )
    case 'skipped':
      return result.ownedBy ? ownedElsewhereText(result.ownedBy) : 'Nothing to do.'
  }
}

/** Another workflow run delivered the same request first and follows its job. */
export function ownedElsewhereText({ run, url }: { run?: string; url?: string }): string {
  const where = url ? ` ([its tracking comment](${url}))` : ''
  return `⏭️ Not started: workflow run ${run ?? '(unknown)'} already handles this request${where}.`
}

function keyText(status: number | undefined): string {
  const text = keyProblem(status)
  return text ? ` ${text}` : ''
}

function serviceText(message: string | undefined, details: string[] = []): string {
  const parts = [message, ...details].filter((part): part is string => Boolean(part))
  return parts.length ? `: ${inert(truncate(parts.join('; '), 1_000))}` : ''
}

function refusedText(problem: Extract<Problem, { kind: 'refused' }>): string {
  const status = problem.httpStatus ? ` (HTTP ${problem.httpStatus})` : ''
  const text = `The Mintlify API refused the request${status}${serviceText(problem.message, problem.details)}`
  return `${sentence(text)}${keyText(problem.httpStatus)}`
}

function problemText(problem: Problem, result: AgentResult): string {
  switch (problem.kind) {
    case 'refused':
      return `❌ ${refusedText(problem)}`
    case 'unreachable':
      return (
        `❌ ${capitalize(inert(problem.reason))}, so nothing was sent` +
        (result.mode === 'follow-up'
          ? ` to agent job${jobRef(result)}`
          : ' and no job was started') +
        '. Check `api-url`, and on a self-hosted runner its DNS and proxy (`HTTPS_PROXY`, `NO_PROXY`).'
      )
    case 'rate-limited':
      return (
        '⏸️ The Mintlify API is rate limited: it allows 100 agent uses per project per hour' +
        (problem.retryAfterMs ? ` (it asks to wait ${formatDuration(problem.retryAfterMs)})` : '') +
        (result.mode === 'follow-up'
          ? `. The follow-up was not sent to agent job${jobRef(result)}; try again later.`
          : '. No job was started; try again later.')
      )
    case 'unknown-outcome':
      if (result.mode === 'follow-up') {
        return (
          `⚠️ Could not tell whether the follow-up reached agent job${jobRef(result)}: ${inert(problem.cause)} after it was sent. ` +
          'It was not sent again, so that the job does not get it twice.'
        )
      }
      return (
        `⚠️ Could not tell whether the agent job was created: ${inert(problem.cause)} after the request was sent. ` +
        'It was not sent again, so that no second job is started. Check the Mintlify dashboard before asking again.'
      )
    case 'previous-attempt-unknown':
      if (problem.threadUnreadable) {
        return (
          '⚠️ This is a re-run, and the thread could not be read to find the job of the earlier attempt. ' +
          'To be sure no second job is started, this attempt starts none. Re-run it again, or comment anew.'
        )
      }
      return (
        '⚠️ An earlier attempt of this run may have started an agent job, but its id was never recorded. ' +
        'This attempt does not start another one. Check the Mintlify dashboard; a new comment starts a new request.'
      )
    case 'lost':
      return `❌ ${sentence(`Could not follow agent job${jobRef(result)}: ${inert(problem.cause)}`)}${keyText(problem.httpStatus)}`
    case 'follow-up-refused':
      return (
        `❌ The follow-up could not be sent to agent job${jobRef(result)}` +
        `${problem.httpStatus ? ` (HTTP ${problem.httpStatus}${problem.httpStatus === 404 ? ': the job no longer exists' : ''})` : ''}` +
        `${sentence(serviceText(problem.message))} No new job was started; ask again without the earlier thread, or use \`follow-up: false\`.`
      )
  }
}

/** The one line that fails the step (`core.setFailed`) for a result that counts as a failure. */
export function failureLine(result: AgentResult): string {
  const id = result.jobId ? ` (job ${result.jobId})` : ''
  switch (result.problem?.kind) {
    case 'rate-limited':
      return 'The Mintlify API is rate limited (100 agent uses per project per hour).'
    case 'unknown-outcome':
      return result.mode === 'follow-up'
        ? `Could not tell whether the follow-up reached the agent job${id} (${result.problem.cause}); it was not sent again.`
        : `Could not tell whether the agent job was created (${result.problem.cause}); it was not retried.`
    case 'previous-attempt-unknown':
      if (result.problem.threadUnreadable) {
        return 'A re-run could not read the thread to find the earlier attempt’s job; not starting another.'
      }
      return 'An earlier attempt may have started a job whose id was not recorded; not starting another.'
    case 'unreachable':
      return `${capitalize(result.problem.reason)}; nothing was sent.`
    case 'refused':
      return `The Mintlify API refused the request${result.problem.httpStatus ? ` (HTTP ${result.problem.httpStatus})` : ''}: ${[result.problem.message, ...result.problem.details].filter(Boolean).join('; ')}${keyText(result.problem.httpStatus)}`
    case 'follow-up-refused':
      return `The follow-up could not be sent${id}${result.problem.httpStatus ? ` (HTTP ${result.problem.httpStatus})` : ''}.`
    case 'lost':
      return `Could not follow the agent job${id}: ${result.problem.cause}`
    default:
      if (result.status === 'timed-out') {
        const wait = formatMinutes((result.maxWaitMs ?? result.elapsedMs) / 60_000)
        return `The agent job${id} did not end within ${wait}; it may still finish (re-attach with job-id).`
      }
      return `The agent job ended with status ${result.status}${id}.`
  }
}

/** A short reply for a refused or empty request (no job). */
export function renderReply(text: string, marker: Marker): string {
  return [TITLE, '', text, '', renderMarker(marker)].join('\n')
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

export interface SummaryFacts {
  result: AgentResult
  instruction: string
  commentUrl?: string
}

/** The step summary: a table with the job id, status, duration, PR link and the prompt. */
export function renderSummary({ result, instruction, commentUrl }: SummaryFacts): string {
  const pr = result.pr
    ? `[${result.pr.owner}/${result.pr.repo}#${result.pr.number}](${result.pr.url})`
    : result.untrustedPrLink
      ? codeSpan(result.untrustedPrLink)
      : '—'
  const rows = [
    ['Job id', result.jobId ? codeSpan(result.jobId) : '—'],
    ['Status', `\`${result.status}\``],
    ['Duration', formatDuration(result.elapsedMs)],
    ['Pull request', pr],
    ['Prompt', instruction ? tableCell(truncate(instruction.trim(), 200)) : '—']
  ]
  if (commentUrl) rows.push(['Comment', `[tracking comment](${commentUrl})`])
  return [
    '### Mintlify docs agent',
    '',
    resultText(result),
    '',
    '| Detail | Value |',
    '| --- | --- |',
    ...rows.map(([name, value]) => `| ${name} | ${value} |`),
    ''
  ].join('\n')
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
