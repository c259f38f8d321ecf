/**
 * Label-trigger scenarios: an issue or an open pull request of acme/docs in the GitHub fake (carrying
 * the label just added, as on GitHub), the labeler's permission, and GitHub's real `issues.labeled` /
 * `pull_request.labeled` payload, run with `label-trigger: docs` and the code-change inputs' action.yml
 * defaults.
 */
import type { ActionRunResult } from '../../fakes/action-env.js'
import type { Permission } from '../../fakes/github-fake.js'
import { labeledIssueEvent, labeledPullEvent, type LabelScenario } from '../../fakes/webhooks.js'
import { addMergedPull, CODE_CHANGE_DEFAULTS, type PullChange } from './code-change.js'
import { runAgent, runnerOf, type AgentRunSpec, type World } from './world.js'

export const LABEL_INPUTS = { ...CODE_CHANGE_DEFAULTS, 'label-trigger': 'docs' }

export interface LabelRun extends LabelScenario {
  /** The labeler's permission on acme/docs ('write'); null: unset (the API answers 404). */
  permission?: Permission | null
  inputs?: Record<string, string>
  /** The event of a pull request ('pull_request_target', as the example workflow has it). */
  eventName?: string
}

/** The thread's labels in the fake once the label is added: the others, and the one added. */
function labelsOn(run: LabelRun): string[] {
  const others = run.labels ?? []
  return run.action === 'unlabeled' ? others : [...others, run.label ?? 'docs']
}

function allow(world: World, run: LabelRun): void {
  const permission = run.permission === undefined ? 'write' : run.permission
  if (permission !== null)
    world.gh.setPermission('acme', 'docs', run.sender ?? 'maintainer', permission)
}

/** Issue #11 labelled: the issue in the fake (once), the labeler's permission, the run's spec. */
export function labelIssueSpec(world: World, run: LabelRun = {}): AgentRunSpec {
  const number = run.number ?? 11
  if (!world.gh.hasIssue('acme', 'docs', number)) {
    world.gh.addIssue('acme', 'docs', {
      number,
      title: run.title ?? 'Document the export endpoint',
      body: run.body ?? 'Readers ask how to export CSV.',
      labels: labelsOn(run)
    })
  }
  allow(world, run)
  return {
    eventName: 'issues',
    event: labeledIssueEvent(run),
    inputs: { ...LABEL_INPUTS, ...run.inputs }
  }
}

/** Open pull request #12 labelled: the pull request in the fake, the run's spec. */
export function labelPullSpec(
  world: World,
  run: LabelRun = {},
  pull: PullChange = {}
): AgentRunSpec {
  const added = addMergedPull(world, {
    number: run.number,
    title: run.title,
    body: run.body,
    author: run.author,
    labels: labelsOn(run),
    ...pull,
    merged: false
  })
  allow(world, run)
  return {
    eventName: run.eventName ?? 'pull_request_target',
    event: labeledPullEvent({
      changedFiles: added.files?.length ?? 0,
      commits: added.commits?.length ?? 0,
      ...run
    }),
    inputs: { ...LABEL_INPUTS, ...run.inputs }
  }
}

/** The run of a labeling of issue #11: labelIssueSpec, then runAgent. */
export const runLabelIssue = runnerOf(labelIssueSpec)

export function runLabelPull(
  world: World,
  run: LabelRun = {},
  pull: PullChange = {}
): Promise<ActionRunResult> {
  return runAgent(world, labelPullSpec(world, run, pull))
}
