/**
 * Real webhook payloads from @octokit/webhooks-examples, adapted to one scenario: the comment text,
 * its author and their type, the issue number. Everything else stays as GitHub sends it.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

interface ExampleGroup {
  name: string
  examples: Record<string, unknown>[]
}

const require = createRequire(import.meta.url)
const groups = JSON.parse(
  readFileSync(require.resolve('@octokit/webhooks-examples/api.github.com/index.json'), 'utf8')
) as ExampleGroup[]

/** A deep copy of the first example of `name` whose action is `action` (or that `matches`). */
export function webhookExample(
  name: string,
  action: string,
  matches: (example: Record<string, unknown>) => boolean = e => e.action === action
): Record<string, unknown> {
  const group = groups.find(g => g.name === name)
  const example = group?.examples.find(matches)
  if (!example) throw new Error(`no ${name}.${action} example in @octokit/webhooks-examples`)
  return structuredClone(example)
}

export interface CommentScenario {
  body: string
  login?: string
  userType?: 'User' | 'Bot'
  action?: string
  issueNumber?: number
  commentId?: number
  /** The issue is a pull request. */
  onPullRequest?: boolean
  issueTitle?: string
  issueBody?: string
  authorAssociation?: string
}

type Json = Record<string, unknown>

/** The example's user, as the scenario's author (maintainer, a User, by default). */
function author(user: unknown, scenario: { login?: string; userType?: 'User' | 'Bot' }): Json {
  return {
    ...(user as Json),
    login: scenario.login ?? 'maintainer',
    type: scenario.userType ?? 'User'
  }
}

/** The issue or pull request of the scenario: number, URL, and title and body when given. */
function describeThread(
  thread: Json,
  scenario: CommentScenario,
  number: number,
  kind: 'issues' | 'pull'
): void {
  thread.number = number
  thread.html_url = `https://github.com/acme/docs/${kind}/${number}`
  if (scenario.issueTitle !== undefined) thread.title = scenario.issueTitle
  if (scenario.issueBody !== undefined) thread.body = scenario.issueBody
}

function describeComment(comment: Json, scenario: CommentScenario, id: number): void {
  comment.id = id
  comment.body = scenario.body
  comment.user = author(comment.user, scenario)
}

/** An issue_comment payload. */
export function issueCommentEvent(scenario: CommentScenario): Json {
  const payload = webhookExample('issue_comment', scenario.action ?? 'created')
  const issue = payload.issue as Json
  const comment = payload.comment as Json
  describeThread(issue, scenario, scenario.issueNumber ?? 7, 'issues')
  if (scenario.onPullRequest) {
    issue.pull_request = { url: `https://api.github.com/repos/acme/docs/pulls/${issue.number}` }
    issue.html_url = `https://github.com/acme/docs/pull/${issue.number}`
  } else {
    delete issue.pull_request
  }
  describeComment(comment, scenario, scenario.commentId ?? 9001)
  comment.html_url = `${issue.html_url}#issuecomment-${comment.id}`
  comment.author_association = scenario.authorAssociation ?? 'MEMBER'
  payload.sender = comment.user
  return payload
}

/** A pull_request_review_comment payload. */
export function reviewCommentEvent(scenario: CommentScenario): Json {
  const payload = webhookExample('pull_request_review_comment', scenario.action ?? 'created')
  const pull = payload.pull_request as Json
  const comment = payload.comment as Json
  describeThread(pull, scenario, scenario.issueNumber ?? 8, 'pull')
  describeComment(comment, scenario, scenario.commentId ?? 9101)
  payload.sender = comment.user
  return payload
}

