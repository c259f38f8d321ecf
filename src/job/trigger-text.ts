/**
 * What the comment and the result say when the request triggers a Mintlify automation, where it
 * differs from a job's (undefined: the job's text applies). Pure; service text goes through inert().
 */
import { codeSpan, inert, truncate } from '../shared/markdown.js'
import { formatDuration } from '../shared/duration.js'
import { keyProblem } from '../mintlify/errors.js'
import { sentence } from '../shared/sentence.js'
import type { JobResult, Problem, TriggeredRun } from './result.js'

const AUTOMATIONS_PAGE = 'https://app.mintlify.com/products/automations'

const HISTORY = `its run history is on the [Automations page](${AUTOMATIONS_PAGE}) of the Mintlify dashboard`

function named(automation: TriggeredRun): string {
  return `Mintlify automation ${codeSpan(automation.id)}`
}

function runOf(automation: TriggeredRun): string {
  return automation.instanceId ? ` ${codeSpan(automation.instanceId)}` : ''
}

/** Who covered a digest's change: the automation and its run. */
export function runName(automation: TriggeredRun): string {
  const run = automation.instanceId ? ` (run ${codeSpan(automation.instanceId)})` : ''
  return `${named(automation)}${run}`
}

/** A digest's note while its triggered run is queued at Mintlify (no pull request to link). */
export function queuedNote(automation: TriggeredRun, where: string): string {
  return `${runName(automation)} was triggered for this change in ${where}; the run is queued at Mintlify: ${HISTORY}.`
}

/** Why a digest of an automation triggered nothing: the run of the digest before has not ended. */
export function notTriggeredText(id: string, why: string): string {
  return (
    `the previous digest's run of ${named({ id })} has not ended (${inert(why)}), and a run ` +
    'now would cover its changes again: the pull requests merged since wait for the next digest'
  )
}

export function triggerLine(id: string, who: string | undefined): string {
  const what = `**Mintlify automation ${codeSpan(id)}**`
  return who ? `${inert(who)}; triggered: ${what}` : what
}

export function triggerHeadline(
  id: string,
  phase: { phase: 'working' } | { phase: 'following'; jobId: string },
  runLink: string
): string {
  return phase.phase === 'working'
    ? `⏳ Working on it: triggering ${named({ id })} (${runLink}).`
    : `⏳ ${named({ id })} is running as agent job ${codeSpan(phase.jobId)}; this comment is updated when it ends.`
}

/** The input a step re-attaches with: an automation's step takes `job-id` in place of `automation`. */
export function reattachInput(result: JobResult, input: string, name = codeSpan): string {
  return result.trigger ? `${input} in place of ${name('automation')}` : input
}

export function triggerText(result: JobResult): string | undefined {
  const automation = result.trigger
  if (!automation) return undefined
  if (result.status === 'triggered') {
    return (
      `📨 ${named(automation)} was triggered: its run${runOf(automation)} is queued at Mintlify. ` +
      `The agent API does not show its job${result.jobId ? ` ${codeSpan(result.jobId)}` : ''}, so this run cannot follow it to a pull request; ${HISTORY}.`
    )
  }
  if (result.status !== 'problem') return undefined
  return problemText(result.problem, automation)
}

function serviceText(message: string | undefined, details: string[] = []): string {
  const parts = [message, ...details].filter((part): part is string => Boolean(part))
  return parts.length ? `: ${inert(truncate(parts.join('; '), 1_000))}` : ''
}

function problemText(problem: Problem, automation: TriggeredRun): string | undefined {
  switch (problem.kind) {
    case 'refused':
      return `❌ ${refusedText(problem, automation)}`
    case 'rate-limited':
      return (
        '⏸️ The Mintlify API is rate limited: it allows 5 automation and deployment triggers a minute per organization' +
        (problem.retryAfterMs ? ` (it asks to wait ${formatDuration(problem.retryAfterMs)})` : '') +
        `, and the wait would pass \`max-wait-minutes\`. ${named(automation)} was not triggered; try again later.`
      )
    case 'unreachable':
      return `❌ ${sentence(inert(problem.reason).replace(/^./, c => c.toUpperCase()))} Nothing was sent: ${named(automation)} was not triggered. Check \`api-url\`, and on a self-hosted runner its DNS and proxy.`
    case 'unknown-outcome':
      return (
        `⚠️ Could not tell whether ${named(automation)} was triggered: ${inert(problem.cause)} after the request was sent. ` +
        `It was not sent again, so that no second run is started (each run costs credits); ${HISTORY}: check it before triggering again.`
      )
    case 'unknown':
      return problem.threadUnreadable
        ? `⚠️ This is a re-run, and the thread could not be read to find what the earlier attempt triggered. To be sure ${named(automation)} does not run twice, this attempt triggers nothing.`
        : `⚠️ An earlier attempt of this run may have triggered ${named(automation)}, but its answer was never recorded. This attempt triggers nothing; ${HISTORY}.`
    default:
      return undefined
  }
}

function refusedText(
  problem: Extract<Problem, { kind: 'refused' }>,
  automation: TriggeredRun
): string {
  const status = problem.httpStatus
  const said = serviceText(problem.message, problem.details)
  const head = `${named(automation)} could not be triggered${status ? ` (HTTP ${status})` : ''}${said}`
  if (status === 400) {
    return `${sentence(head)} Only automations with a **Custom schedule** trigger can be triggered from a workflow: in the dashboard, give it that trigger and check that it is active.`
  }
  if (status === 404) {
    return `${sentence(head)} The automation is not in this project: check \`automation\` (the id in the automation's settings on the [Automations page](${AUTOMATIONS_PAGE})) and \`project-id\`.`
  }
  const key = keyProblem(status)
  return key ? `${sentence(head)} ${key}` : sentence(head)
}

/** The line that fails the step, when it differs from a job's. */
export function triggerFailureLine(result: JobResult): string | undefined {
  const automation = result.trigger
  if (!automation || result.status !== 'problem') return undefined
  const { problem } = result
  const name = `Mintlify automation ${automation.id}`
  switch (problem.kind) {
    case 'refused':
      if (problem.httpStatus === 400) {
        return `${name} could not be triggered (HTTP 400: ${problem.message ?? 'bad request'}); only automations with a Custom schedule trigger can be triggered from a workflow.`
      }
      if (problem.httpStatus === 404) {
        return `${name} is not in this project (HTTP 404); check automation and project-id.`
      }
      return `${name} could not be triggered${problem.httpStatus ? ` (HTTP ${problem.httpStatus})` : ''}.${keyProblem(problem.httpStatus) ? ` ${keyProblem(problem.httpStatus)}` : ''}`
    case 'rate-limited':
      return `The Mintlify API is rate limited (5 automation and deployment triggers a minute per organization); ${name} was not triggered.`
    case 'unknown-outcome':
      return `Could not tell whether ${name} was triggered (${problem.cause}); it was not sent again.`
    case 'unknown':
      return `An earlier attempt may have triggered ${name}; not triggering it again.`
    default:
      return undefined
  }
}
