/**
 * The one test world: the service emulator and the GitHub fake on loopback, started before each test
 * and checked and closed after it; the runner's environment around `run()` of either action; the
 * comment scenario most agent tests start from; and small readers for what a run left behind.
 */
import { afterEach, beforeEach, expect } from '@jest/globals'
import { run as runAgentAction, type RunOptions as AgentRunOptions } from '../../src/agent/main.js'
import {
  run as runAnalyticsAction,
  type RunOptions as AnalyticsRunOptions
} from '../../src/analytics/main.js'
import {
  cleanUp,
  runBundle,
  runInProcess,
  type ActionRunResult,
  type ActionRunSpec,
  type BundleRun
} from '../../fakes/action-env.js'
import type { RequestTraffic } from '../../fakes/http-util.js'
import {
  GitHubFake,
  type GitHubFakeOptions,
  type FakeComment,
  type FakeIssue,
  type GitHubCall,
  type Permission
} from '../../fakes/github-fake.js'
import { agentInputs, serviceInputs } from '../../fakes/inputs.js'
import {
  ServiceEmulator,
  type EmulatorOptions,
  type RecordedRequest
} from '../../fakes/service-emulator.js'
import { run as runSweepAction, type RunOptions as SweepRunOptions } from '../../src/sweep/main.js'
import { VirtualTime } from '../../fakes/virtual-time.js'
import { issueCommentEvent, reviewCommentEvent } from '../../fakes/webhooks.js'

export const OWNER = 'acme'
export const REPO = 'docs'
export const RUN_URL = 'https://github.com/acme/docs/actions/runs/4242'
/** "Now" of the analytics runs: relative dates and Retry-After times are read against it. */
export const ANALYTICS_NOW = Date.parse('2024-03-10T12:00:00Z')

/** Both fakes of one test, and readers for what the runs did to them. */
export class World {
  /** Violations the test expects (e.g. an undocumented job status); checked by `stopWorld`. */
  readonly expectedViolations: RegExp[] = []
  /** Runs whose folders are removed after the test. */
  readonly results: { workDir: string }[] = []
  /** Traffic virtual time waits on: both fakes, and any other a test adds (a proxy). */
  readonly watched: RequestTraffic[]

  constructor(
    readonly svc: ServiceEmulator,
    readonly gh: GitHubFake
  ) {
    this.watched = [svc.traffic, gh.traffic]
  }

  /** Comments the action wrote on the thread (the trigger comment and other people's left out). */
  botComments(number = 7, owner = OWNER, repo = REPO): FakeComment[] {
    return this.gh.comments(owner, repo, number).filter(c => c.user.type === 'Bot')
  }

  creates(): RecordedRequest[] {
    return this.svc.requestsTo('POST', /^\/v2\/agent\/[^/]+\/job$/)
  }

  /** The prompts of the creates, in order. */
  promptsSent(): string[] {
    return this.creates().map(r => (r.body as { prompt: string }).prompt)
  }

  gets(): RecordedRequest[] {
    return this.svc.requestsTo('GET', /^\/v2\/agent\/[^/]+\/job\/[^/]+$/)
  }

  messages(): RecordedRequest[] {
    return this.svc.requestsTo('POST', /^\/v2\/agent\/[^/]+\/job\/[^/]+\/message$/)
  }

  /** `METHOD path` of every GitHub call (those `filter` keeps, if given), in order. */
  callList(filter: (call: string) => boolean = () => true): string[] {
    return this.gh.calls.map((c: GitHubCall) => `${c.method} ${c.path}`).filter(filter)
  }

  /** Comment bodies the action sent (POST and PATCH to the GitHub fake), in order. */
  sentBodies(): string[] {
    return this.gh.calls
      .filter(c => (c.method === 'POST' || c.method === 'PATCH') && /comments/.test(c.path))
      .map(c => (c.body as { body?: string } | undefined)?.body)
      .filter((b): b is string => typeof b === 'string')
  }
}

/** How the fakes of a world start: the emulator over HTTPS, GitHub as Enterprise Server, … */
export interface WorldOptions {
  svc?: EmulatorOptions
  gh?: GitHubFakeOptions
}

