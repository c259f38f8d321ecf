/**
 * What a result says, in the comment, the summary and the line that fails the step. Pure. The
 * service's messages go through inert(); only validated pull-request URLs become links.
 */
import { formatDuration, formatMinutes } from '../shared/duration.js'
import { codeSpan, inert, truncate } from '../shared/markdown.js'
import { keyProblem } from '../mintlify/errors.js'
import { problemOf, statusOutput, type JobResult, type Problem } from './result.js'
import { sentence } from '../shared/sentence.js'
import { reattachInput, triggerFailureLine, triggerText } from './trigger-text.js'

/** Why a run stopped early: the service's own Retry-After ran past max-wait-minutes. */
function asked(waitAskedMs: number | undefined): string {
  if (waitAskedMs === undefined) return ''
  return ` (the service asked to wait ${formatDuration(waitAskedMs)} before the next read, past \`max-wait-minutes\`)`
}

function jobRef(result: JobResult): string {
  return result.jobId ? ` ${codeSpan(result.jobId)}` : ''
}

function reattachWith(result: JobResult): string {
  return reattachInput(result, codeSpan(`job-id: ${result.jobId ?? ''}`))
}

/** One paragraph that says how the run ended. */
export function resultText(result: JobResult): string {
  const triggered = triggerText(result)
  if (triggered) return triggered
  const took = result.elapsedMs > 0 ? ` after ${formatDuration(result.elapsedMs)}` : ''
  switch (result.status) {
    case 'problem':
      return problemText(result.problem, result)
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
        `⌛ Agent job${jobRef(result)} is still running after ${formatMinutes(result.maxWaitMs / 60_000)}, ` +
        `so this run stopped following it${asked(result.waitAskedMs)}. The job may still finish; to follow it again, run the workflow with ` +
        `${reattachWith(result)}.`
      )
    case 'cancelled':
      return result.jobId
        ? `🛑 The workflow run was cancelled. Agent job${jobRef(result)} may still finish: the API cannot stop it. Re-attach with ${reattachWith(result)}.`
        : '🛑 The workflow run was cancelled before an agent job was started.'
    case 'active':
      return `🚀 Agent job${jobRef(result)} started; this run does not wait for it (\`wait: false\`).`
    case 'detached':
      return (
        `🔁 Agent job${jobRef(result)} is running; this run let its runner go (\`detach: true\`). ` +
        'This comment is updated when the job ends.'
      )
    case 'triggered':
      return `📨 Agent job${jobRef(result)} was queued; the agent API does not show it.`
  }
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

function problemText(problem: Problem, result: JobResult): string {
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
    case 'unknown':
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
export function failureLine(result: JobResult): string {
  const triggered = triggerFailureLine(result)
  if (triggered) return triggered
  const id = result.jobId ? ` (job ${result.jobId})` : ''
  const problem = problemOf(result)
  switch (problem?.kind) {
    case 'rate-limited':
      return 'The Mintlify API is rate limited (100 agent uses per project per hour).'
    case 'unknown-outcome':
      return result.mode === 'follow-up'
        ? `Could not tell whether the follow-up reached the agent job${id} (${problem.cause}); it was not sent again.`
        : `Could not tell whether the agent job was created (${problem.cause}); it was not retried.`
    case 'unknown':
      if (problem.threadUnreadable) {
        return 'A re-run could not read the thread to find the earlier attempt’s job; not starting another.'
      }
      return 'An earlier attempt may have started a job whose id was not recorded; not starting another.'
    case 'unreachable':
      return `${capitalize(problem.reason)}; nothing was sent.`
    case 'refused':
      return `The Mintlify API refused the request${problem.httpStatus ? ` (HTTP ${problem.httpStatus})` : ''}: ${[problem.message, ...problem.details].filter(Boolean).join('; ')}${keyText(problem.httpStatus)}`
    case 'follow-up-refused':
      return `The follow-up could not be sent${id}${problem.httpStatus ? ` (HTTP ${problem.httpStatus})` : ''}.`
    case 'lost':
      return `Could not follow the agent job${id}: ${problem.cause}`
    default:
      if (result.status === 'timed-out') {
        const wait = formatMinutes(result.maxWaitMs / 60_000)
        const input = reattachInput(result, 'job-id', text => text)
        return `The agent job${id} did not end within ${wait}; it may still finish (re-attach with ${input}).`
      }
      return `The agent job ended with status ${statusOutput(result)}${id}.`
  }
}
function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
