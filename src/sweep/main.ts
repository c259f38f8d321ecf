/**
 * The sweep action: finishes the tracking comments whose job outlived its run (timed out, cancelled,
 * detached, not waited for, or a run that is gone), so no comment is left saying "running"; and the
 * deploy comments whose run stopped following a deployment still building.
 */
import * as core from '@actions/core'
import { learnIdentity } from '../github/identity.js'
import { createOctokit } from '../github/octokit.js'
import { createMintlifyClient } from '../mintlify/client.js'
import { plural } from '../shared/plural.js'
import { runAction, type ActionRun, type RunOptions } from '../shared/run-action.js'
import { readRunnerContext } from '../shared/runner-context.js'
import { renderSweepSummary } from './report.js'
import { parseSweepSettings } from './settings.js'
import { sweep } from './sweep.js'

export type { RunOptions }

export function run(options: RunOptions = {}): Promise<void> {
  return runAction({ flow: action => sweepAction(action, options) }, options)
}

async function sweepAction(
  { read, rt, summary, redact }: ActionRun,
  options: RunOptions
): Promise<void> {
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
  const client = createMintlifyClient(settings.service, options)
  const swept = { octokit, identity, client, repo, serverUrl: context.serverUrl, redact }
  const outcome = await sweep(settings, swept, rt)
  for (const name of ['checked', 'finished', 'pending'] as const) {
    core.setOutput(name, String(outcome[name]))
  }
  rt.log.info(
    `Sweep done: ${outcome.finished} finished, ${outcome.pending} pending, ${plural(outcome.checked, 'job or deployment', 'jobs or deployments')} read.`
  )
  await summary(renderSweepSummary(outcome, `${repo.owner}/${repo.repo}`))
}
