/**
 * Docs-digest scenarios: merged pull requests of acme/docs in the GitHub fake (merge times to the
 * second, base branch, files), the tracking issue #1, and a scheduled digest run over them.
 */
import type { ActionRunResult } from '../../fakes/action-env.js'
import type { FakeIssue } from '../../fakes/github-fake.js'
import { CODE_CHANGE_DEFAULTS, actionDefaults, files } from './code-change.js'
import { OWNER, REPO, runAgent, type AgentOverrides, type World } from './world.js'

export const TRACKING_ISSUE = 1
/** When the digest runs (virtual time): every test's merges are before it. */
export const DIGEST_AT = Date.parse('2024-03-08T12:00:00Z')
export const DIGEST_DEFAULTS = {
  ...CODE_CHANGE_DEFAULTS,
  ...actionDefaults(['digest-branch', 'digest-max-pulls', 'digest-notify'])
}

export interface MergedSeed extends Partial<FakeIssue> {
  number: number
  /** ISO merge time. */
  at: string
}

/** Merged pull requests into main (unless `base`), each with one source file. */
export function addMerged(world: World, ...seeds: MergedSeed[]): void {
  for (const { number, at, ...rest } of seeds) {
    world.gh.addIssue(OWNER, REPO, {
      number,
      title: `Change ${number}`,
      body: `What ${number} does.`,
      user: 'dev',
      pull_request: true,
      base: 'main',
      files: files([`src/change${number}.ts`], p => `@@ -1 +1 @@\n+${p}`),
      merged: { sha: `${number}`.padStart(40, 'a'), by: 'maintainer', at },
      ...rest
    })
  }
}

export function addTrackingIssue(world: World): void {
  if (world.gh.hasIssue(OWNER, REPO, TRACKING_ISSUE)) return
  world.gh.addIssue(OWNER, REPO, { number: TRACKING_ISSUE, title: 'Docs digests' })
}

export interface DigestRun {
  inputs?: Record<string, string>
  /** GITHUB_RUN_ID (4242 by default) and attempt. */
  runId?: string
  attempt?: number
  at?: number
}

export function runDigest(
  world: World,
  run: DigestRun = {},
  overrides: AgentOverrides = {}
): Promise<ActionRunResult> {
  addTrackingIssue(world)
  const env: Record<string, string> = {}
  if (run.runId) env.GITHUB_RUN_ID = run.runId
  if (run.attempt) env.GITHUB_RUN_ATTEMPT = String(run.attempt)
  const inputs = {
    ...DIGEST_DEFAULTS,
    digest: 'true',
    'issue-number': String(TRACKING_ISSUE),
    'digest-since': '2024-03-01',
    ...run.inputs
  }
  return runAgent(
    world,
    { eventName: 'schedule', event: { schedule: '0 6 * * *' }, inputs, env },
    { at: run.at ?? DIGEST_AT, ...overrides }
  )
}

/** The action's comments on the tracking issue. */
export function digestComments(world: World) {
  return world.botComments(TRACKING_ISSUE)
}