export async function startWorld(options: WorldOptions = {}): Promise<World> {
  const [svc, gh] = await Promise.all([
    ServiceEmulator.start(options.svc),
    GitHubFake.start(options.gh)
  ])
  return new World(svc, gh)
}

/** Closes both fakes, removes the run folders, and checks that every exchange kept the contract. */
export async function stopWorld(world: World | undefined): Promise<void> {
  if (!world) return
  const unexpected = world.svc.contractViolations.filter(
    v => !world.expectedViolations.some(pattern => pattern.test(v))
  )
  await Promise.all([world.svc.close(), world.gh.close()])
  world.results.splice(0).forEach(cleanUp)
  expect(unexpected).toEqual([])
}

/**
 * A fresh world for each test of the calling file: started in a beforeEach (then `setUp`, if given),
 * stopped and checked in an afterEach. Returns the accessor of the current test's world.
 */
export function useWorld(
  setUp?: (world: World) => void,
  options: WorldOptions | (() => WorldOptions) = {}
): () => World {
  let current: World | undefined
  beforeEach(async () => {
    current = await startWorld(typeof options === 'function' ? options() : options)
    setUp?.(current)
  })
  afterEach(async () => {
    const world = current
    current = undefined
    await stopWorld(world)
  })
  return () => {
    if (!current) throw new Error('the test world exists only while a test runs')
    return current
  }
}

/** Inputs that point the agent at the fakes, with short poll settings. */
export function baseInputs(
  world: World,
  extra: Record<string, string> = {}
): Record<string, string> {
  return agentInputs(world.svc, world.gh, extra)
}

export interface AgentRunSpec extends ActionRunSpec {
  /** Replaces the base inputs entirely (settings tests). */
  rawInputs?: Record<string, string>
}

/** What the runner would hand the agent step in this world. */
function agentRunnerSpec(world: World, spec: AgentRunSpec): ActionRunSpec {
  return {
    eventName: spec.eventName,
    event: spec.event,
    inputs: spec.rawInputs ?? baseInputs(world, spec.inputs),
    env: { GITHUB_API_URL: world.gh.url, GITHUB_SERVER_URL: world.gh.serverUrl, ...spec.env }
  }
}

function kept<T extends { workDir: string }>(world: World, result: T): T {
  world.results.push(result)
  return result
}

/** How a test runs an action: `run()`'s options, and whether time is real. */
export type AgentOverrides = AgentRunOptions & TimeOption
export type AnalyticsOverrides = AnalyticsRunOptions & TimeOption

interface TimeOption {
  /**
   * Real timers and the real clock, for tests that act while the run waits (a cancel mid-poll).
   * By default the run is in virtual time: its waits take no real time.
   */
  realTime?: boolean
  /** Epoch ms the run's virtual time starts at (a run "later"); now by default. */
  at?: number
}

/**
 * Runs `work` in virtual time from `now`, moving on to the next timer whenever neither fake holds a
 * request open; real time with `realTime`.
 */
async function inTime<T>(
  world: World,
  now: number,
  realTime: boolean | undefined,
  work: () => Promise<T>
): Promise<T> {
  if (realTime) return work()
  const time = VirtualTime.install(now)
  try {
    return await time.drive(work(), world.watched)
  } finally {
    time.uninstall()
  }
}

/**
 * Runs the agent action in this process against the fakes. By default in virtual time (waits
 * between polls and GitHub retries take no real time) with a 500 ms per-request timeout; `overrides`
 * go to run() over those defaults. Every in-process agent run of the tests goes through here.
 */
export async function runAgent(
  world: World,
  spec: AgentRunSpec = {},
  overrides: AgentOverrides = {}
): Promise<ActionRunResult> {
  const { realTime, at, ...options } = overrides
  const result = await runInProcess(agentRunnerSpec(world, spec), () =>
    inTime(world, at ?? Date.now(), realTime, () =>
      runAgentAction({ requestTimeoutMs: 500, handleSignals: false, ...options })
    )
  )
  return kept(world, result)
}

/** Starts the committed agent bundle (dist/index.js) as the runner would, against the fakes. */
export async function runAgentBundle(
  world: World,
  spec: AgentRunSpec = {},
  options: Parameters<typeof runBundle>[2] = {}
): Promise<BundleRun> {
  return kept(world, await runBundle('dist/index.js', agentRunnerSpec(world, spec), options))
}

