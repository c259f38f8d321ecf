/**
 * The deploy action in the test world: pull-request events as GitHub sends them, and a run of the
 * action in this process (virtual time) or of its committed bundle, against the emulator's platform
 * endpoints and the GitHub fake.
 */
import {
  runBundle,
  runInProcess,
  type ActionRunResult,
  type BundleRun
} from '../../fakes/action-env.js'
import { serviceInputs } from '../../fakes/inputs.js'
import { VirtualTime } from '../../fakes/virtual-time.js'
import { webhookExample } from '../../fakes/webhooks.js'
import { run as runDeployAction } from '../../src/deploy/main.js'
import type { RunOptions } from '../../src/shared/run-action.js'
import { addThread, OWNER, REPO, type World } from './world.js'

export const PR_NUMBER = 7

/** A `pull_request` event of acme/docs#7 from `branch` (of a fork when `fork`). */
export function pullRequestEvent(
  options: { action?: string; branch?: string; fork?: boolean; number?: number } = {}
): Record<string, unknown> {
  const payload = webhookExample('pull_request', options.action ?? 'opened')
  const number = options.number ?? PR_NUMBER
  const pull = payload.pull_request as Record<string, Record<string, unknown>> & { number: number }
  payload.action = options.action ?? 'opened'
  payload.number = number
  pull.number = number
  pull.head.ref = options.branch ?? 'docs/new-guide'
  pull.head.repo = { full_name: options.fork ? 'someone/docs' : `${OWNER}/${REPO}` }
  pull.base.repo = { full_name: `${OWNER}/${REPO}` }
  return payload
}

export interface DeployRunSpec {
  inputs?: Record<string, string>
  eventName?: string
  event?: unknown
}

function deployRunner(world: World, spec: DeployRunSpec) {
  return {
    eventName: spec.eventName ?? 'workflow_dispatch',
    event: spec.event ?? {},
    inputs: serviceInputs(world.svc, {
      'github-token': world.gh.token,
      'poll-interval-seconds': '1',
      'max-poll-interval-seconds': '2',
      ...spec.inputs
    }),
    env: {
      GITHUB_API_URL: world.gh.url,
      GITHUB_SERVER_URL: world.gh.serverUrl,
      GITHUB_ACTION: 'deploy'
    }
  }
}

/** A preview run on `pull_request` `opened` (or `action`) of #7. */
export function previewSpec(
  world: World,
  options: Parameters<typeof pullRequestEvent>[0] = {}
): DeployRunSpec {
  addThread(world, { number: options.number ?? PR_NUMBER, pull: true })
  return { eventName: 'pull_request', event: pullRequestEvent(options) }
}

/**
 * Runs the deploy action in this process, in virtual time unless `realTime`. The per-request timeout
 * is generous: on a busy machine a short one would time a trigger out, and its retry would make a
 * second deployment the test does not expect.
 */
export async function runDeploy(
  world: World,
  spec: DeployRunSpec = {},
  overrides: RunOptions & { realTime?: boolean } = {}
): Promise<ActionRunResult> {
  const { realTime, ...options } = overrides
  const run = (): Promise<void> =>
    runDeployAction({ requestTimeoutMs: 5_000, handleSignals: false, ...options })
  const result = await runInProcess(deployRunner(world, spec), async () => {
    if (realTime) return run()
    const time = VirtualTime.install(Date.now())
    try {
      await time.drive(run(), world.watched)
    } finally {
      time.uninstall()
    }
  })
  world.results.push(result)
  return result
}

/** Starts the committed deploy bundle (dist/deploy/index.js) against the fakes. */
export async function runDeployBundle(
  world: World,
  spec: DeployRunSpec = {},
  options: Parameters<typeof runBundle>[2] = {}
): Promise<BundleRun> {
  const result = await runBundle('dist/deploy/index.js', deployRunner(world, spec), options)
  world.results.push(result)
  return result
}

/** The deploy comments the action wrote on #7. */
export function deployComments(world: World, number = PR_NUMBER) {
  return world.botComments(number).filter(c => c.body.startsWith('**Mintlify deployment**'))
}

export function triggers(world: World) {
  return world.svc.requestsTo('POST', /^\/v1\/project\/(update|preview)\//)
}

export function statusReads(world: World) {
  return world.svc.requestsTo('GET', /^\/v1\/project\/update-status\//)
}

/** The hidden marker of the finished preview of `docs/new-guide` (previewSpec's branch). */
export const PREVIEW_MARKER = { kind: 'deploy', project: 'proj_test', branch: 'docs/new-guide' }

/** A preview run in real time, cancelled by the runner once it has read the deployment's status. */
export async function runDeployCancelledWhileFollowing(world: World): Promise<ActionRunResult> {
  const controller = new AbortController()
  const timer = setInterval(() => {
    if (statusReads(world).length > 0) controller.abort()
  }, 5)
  try {
    return await runDeploy(world, previewSpec(world), { realTime: true, signal: controller.signal })
  } finally {
    clearInterval(timer)
  }
}