/** An issues payload (opened by default). */
export function issuesEvent(scenario: {
  action?: string
  number?: number
  title: string
  body: string
  login?: string
  userType?: 'User' | 'Bot'
}): Json {
  const payload = webhookExample('issues', scenario.action ?? 'opened')
  const issue = payload.issue as Json
  issue.number = scenario.number ?? 11
  issue.title = scenario.title
  issue.body = scenario.body
  issue.html_url = `https://github.com/acme/docs/issues/${issue.number}`
  issue.user = author(issue.user, scenario)
  payload.sender = issue.user
  return payload
}

/** A merged (or only closed) pull request in acme/docs, as `pull_request` `closed` sends it. */
export interface MergedPullScenario {
  number?: number
  title?: string
  body?: string
  author?: string
  authorType?: 'User' | 'Bot'
  mergedBy?: string
  merged?: boolean
  mergeSha?: string
  labels?: string[]
  head?: string
  base?: string
  changedFiles?: number
  commits?: number
}

export const MERGE_SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'

export function mergedPullEvent(scenario: MergedPullScenario = {}): Json {
  const payload = webhookExample('pull_request', 'closed')
  const pull = payload.pull_request as Json
  const number = scenario.number ?? 12
  const merged = scenario.merged ?? true
  payload.number = number
  pull.number = number
  pull.html_url = `https://github.com/acme/docs/pull/${number}`
  pull.title = scenario.title ?? 'Add the export endpoint'
  pull.body = scenario.body ?? 'Adds `GET /export`.'
  pull.user = author(pull.user, { login: scenario.author ?? 'dev', userType: scenario.authorType })
  pull.merged = merged
  pull.merged_at = merged ? '2026-11-20T10:00:00Z' : null
  pull.merge_commit_sha = merged ? (scenario.mergeSha ?? MERGE_SHA) : null
  pull.merged_by = merged ? author(pull.user, { login: scenario.mergedBy ?? 'maintainer' }) : null
  pull.labels = (scenario.labels ?? []).map((name, i) => ({ id: i + 1, name, color: 'ededed' }))
  ;(pull.head as Json).ref = scenario.head ?? 'feature/export'
  ;(pull.base as Json).ref = scenario.base ?? 'main'
  if (scenario.changedFiles !== undefined) pull.changed_files = scenario.changedFiles
  if (scenario.commits !== undefined) pull.commits = scenario.commits
  payload.sender = pull.merged_by ?? pull.user
  return payload
}

/** A branch push (or a tag, or a deletion) to acme/docs, as `push` sends it. */
export function pushEvent(scenario: {
  ref?: string
  before?: string
  after?: string
  deleted?: boolean
  sender?: string
  senderType?: 'User' | 'Bot'
  defaultBranch?: string
}): Json {
  // Push examples have no action: the branch push one.
  const payload = webhookExample('push', 'branch', e => e.ref === 'refs/heads/master')
  payload.ref = scenario.ref ?? 'refs/heads/main'
  payload.before = scenario.before ?? 'b'.repeat(40)
  payload.after = scenario.after ?? MERGE_SHA
  payload.created = /^0+$/.test(String(payload.before))
  payload.deleted = scenario.deleted ?? false
  ;(payload.repository as Json).default_branch = scenario.defaultBranch ?? 'main'
  payload.sender = author(payload.sender, {
    login: scenario.sender ?? 'maintainer',
    userType: scenario.senderType
  })
  return payload
}

/** A published release of acme/docs, as `release` `published` sends it. */
export function releaseEvent(scenario: {
  id?: number
  tag?: string
  name?: string
  body?: string
  prerelease?: boolean
  publishedAt?: string
  action?: string
}): Json {
  const payload = webhookExample('release', scenario.action ?? 'published')
  const release = payload.release as Json
  release.id = scenario.id ?? 5001
  release.tag_name = scenario.tag ?? 'v1.2.0'
  release.name = scenario.name ?? scenario.tag ?? 'v1.2.0'
  release.body = scenario.body ?? 'New: the export endpoint.'
  release.prerelease = scenario.prerelease ?? false
  release.draft = false
  release.published_at = scenario.publishedAt ?? '2026-11-20T12:00:00Z'
  release.html_url = `https://github.com/acme/docs/releases/tag/${String(release.tag_name)}`
  payload.sender = author(payload.sender, { login: 'maintainer' })
  return payload
}