/** Inputs that point an action at the emulator. */
export function analyticsInputs(
  world: World,
  extra: Record<string, string> = {}
): Record<string, string> {
  return serviceInputs(world.svc, extra)
}

export interface AnalyticsRunSpec extends ActionRunSpec {
  /** Runs in the workspace before the action starts (e.g. to create an output folder). */
  prepare?: (workspace: string) => void
}

/**
 * Runs the analytics action in this process against the emulator. By default in virtual time from
 * ANALYTICS_NOW with a 2 s per-request timeout; `overrides` go to run() over those defaults.
 * Every in-process analytics run of the tests goes through here.
 */
export async function runAnalytics(
  world: World,
  spec: AnalyticsRunSpec = {},
  overrides: AnalyticsOverrides = {}
): Promise<ActionRunResult> {
  const result = await runInProcess(
    {
      eventName: spec.eventName,
      event: spec.event,
      inputs: analyticsInputs(world, spec.inputs),
      env: { GITHUB_API_URL: world.gh.url, GITHUB_SERVER_URL: world.gh.serverUrl, ...spec.env }
    },
    async () => {
      spec.prepare?.(process.env.GITHUB_WORKSPACE as string)
      const { realTime, at, ...options } = overrides
      await inTime(world, at ?? ANALYTICS_NOW, realTime, () =>
        runAnalyticsAction({ requestTimeoutMs: 2_000, ...options })
      )
    }
  )
  return kept(world, result)
}

export type SweepOverrides = SweepRunOptions & TimeOption

/**
 * Runs the sweep action in this process against the fakes, in virtual time from `at` (a sweep that
 * runs later than the runs it finishes) with a 500 ms per-request timeout.
 */
export async function runSweep(
  world: World,
  inputs: Record<string, string> = {},
  overrides: SweepOverrides = {}
): Promise<ActionRunResult> {
  const { realTime, at, ...options } = overrides
  const spec = {
    eventName: 'schedule',
    inputs: { ...serviceInputs(world.svc), 'github-token': world.gh.token, ...inputs },
    env: { GITHUB_API_URL: world.gh.url }
  }
  const result = await runInProcess(spec, () =>
    inTime(world, at ?? Date.now(), realTime, () =>
      runSweepAction({ requestTimeoutMs: 500, ...options })
    )
  )
  return kept(world, result)
}

/** Starts the committed analytics bundle (dist/analytics/index.js) with these inputs as given. */
export async function runAnalyticsBundle(
  world: World,
  spec: ActionRunSpec,
  options: Parameters<typeof runBundle>[2] = {}
): Promise<BundleRun> {
  return kept(world, await runBundle('dist/analytics/index.js', spec, options))
}

export interface Thread {
  /** Issue or pull-request number (7; 8 for a review comment). */
  number?: number
  pull?: boolean
  title?: string
  body?: string
  files?: FakeIssue['files']
  head?: string
  base?: string
}

/** Adds the issue or pull request to the GitHub fake, unless it is there already. */
export function addThread(world: World, thread: Thread = {}): number {
  const number = thread.number ?? 7
  if (!world.gh.hasIssue(OWNER, REPO, number)) {
    world.gh.addIssue(OWNER, REPO, {
      number,
      title: thread.title ?? 'Docs for the Python SDK',
      body: thread.body ?? 'We need docs.',
      pull_request: thread.pull,
      files: thread.files,
      head: thread.head,
      base: thread.base
    })
  }
  return number
}

/**
 * A comment the action left in the thread on an earlier run (as github-actions[bot], unless `user`),
 * carrying `marker`. Returns its id.
 */
export function addEarlierComment(
  world: World,
  marker: string,
  options: { text?: string; number?: number; user?: string } = {}
): number {
  const number = addThread(world, { number: options.number })
  const text =
    options.text ?? '⏳ Agent job `job_1` is running; this comment is updated when it ends.'
  return world.gh.addComment(
    OWNER,
    REPO,
    number,
    `**Mintlify docs agent**\n\n${text}\n\n<!-- mintlify-docs-agent:${marker} -->`,
    options.user
  ).id
}

