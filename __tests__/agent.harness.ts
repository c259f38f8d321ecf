/**
 * What every agent test needs: the service emulator and the GitHub fake on loopback, the runner's
 * environment around `run()`, and small readers for what the run left behind (comments, markers,
 * workflow-command lines). Not a test file itself; the agent.*.test.ts files share it.
 */
import { expect } from '@jest/globals'
import { run, type RunOverrides } from '../src/agent/main.js'
import { VirtualClock } from '../src/shared/clock.js'
import { GitHubFake, type FakeComment, type GitHubCall } from '../fakes/github-fake.js'
import { ServiceEmulator, type RecordedRequest } from '../fakes/service-emulator.js'
import {
  cleanUp,
  runInProcess,
  type ActionRunResult,
  type ActionRunSpec
} from '../fakes/action-env.js'

export const OWNER = 'acme'
export const REPO = 'docs'
export const RUN_URL = 'https://github.com/acme/docs/actions/runs/4242'

export interface World {
  svc: ServiceEmulator
  gh: GitHubFake
  /** Violations the test expects (e.g. an undocumented job status); checked by `stopWorld`. */
  expectedViolations: RegExp[]
  results: ActionRunResult[]
}

export async function startWorld(): Promise<World> {
  const [svc, gh] = await Promise.all([ServiceEmulator.start(), GitHubFake.start()])
  return { svc, gh, expectedViolations: [], results: [] }
}

/** Closes both fakes and checks that every request and answer kept the service contract. */
export async function stopWorld(world: World | undefined): Promise<void> {
  if (!world) return
  const unexpected = world.svc.contractViolations.filter(
    v => !world.expectedViolations.some(pattern => pattern.test(v))
  )
  await Promise.all([world.svc.close(), world.gh.close()])
  world.results.splice(0).forEach(cleanUp)
  expect(unexpected).toEqual([])
}

/** Inputs that point the action at the fakes, with short poll settings. */
export function baseInputs(
  world: World,
  extra: Record<string, string> = {}
): Record<string, string> {
  return {
    'api-key': world.svc.apiKey,
    'project-id': world.svc.projectId,
    'api-url': world.svc.url,
    'github-token': world.gh.token,
    'poll-interval-seconds': '1',
    'max-poll-interval-seconds': '1',
    ...extra
  }
}

export interface AgentRunSpec extends ActionRunSpec {
  /** Replaces the base inputs entirely (settings tests). */
  rawInputs?: Record<string, string>
}

/**
 * Runs the agent action in this process against the fakes. By default on a VirtualClock (waits
 * between polls and GitHub retries take no real time) with a 500 ms per-request timeout.
 */
export async function runAgent(
  world: World,
  spec: AgentRunSpec = {},
  overrides: RunOverrides = {}
): Promise<ActionRunResult> {
  const result = await runInProcess(
    {
      eventName: spec.eventName,
      event: spec.event,
      inputs: spec.rawInputs ?? baseInputs(world, spec.inputs),
      env: { GITHUB_API_URL: world.gh.url, ...spec.env }
    },
    () =>
      run({
        clock: new VirtualClock(Date.now()),
        requestTimeoutMs: 500,
        handleSignals: false,
        ...overrides
      })
  )
  world.results.push(result)
  return result
}

/** The issue (or PR) that comment events in the tests happen on, with the trigger comment. */
export function addThread(
  world: World,
  options: {
    number?: number
    pull?: boolean
    title?: string
    body?: string
    triggerBody?: string
    triggerId?: number
    triggerLogin?: string
    files?: { filename: string; additions: number; deletions: number; status?: string }[]
    head?: string
    base?: string
  } = {}
): void {
  const number = options.number ?? 7
  world.gh.addIssue(OWNER, REPO, {
    number,
    title: options.title ?? 'Docs for the Python SDK',
    body: options.body ?? 'We need docs.',
    pull_request: options.pull,
    files: options.files,
    head: options.head,
    base: options.base
  })
  if (options.triggerBody !== undefined) {
    world.gh.addComment(
      OWNER,
      REPO,
      number,
      options.triggerBody,
      options.triggerLogin ?? 'maintainer',
      {
        id: options.triggerId ?? 9001
      }
    )
  }
}

/** Comments the action wrote on the thread (the trigger comment and other people's left out). */
export function botComments(world: World, number = 7, owner = OWNER, repo = REPO): FakeComment[] {
  return world.gh.comments(owner, repo, number).filter(c => c.user.type === 'Bot')
}

export function creates(world: World): RecordedRequest[] {
  return world.svc.requestsTo('POST', /^\/v2\/agent\/[^/]+\/job$/)
}

export function gets(world: World): RecordedRequest[] {
  return world.svc.requestsTo('GET', /^\/v2\/agent\/[^/]+\/job\/[^/]+$/)
}

export function messages(world: World): RecordedRequest[] {
  return world.svc.requestsTo('POST', /^\/v2\/agent\/[^/]+\/job\/[^/]+\/message$/)
}

/** `METHOD path` of every GitHub call, in order. */
export function callList(world: World): string[] {
  return world.gh.calls.map((c: GitHubCall) => `${c.method} ${c.path}`)
}

/** Lines of stdout that are workflow commands of one kind (`warning`, `error`, `notice`, ...). */
export function commandLines(stdout: string, command: string): string[] {
  return stdout.split('\n').filter(line => line.startsWith(`::${command}`))
}

/** The hidden marker of a comment body, as key=value pairs. */
export function markerOf(body: string): Record<string, string> | undefined {
  const match = /<!-- mintlify-docs-agent:(\S+)((?: [a-z]+=\S+)*) -->/.exec(body)
  if (!match) return undefined
  const fields: Record<string, string> = { kind: match[1] }
  for (const pair of match[2].trim().split(' ').filter(Boolean)) {
    const [key, value] = pair.split('=')
    fields[key] = value
  }
  return fields
}

/** Comment bodies the action sent (POST and PATCH to the GitHub fake), in order. */
export function sentBodies(world: World): string[] {
  return world.gh.calls
    .filter(c => (c.method === 'POST' || c.method === 'PATCH') && /comments/.test(c.path))
    .map(c => (c.body as { body?: string } | undefined)?.body)
    .filter((b): b is string => typeof b === 'string')
}

/** The text as a reader sees it: Markdown escapes and zero-width spaces of inert() taken out. */
export function shown(body: string): string {
  return body.replace(/\\([\\`*_[\]()!|~])/g, '$1').replace(/\u200B/g, '')
}