/** A label added to (or removed from) an issue or pull request of acme/docs. */
export interface LabelScenario {
  action?: 'labeled' | 'unlabeled'
  number?: number
  /** The label's name ('docs') and id (4242). */
  label?: string
  labelId?: number
  /** Who labelled ('maintainer'), and the kind of account. */
  sender?: string
  senderType?: 'User' | 'Bot'
  /** The thread's state ('open'); a closed pull request may be merged. */
  state?: 'open' | 'closed'
  merged?: boolean
  /** The thread's `updated_at`: the labeling's time (a new labeling has a new one). */
  updatedAt?: string
  title?: string
  body?: string
  /** The author of the issue or pull request ('dev'). */
  author?: string
  authorType?: 'User' | 'Bot'
  /** The thread's labels besides the one added. */
  labels?: string[]
  /** A pull request's counts, as GitHub sends them (the example's when not given). */
  changedFiles?: number
  commits?: number
}

export const LABEL_TIME = '2026-11-21T09:00:00Z'

/** The label and the thread as the scenario has them, in a labeled example of `name`. */
function labelEvent(name: 'issues' | 'pull_request', scenario: LabelScenario): Json {
  const payload = webhookExample(name, scenario.action ?? 'labeled')
  const thread = (name === 'issues' ? payload.issue : payload.pull_request) as Json
  const label: Json = {
    ...(payload.label as Json),
    id: scenario.labelId ?? 4242,
    name: scenario.label ?? 'docs'
  }
  payload.label = label
  thread.number = scenario.number ?? (name === 'issues' ? 11 : 12)
  thread.html_url = `https://github.com/acme/docs/${name === 'issues' ? 'issues' : 'pull'}/${String(thread.number)}`
  thread.state = scenario.state ?? 'open'
  thread.updated_at = scenario.updatedAt ?? LABEL_TIME
  if (scenario.title !== undefined) thread.title = scenario.title
  if (scenario.body !== undefined) thread.body = scenario.body
  thread.user = author(thread.user, {
    login: scenario.author ?? 'dev',
    userType: scenario.authorType
  })
  const others = (scenario.labels ?? []).map((n, i) => ({ id: i + 1, name: n, color: 'ededed' }))
  thread.labels = scenario.action === 'unlabeled' ? others : [...others, label]
  payload.sender = author(payload.sender, {
    login: scenario.sender ?? 'maintainer',
    userType: scenario.senderType
  })
  return payload
}

/** An `issues` `labeled` (or `unlabeled`) payload: issue #11 by default. */
export function labeledIssueEvent(scenario: LabelScenario = {}): Json {
  return labelEvent('issues', {
    title: 'Document the export endpoint',
    body: 'Readers ask how to export CSV.',
    ...scenario
  })
}

/** A `pull_request` `labeled` (or `unlabeled`) payload: open pull request #12 by default. */
export function labeledPullEvent(scenario: LabelScenario = {}): Json {
  const payload = labelEvent('pull_request', {
    title: 'Add the export endpoint',
    body: 'Adds `GET /export`.',
    ...scenario
  })
  const pull = payload.pull_request as Json
  payload.number = pull.number
  const merged = scenario.merged ?? false
  pull.merged = merged
  pull.merged_at = merged ? '2026-11-20T10:00:00Z' : null
  pull.merge_commit_sha = merged ? MERGE_SHA : null
  ;(pull.head as Json).ref = 'feature/export'
  ;(pull.base as Json).ref = 'main'
  if (scenario.changedFiles !== undefined) pull.changed_files = scenario.changedFiles
  if (scenario.commits !== undefined) pull.commits = scenario.commits
  return payload
}
