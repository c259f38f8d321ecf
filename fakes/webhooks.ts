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

/** A deep copy of the first example of `name` whose action is `action`. */
export function webhookExample(name: string, action: string): Record<string, unknown> {
  const group = groups.find(g => g.name === name)
  const example = group?.examples.find(e => e.action === action)
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
