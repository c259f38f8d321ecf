/**
 * The events recipes run on: GitHub's webhook examples (@octokit/webhooks-examples, through
 * fakes/webhooks.ts) moved into acme/docs, with what each needs in the GitHub fake beside it.
 */
import {
  issueCommentEvent,
  labeledIssueEvent,
  labeledPullEvent,
  mergedPullEvent,
  pushEvent,
  releaseEvent,
  webhookExample
} from '../../fakes/webhooks.js'
import type { EventSpec } from './jobs.js'
import { OWNER, REPO, type World } from './world.js'

type Json = Record<string, unknown>

/** The repository of a fork's pull requests. */
const FORK = 'someone/docs'

/** The payload's repository (and a pull request's head and base) made acme/docs, default branch main. */
function inRepository(payload: Json): Json {
  const repository = {
    ...(payload.repository as Json),
    name: REPO,
    full_name: `${OWNER}/${REPO}`,
    owner: { ...((payload.repository as Json)?.owner as Json), login: OWNER },
    default_branch: 'main'
  }
  const pull = payload.pull_request as Json | undefined
  if (pull) {
    // A fork's head stays the fork's (FORK); every other end is this repository.
    for (const end of [pull.head, pull.base] as Json[]) {
      if ((end.repo as Json | undefined)?.full_name !== FORK) {
        end.repo = { ...(end.repo as Json), full_name: `${OWNER}/${REPO}`, name: REPO }
      }
    }
  }
  return { ...payload, repository }
}

const spec = (eventName: string, payload: Json, inputs?: Record<string, string>): EventSpec => ({
  eventName,
  payload: inRepository(payload),
  inputs
})

export function scheduleEvent(cron = '17 6 * * 1'): EventSpec {
  return spec('schedule', { schedule: cron, repository: {} })
}

export function dispatchEvent(inputs: Record<string, string> = {}): EventSpec {
  const payload = webhookExample('workflow_dispatch', '', () => true)
  return spec('workflow_dispatch', { ...payload, inputs, ref: 'refs/heads/main' }, inputs)
}

/** `/mintlify …` on issue #7 by the maintainer (or by `login`). */
export function commentEvent(
  w: World,
  options: { login?: string; body?: string; id?: number } = {}
): EventSpec {
  if (!w.gh.hasIssue(OWNER, REPO, 7))
    w.gh.addIssue(OWNER, REPO, { number: 7, title: 'Document the rate limits' })
  const body = options.body ?? '/mintlify Document the new rate-limit headers'
  const payload = issueCommentEvent({ body, login: options.login, commentId: options.id })
  if (options.login === 'github-actions[bot]') (payload.sender as Json).type = 'Bot'
  w.gh.addComment(OWNER, REPO, 7, body, options.login ?? 'maintainer', { id: options.id ?? 9001 })
  return spec('issue_comment', payload)
}

/** A merged (or only closed) pull request into main, with its files and commits in the fake. */
export function closedPullEvent(
  w: World,
  options: {
    number?: number
    merged?: boolean
    open?: boolean
    labels?: string[]
    eventName?: string
  } = {}
): EventSpec {
  const number = options.number ?? 12
  const merged = !options.open && (options.merged ?? true)
  const sha = `${number}`.padStart(40, 'a')
  w.gh.addIssue(OWNER, REPO, {
    number,
    title: `Add the export endpoint (#${number})`,
    body: 'Adds `GET /export`.',
    user: 'dev',
    pull_request: true,
    head: `feature/export-${number}`,
    base: 'main',
    files: [
      {
        filename: `src/export${number}.ts`,
        additions: 3,
        deletions: 1,
        patch: '@@ -1 +1 @@\n-old\n+new'
      }
    ],
    commits: [{ sha: `c0ffee${number}`.padEnd(40, '0'), message: 'Add the export endpoint' }],
    labels: options.labels,
    closed: !options.open,
    ...(merged
      ? {
          merged: {
            sha,
            by: 'maintainer',
            at: new Date(Date.now() - 60_000 * (100 - number)).toISOString()
          }
        }
      : {})
  })
  const payload = mergedPullEvent({
    number,
    merged,
    mergeSha: sha,
    head: `feature/export-${number}`
  })
  return spec(options.eventName ?? 'pull_request_target', payload)
}

/** A push of PR #12's merge commit to main. */
export function pushOfMerge(w: World): EventSpec {
  closedPullEvent(w)
  const sha = '12'.padStart(40, 'a')
  w.gh.addComparison(OWNER, REPO, 'b'.repeat(40), sha, {
    commits: [{ sha, message: 'Add the export endpoint (#12)' }],
    files: [
      { filename: 'src/export.ts', additions: 3, deletions: 1, patch: '@@ -1 +1 @@\n-old\n+new' }
    ]
  })
  return spec('push', pushEvent({ after: sha }))
}

export function releasedEvent(
  options: { action?: string; prerelease?: boolean; sender?: string } = {}
): EventSpec {
  const payload = releaseEvent({
    action: options.action ?? 'released',
    prerelease: options.prerelease
  })
  payload.action = options.action ?? 'released'
  if (options.sender) payload.sender = { login: options.sender, type: 'Bot' }
  return spec('release', payload)
}

export function labelEvent(
  w: World,
  options: { kind?: 'issue' | 'pull'; label?: string; sender?: string } = {}
): EventSpec {
  const label = options.label ?? 'docs'
  if (options.kind === 'pull') {
    closedPullEvent(w, { open: true, labels: [label] })
    return spec('pull_request_target', labeledPullEvent({ label, sender: options.sender }))
  }
  w.gh.addIssue(OWNER, REPO, {
    number: 11,
    title: 'Document the export endpoint',
    body: 'Readers ask how to export CSV.',
    labels: [label]
  })
  return spec(
    'issues',
    labeledIssueEvent({
      label,
      sender: options.sender,
      senderType: options.sender?.endsWith('[bot]') ? 'Bot' : 'User'
    })
  )
}

/** A pull request of this repository opened (or pushed to) into `base`. */
export function pullEvent(
  w: World,
  options: { action?: string; base?: string; number?: number; fork?: boolean } = {}
): EventSpec {
  const number = options.number ?? 7
  if (!w.gh.hasIssue(OWNER, REPO, number)) {
    w.gh.addIssue(OWNER, REPO, {
      number,
      title: 'New guide',
      pull_request: true,
      head: 'docs/new-guide',
      base: options.base ?? 'develop'
    })
  }
  const payload = webhookExample('pull_request', options.action ?? 'opened')
  const pull = payload.pull_request as Json & { head: Json; base: Json }
  payload.action = options.action ?? 'opened'
  payload.number = number
  pull.number = number
  pull.head.ref = 'docs/new-guide'
  if (options.fork) pull.head.repo = { full_name: FORK, name: REPO }
  pull.base.ref = options.base ?? 'develop'
  payload.sender = { login: 'maintainer', type: 'User' }
  return spec('pull_request', payload)
}

export function workflowRunEvent(
  options: { name?: string; conclusion?: string; branch?: string } = {}
): EventSpec {
  const payload = webhookExample('workflow_run', 'completed', e => e.action === 'completed')
  const run = payload.workflow_run as Json
  run.name = options.name ?? 'Publish OpenAPI'
  run.conclusion = options.conclusion ?? 'success'
  run.head_branch = options.branch ?? 'main'
  run.head_repository = { full_name: `${OWNER}/${REPO}` }
  payload.sender = { login: 'maintainer', type: 'User' }
  return spec('workflow_run', payload)
}
