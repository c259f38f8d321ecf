/**
 * What each workflow of the busy repository hands its action: inputs as the examples set them (the
 * action.yml defaults for the rest), the event's payload, and the fake state the event stands on (the
 * merged PR, the issue and its trigger comment, the labelled thread). And the job each create meets:
 * its duration, its end and its docs PR, drawn from the seed.
 */
import type { GitHubFake } from '../../fakes/github-fake.js'
import { agentInputs, serviceInputs } from '../../fakes/inputs.js'
import type { JobScript, ServiceEmulator } from '../../fakes/service-emulator.js'
import { issueCommentEvent, labeledIssueEvent, labeledPullEvent } from '../../fakes/webhooks.js'
import type { RunSpec } from './harness.js'
import type { Random } from './random.js'
import { MINUTE, START, type Merge, type PersonRequest } from './scenario.js'

export const DIGEST_ISSUE = 1
const REPORT_ISSUE = 2
export const LABEL = 'docs'
const LABEL_ID = 4242
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z')

/** As the runner passes action.yml's defaults to the code-change guards. */
export const GUARDS = {
  'skip-label': 'no-docs',
  'ignore-paths': '**/*.md\n**/*.mdx\ndocs.json\nmint.json',
  'include-diff': 'true'
}
/** The poll the action.yml defaults give (5 s, backing off to 30 s). */
const POLL = { 'poll-interval-seconds': '5', 'max-poll-interval-seconds': '30' }

export interface Fakes {
  emulator: ServiceEmulator
  github: GitHubFake
}

/** The repository before the year: the tracking issues, a maintainer, the readers' searches. */
export function seedRepository({ emulator, github }: Fakes): void {
  github.addIssue('acme', 'docs', { number: DIGEST_ISSUE, title: 'Docs digests' })
  github.addIssue('acme', 'docs', { number: REPORT_ISSUE, title: 'Weekly docs report' })
  github.setPermission('acme', 'docs', 'maintainer', 'write')
  const searched = iso(START)
  emulator.setSearches([
    {
      searchQuery: 'export csv',
      hits: 40,
      ctr: 0.02,
      topClickedPage: null,
      lastSearchedAt: searched
    },
    {
      searchQuery: 'rate limit',
      hits: 25,
      ctr: 0.05,
      topClickedPage: '/api',
      lastSearchedAt: searched
    },
    {
      searchQuery: 'webhooks',
      hits: 60,
      ctr: 0.6,
      topClickedPage: '/hooks',
      lastSearchedAt: searched
    }
  ])
}

/** The merged PR as GitHub lists it; a guard skips it unless it is `code`. */
export function addMerge(github: GitHubFake, merge: Merge): void {
  const file =
    merge.kind === 'docs-only' ? `docs/page${merge.number}.mdx` : `src/change${merge.number}.ts`
  github.addIssue('acme', 'docs', {
    number: merge.number,
    title: `Change ${merge.number}`,
    body: `What ${merge.number} changes.`,
    user: merge.kind === 'bot' ? 'dependabot[bot]' : 'dev',
    pull_request: true,
    base: 'main',
    labels: merge.kind === 'skip-label' ? ['no-docs'] : [],
    files: [{ filename: file, additions: 3, deletions: 1, patch: '@@ -1 +1 @@\n+change' }],
    merged: { sha: String(merge.number).padStart(40, 'a'), by: 'maintainer', at: iso(merge.at) }
  })
}

export function digestSpec(fakes: Fakes): Omit<RunSpec, 'fault'> {
  const inputs = agentInputs(fakes.emulator, fakes.github, {
    ...GUARDS,
    ...POLL,
    digest: 'true',
    'issue-number': String(DIGEST_ISSUE),
    'digest-since': iso(START).slice(0, 10),
    'max-wait-minutes': '30'
  })
  const event = { schedule: '1 0 * * *', repository: { default_branch: 'main' } }
  return { kind: 'digest', action: 'agent', eventName: 'schedule', event, inputs }
}

export function sweepSpec({ emulator, github }: Fakes): Omit<RunSpec, 'fault'> {
  const inputs = serviceInputs(emulator, { 'github-token': github.token })
  return {
    kind: 'sweep',
    action: 'sweep',
    eventName: 'schedule',
    event: { schedule: '30 * * * *' },
    inputs
  }
}

export function reportSpec({ emulator, github }: Fakes): Omit<RunSpec, 'fault'> {
  const inputs = serviceInputs(emulator, {
    'github-token': github.token,
    dataset: 'searches',
    'date-from': '-7d',
    'date-to': '-0d',
    'issue-number': String(REPORT_ISSUE)
  })
  return { kind: 'report', action: 'analytics', eventName: 'schedule', event: {}, inputs }
}

