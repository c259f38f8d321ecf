/**
 * Docs-follow-code scenarios: a merged pull request, a push or a release of acme/docs in the GitHub
 * fake, with the real webhook payload, run with the code-change inputs' action.yml defaults (as the
 * runner passes them).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { PROJECT_ROOT, type ActionRunResult } from '../../fakes/action-env.js'
import type { FakeCommit, FakeFile, FakeIssue } from '../../fakes/github-fake.js'
import {
  MERGE_SHA,
  mergedPullEvent,
  pushEvent,
  releaseEvent,
  type MergedPullScenario
} from '../../fakes/webhooks.js'
import { runAgent, type AgentOverrides, type World } from './world.js'

export { MERGE_SHA }

/** The defaults action.yml gives the inputs named (what the runner passes when a workflow is silent). */
export function actionDefaults(names: string[]): Record<string, string> {
  const action = parse(readFileSync(join(PROJECT_ROOT, 'action.yml'), 'utf8')) as {
    inputs: Record<string, { default?: string }>
  }
  return Object.fromEntries(names.map(name => [name, action.inputs[name]?.default ?? '']))
}

export const CODE_CHANGE_DEFAULTS = actionDefaults(['skip-label', 'ignore-paths', 'include-diff'])

export function files(paths: string[], patch?: (path: string) => string): FakeFile[] {
  return paths.map(filename => ({
    filename,
    additions: 3,
    deletions: 1,
    ...(patch ? { patch: patch(filename) } : {})
  }))
}

export function commits(count: number, subject = (i: number) => `Commit ${i + 1}`): FakeCommit[] {
  return Array.from({ length: count }, (_, i) => ({
    sha: `c0ffee${i.toString(16).padStart(34, '0')}`,
    message: `${subject(i)}\n\nMore of the message.`
  }))
}

export interface PullChange extends MergedPullScenario {
  files?: FakeFile[]
  commitList?: FakeCommit[]
}

/** The merged pull request in the fake (files, commits, merge commit), as the event describes it. */
export function addMergedPull(world: World, change: PullChange = {}): FakeIssue {
  const pull: FakeIssue = {
    number: change.number ?? 12,
    title: change.title ?? 'Add the export endpoint',
    body: change.body ?? 'Adds `GET /export`.',
    user: change.author ?? 'dev',
    pull_request: true,
    head: change.head ?? 'feature/export',
    base: change.base ?? 'main',
    labels: change.labels,
    files:
      change.files ??
      files(['src/export.ts', 'src/routes.ts'], p => `@@ -1 +1 @@\n-old ${p}\n+new ${p}`),
    commits: change.commitList ?? commits(2),
    merged:
      change.merged === false
        ? undefined
        : { sha: change.mergeSha ?? MERGE_SHA, by: change.mergedBy ?? 'maintainer' }
  }
  world.gh.addIssue('acme', 'docs', pull)
  return pull
}

/** The `pull_request` `closed` event of that pull request. */
export function mergedPullSpec(pull: FakeIssue, change: PullChange = {}) {
  return {
    eventName: 'pull_request',
    event: mergedPullEvent({
      ...change,
      number: pull.number,
      changedFiles: pull.files?.length ?? 0,
      commits: pull.commits?.length ?? 0
    })
  }
}

export function runMergedPull(
  world: World,
  change: PullChange = {},
  inputs: Record<string, string> = {},
  overrides: AgentOverrides = {}
): Promise<ActionRunResult> {
  const pull = addMergedPull(world, change)
  const spec = mergedPullSpec(pull, change)
  return runAgent(world, { ...spec, inputs: { ...CODE_CHANGE_DEFAULTS, ...inputs } }, overrides)
}

export function runPush(
  world: World,
  scenario: Parameters<typeof pushEvent>[0] = {},
  inputs: Record<string, string> = {},
  overrides: AgentOverrides = {}
): Promise<ActionRunResult> {
  return runAgent(
    world,
    {
      eventName: 'push',
      event: pushEvent(scenario),
      inputs: { ...CODE_CHANGE_DEFAULTS, ...inputs }
    },
    overrides
  )
}

export function runRelease(
  world: World,
  scenario: Parameters<typeof releaseEvent>[0] = {},
  inputs: Record<string, string> = {}
): Promise<ActionRunResult> {
  return runAgent(world, {
    eventName: 'release',
    event: releaseEvent(scenario),
    inputs: { ...CODE_CHANGE_DEFAULTS, ...inputs }
  })
}

/** GitHub calls that write (comments, reactions): none for a skipped change. */
export function writes(world: World): string[] {
  return world.callList(call => !call.startsWith('GET ') && !call.includes('/graphql'))
}

/** The GitHub reads of the run, identity lookup left out. */
export function reads(world: World): string[] {
  return world.callList(call => call.startsWith('GET ') && call !== 'GET /user')
}
