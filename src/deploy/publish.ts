/** The end of a run: the comment, the outputs, the step summary, and the step's own result. */
import * as core from '@actions/core'
import type { ActionRun } from '../shared/run-action.js'
import type { DeployComment } from './comment.js'
import { headline, renderDeploySummary } from './report.js'
import { isFailure, type DeployResult } from './result.js'
import type { DeploySettings } from './settings.js'

const OUTPUTS = [
  'status-id',
  'status',
  'preview-url',
  'subdomain',
  'commit-sha',
  'comment-id',
  'comment-url'
] as const

type Outputs = Record<(typeof OUTPUTS)[number], string>

function setOutputs(outputs: Outputs, redact: (text: string) => string): void {
  for (const name of OUTPUTS) core.setOutput(name, redact(outputs[name]))
}

/** Nothing was called: status `skipped`, exit 0, the reason in the log and the summary. */
export async function publishSkip(reason: string, action: ActionRun): Promise<void> {
  action.rt.log.info(`Skipped: ${reason}.`)
  const empty = Object.fromEntries(OUTPUTS.map(name => [name, ''])) as Outputs
  setOutputs({ ...empty, status: 'skipped' }, action.redact)
  await action.summary(`## Mintlify deployment\n\nSkipped: ${reason}.\n`)
}

/** Where a result is published, and the link to this run it names. */
export interface Publishing {
  action: ActionRun
  comment?: DeployComment
  settings: DeploySettings
  runLink: string
}

export async function publishResult(
  result: DeployResult,
  { action, comment, settings, runLink }: Publishing
): Promise<void> {
  const cancelled = result.status === 'cancelled'
  await comment?.write(result, { urgent: cancelled })
  setOutputs(
    {
      'status-id': result.statusId ?? '',
      status: result.status,
      'preview-url': result.previewUrl ?? '',
      subdomain: result.deployment?.subdomain ?? '',
      'commit-sha': result.deployment?.commit?.sha ?? '',
      'comment-id': comment?.id === undefined ? '' : String(comment.id),
      'comment-url': comment?.url ?? ''
    },
    action.redact
  )
  await action.summary(renderDeploySummary(result, runLink))
  const line = headline(result)
  if (cancelled) return action.fail(line)
  if (!isFailure(result)) return action.rt.log.info(line)
  if (settings.failOnError) return action.fail(line)
  action.rt.log.warning(line)
}