/** The weekly workflow's agent step, given the gaps the report found. */
export function gapsSpec(fakes: Fakes, prompt: string, runId: string): Omit<RunSpec, 'fault'> {
  const inputs = agentInputs(fakes.emulator, fakes.github, {
    ...POLL,
    prompt,
    'issue-number': String(REPORT_ISSUE),
    'max-wait-minutes': '30'
  })
  return { kind: 'gaps', action: 'agent', eventName: 'schedule', event: {}, inputs, runId }
}

/**
 * A person's request: its thread and trigger put into the fake, and the workflow's run. `detach`:
 * the labels workflow detaches, as the example does with the sweep (a team without it follows).
 */
export function requestSpec(
  fakes: Fakes,
  request: PersonRequest,
  { detach }: { detach: boolean }
): Omit<RunSpec, 'fault'> {
  const { github } = fakes
  const { number } = request
  const about = `${request.kind} #${number}`
  if (request.kind === 'issue label' || request.kind === 'pull label') {
    const pull = request.kind === 'pull label'
    if (!github.hasIssue('acme', 'docs', number)) addThread(github, number, pull)
    labelThread(github, number)
    const scenario = {
      number,
      labelId: LABEL_ID,
      label: LABEL,
      updatedAt: iso(request.at),
      title: `Thread ${number}`
    }
    const event = pull
      ? labeledPullEvent({ ...scenario, changedFiles: 1, commits: 1 })
      : labeledIssueEvent(scenario)
    const inputs = agentInputs(fakes.emulator, github, {
      ...GUARDS,
      ...POLL,
      'label-trigger': LABEL,
      detach: String(detach)
    })
    return {
      kind: 'request',
      action: 'agent',
      eventName: pull ? 'pull_request_target' : 'issues',
      event,
      inputs,
      about
    }
  }
  const onPullRequest = request.kind === 'comment on a merge'
  if (!github.hasIssue('acme', 'docs', number)) addThread(github, number, false)
  const body = `/mintlify document what #${number} asks for`
  const comment = github.addComment('acme', 'docs', number, body, 'maintainer', {
    createdAt: iso(request.at)
  })
  const event = issueCommentEvent({
    body,
    issueNumber: number,
    commentId: comment.id,
    onPullRequest,
    issueTitle: `Thread ${number}`
  })
  const inputs = agentInputs(fakes.emulator, github, { ...POLL, 'max-wait-minutes': '20' })
  return { kind: 'request', action: 'agent', eventName: 'issue_comment', event, inputs, about }
}

function addThread(github: GitHubFake, number: number, pull: boolean): void {
  github.addIssue('acme', 'docs', {
    number,
    title: `Thread ${number}`,
    body: 'Readers ask how this works.',
    user: 'dev',
    ...(pull
      ? {
          pull_request: true,
          files: [{ filename: `src/open${number}.ts`, additions: 2, deletions: 0 }]
        }
      : {})
  })
}

/** The trigger label on the thread, as GitHub keeps it (once). */
function labelThread(github: GitHubFake, number: number): void {
  const thread = threadOf(github, number)
  if (thread && !(thread.labels ?? []).includes(LABEL))
    thread.labels = [...(thread.labels ?? []), LABEL]
}

/** The fake's own record of an issue or PR (its labels as GitHub keeps them). */
export function threadOf(github: GitHubFake, number: number): { labels?: string[] } | undefined {
  const state = (
    github as unknown as {
      state: { issue(o: string, r: string, n: number): { labels?: string[] } | undefined }
    }
  ).state
  return state.issue('acme', 'docs', number)
}

/** The jobs of the next run: how long each works, how it ends, and the docs PR it may open. */
export class JobDraw {
  private nextDocsPull = 1
  readonly openDocsPulls = new Set<number>()

  constructor(private readonly random: Random) {}

  script(github: GitHubFake): JobScript {
    const outlives = this.random.chance(0.1)
    const activeForMs = (outlives ? this.random.int(40, 120) : this.random.int(3, 25)) * MINUTE
    const roll = this.random.next()
    if (roll < 0.08) return { activeForMs, outcome: 'failed' }
    if (roll < 0.1) return { activeForMs, outcome: 'archived' }
    if (roll < 0.25) return { activeForMs, outcome: 'completed', prLink: null }
    const number = this.nextDocsPull++
    github.addIssue('acme', 'docs-site', { number, title: `Docs ${number}`, pull_request: true })
    this.openDocsPulls.add(number)
    return {
      activeForMs,
      outcome: 'completed',
      prLink: `https://github.com/acme/docs-site/pull/${number}`
    }
  }

  /** The reviewers' daily look: each open docs PR is merged with even odds (or grown by the next digest). */
  review(github: GitHubFake, at: number): void {
    for (const number of this.openDocsPulls) {
      if (!this.random.chance(0.5)) continue
      github.addIssue('acme', 'docs-site', {
        number,
        title: `Docs ${number}`,
        pull_request: true,
        merged: { sha: String(number).padStart(40, 'f'), at: iso(at) }
      })
      this.openDocsPulls.delete(number)
    }
  }
}