export interface CommentScenario {
  /** The comment's text (default `/mintlify Add a quickstart`). */
  body?: string
  /** Its author ('maintainer') and the kind of account. */
  login?: string
  userType?: 'User' | 'Bot'
  /** The author's permission on acme/docs ('write'); null leaves it unset (the API answers 404). */
  permission?: Permission | null
  /** A pull_request_review_comment on PR #8 instead of an issue_comment on #7. */
  review?: boolean
  /** The comment's id (9001; 9101 for a review comment). */
  commentId?: number
  /** The event's action ('created'). */
  action?: string
  authorAssociation?: string
  thread?: Thread
  /** Inputs over the base ones; `back-link` is 'false' unless given. */
  inputs?: Record<string, string>
  /** GITHUB_RUN_ATTEMPT of the run. */
  attempt?: number
}

export interface CommentRun extends AgentRunSpec {
  /** Id of the trigger comment in the fake. */
  commentId: number
}

/**
 * A comment that asks the agent: the thread and the comment in the GitHub fake (each added once, so a
 * re-run or a second comment in the same thread can be built again), the author's permission, and
 * the event and inputs of the run.
 */
export function commentScenario(world: World, scenario: CommentScenario = {}): CommentRun {
  const body = scenario.body ?? '/mintlify Add a quickstart'
  const login = scenario.login ?? 'maintainer'
  const review = scenario.review ?? false
  const thread = {
    title: 'Docs for the Python SDK',
    body: 'We need docs.',
    ...scenario.thread,
    number: scenario.thread?.number ?? (review ? 8 : 7),
    pull: review || scenario.thread?.pull
  }
  addThread(world, thread)
  const wanted = scenario.commentId ?? (review ? 9101 : 9001)
  let commentId = wanted
  if (review) {
    commentId = world.gh.addReviewComment(OWNER, REPO, thread.number, {
      body,
      user: login,
      id: wanted
    })
  } else if (!world.gh.comments(OWNER, REPO, thread.number).some(c => c.id === wanted)) {
    world.gh.addComment(OWNER, REPO, thread.number, body, login, { id: wanted })
  }
  const permission = scenario.permission === undefined ? 'write' : scenario.permission
  if (permission !== null) world.gh.setPermission(OWNER, REPO, login, permission)
  const payload = {
    body,
    login,
    userType: scenario.userType,
    action: scenario.action,
    authorAssociation: scenario.authorAssociation,
    commentId,
    issueNumber: thread.number,
    onPullRequest: thread.pull,
    issueTitle: thread.title,
    issueBody: thread.body
  }
  return {
    eventName: review ? 'pull_request_review_comment' : 'issue_comment',
    event: review ? reviewCommentEvent(payload) : issueCommentEvent(payload),
    inputs: { 'back-link': 'false', ...scenario.inputs },
    env: scenario.attempt === undefined ? {} : { GITHUB_RUN_ATTEMPT: String(scenario.attempt) },
    commentId
  }
}

/** The agent run of what `specOf` makes of its input (a scenario, a labeling), then runAgent. */
export function runnerOf<T>(specOf: (world: World, input?: T) => AgentRunSpec) {
  return (world: World, input?: T, overrides: AgentOverrides = {}): Promise<ActionRunResult> =>
    runAgent(world, specOf(world, input), overrides)
}

/** The run of a trigger comment: commentScenario, then runAgent. */
export const runComment = runnerOf(commentScenario)

/**
 * A run that started no job: exit 0, status `skipped`, nothing sent to the service, and one reply on
 * the thread. Returns that reply's body.
 */
export function skippedWithOneReply(
  world: World,
  result: ActionRunResult,
  thread?: number
): string {
  expect(result.exitCode).toBe(0)
  expect(result.outputs.status).toBe('skipped')
  expect(world.svc.requests).toHaveLength(0)
  const replies = world.botComments(thread)
  expect(replies).toHaveLength(1)
  return replies[0].body
}

/** The URL paths of recorded requests, in order. */
export function pathsOf(requests: RecordedRequest[]): string[] {
  return requests.map(r => r.path)
}
