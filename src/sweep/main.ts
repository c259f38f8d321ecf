/**
 * The sweep action: finishes the tracking comments whose job outlived its run (timed out, cancelled,
 * detached, not waited for, or a run that is gone), so no comment is left saying "running".
 */
import * as core from '@actions/core'
import { learnIdentity } from '../github/identity.js'
import { createOctokit } from '../github/octokit.js'
import { createMintlifyClient } from '../mintlify/client.js'
import { listenForCancellation } from '../shared/cancellation.js'
import { getErrorMessage } from '../shared/errors.js'
import { readRunnerContext } from '../shared/runner-context.js'
import { actionsLog, createRuntime, type RuntimeOverrides } from '../shared/runtime.js'
import { maskApiKey } from '../shared/service-settings.js'
import { appendStepSummary } from '../shared/step-summary.js'
import { renderSweepSummary } from './report.js'
import { parseSweepSettings } from './settings.js'
import { sweep } from './sweep.js'

export interface RunOptions extends RuntimeOverrides {
  /** Per-request timeout of service calls (30 s by default). */
  requestTimeoutMs?: number
}

export async function run(options: RunOptions = {}): Promise<void> {
  const read = (name: string): string => core.getInput(name)
  const redact = maskApiKey(read)
  const cancellation = listenForCancellation(options.signal)
  const rt = createRuntime(cancellation.signal, { log: actionsLog(redact), ...options })
  try {
    const settings = parseSweepSettings(read)
    const context = readRunnerContext()
    if (!context.owner || !context.repo) {
      throw new Error(
        'GITHUB_REPOSITORY is not set: the sweep does not know which repository to read.'
      )
    }
    const octokit = createOctokit(settings.githubToken, context.apiUrl)
    const identity = await learnIdentity(octokit, settings.githubToken, rt)
    const repo = { owner: context.owner, repo: context.repo }
    const outcome = await sweep(
      settings,
      {
        octokit,
        identity,
        client: createMintlifyClient(settings.service, options),
        repo,
        serverUrl: context.serverUrl
      },
      rt
    )
    core.setOutput('checked', String(outcome.checked))
    core.setOutput('finished', String(outcome.finished))
    core.setOutput('pending', String(outcome.pending))
    rt.log.info(
      `Sweep done: ${outcome.finished} finished, ${outcome.pending} pending, ${outcome.checked} job${outcome.checked === 1 ? '' : 's'} read.`
    )
    try {
      await appendStepSummary(redact(renderSweepSummary(outcome, `${repo.owner}/${repo.repo}`)))
    } catch (error) {
      rt.log.warning(`Could not write the step summary: ${getErrorMessage(error)}`)
    }
  } catch (error) {
    core.setFailed(redact(getErrorMessage(error)))
  } finally {
    cancellation.dispose()
  }
}
