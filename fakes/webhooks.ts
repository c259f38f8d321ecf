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

/** An issue_comment payload. */
export function issueCommentEvent(scenario: CommentScenario): Json {
  const payload = webhookExample('issue_comment', scenario.action ?? 'created')
  const issue = payload.issue as Json
  const comment = payload.comment as Json
  issue.number = scenario.issueNumber ?? 7
  issue.html_url = `https://github.com/acme/docs/issues/${issue.number}`
  if (scenario.issueTitle !== undefined) issue.title = scenario.issueTitle
  if (scenario.issueBody !== undefined) issue.body = scenario.issueBody
  if (scenario.onPullRequest) {
    issue.pull_request = { url: `https://api.github.com/repos/acme/docs/pulls/${issue.number}` }
    issue.html_url = `https://github.com/acme/docs/pull/${issue.number}`
  } else {
    delete issue.pull_request
  }
  comment.id = scenario.commentId ?? 9001
  comment.body = scenario.body
  comment.html_url = `${issue.html_url}#issuecomment-${comment.id}`
  comment.user = {
    ...(comment.user as Json),
    login: scenario.login ?? 'maintainer',
    type: scenario.userType ?? 'User'
  }
  comment.author_association = scenario.authorAssociation ?? 'MEMBER'
  payload.sender = comment.user
  return payload
}

/** A pull_request_review_comment payload. */
export function reviewCommentEvent(scenario: CommentScenario): Json {
  const payload = webhookExample('pull_request_review_comment', scenario.action ?? 'created')
  const pull = payload.pull_request as Json
  const comment = payload.comment as Json
  pull.number = scenario.issueNumber ?? 8
  pull.html_url = `https://github.com/acme/docs/pull/${pull.number}`
  if (scenario.issueTitle !== undefined) pull.title = scenario.issueTitle
  if (scenario.issueBody !== undefined) pull.body = scenario.issueBody
  comment.id = scenario.commentId ?? 9101
  comment.body = scenario.body
  comment.user = {
    ...(comment.user as Json),
    login: scenario.login ?? 'maintainer',
    type: scenario.userType ?? 'User'
  }
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
  issue.user = {
    ...(issue.user as Json),
    login: scenario.login ?? 'maintainer',
    type: scenario.userType ?? 'User'
  }
  payload.sender = issue.user
  return payload
}
