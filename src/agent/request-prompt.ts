/**
 * The prompt a request sends: the workflow's own prompt as given, or the event's instruction with
 * the context block (for a pull request also its branches and changed files, read from GitHub).
 */
import { getPullRequest, listPullFiles } from '../github/pulls.js'
import { getErrorMessage } from '../shared/errors.js'
import { buildPrompt, type PromptContext } from './prompt-context.js'
import type { AgentFlow } from './flow.js'
import type { AgentRequest } from './request.js'

/** GitHub lists the files of a pull request; one more than the context shows tells that there are more. */
const CONTEXT_FILES = 100

export async function promptFor(
  request: AgentRequest,
  { settings, github, rt }: Pick<AgentFlow, 'settings' | 'github' | 'rt'>
): Promise<string> {
  const { includeContext } = settings
  const octokit = github?.octokit
  // The workflow author's own prompt (`prompt` / `prompt-file`) is sent as given: no cut, no context.
  if (request.instructionSource === 'workflow') return request.instruction
  const thread = request.thread
  if (!includeContext || !thread) {
    return buildPrompt(request.instruction)
  }
  const context: PromptContext = {
    repository: `${thread.owner}/${thread.repo}`,
    kind: thread.isPullRequest ? 'pull request' : 'issue',
    number: thread.issueNumber,
    title: thread.title,
    url: thread.htmlUrl,
    requester: request.requester?.login,
    // An issue's title and body (opened or labelled) are the instruction already: not repeated as
    // "context by others". A labelled pull request's prompt is built with its change (prepare.ts).
    body: request.origin === 'issue' || request.origin === 'label' ? undefined : thread.body,
    review: request.comment?.review
  }
  if (thread.isPullRequest && octokit) {
    try {
      const repo = { owner: thread.owner, repo: thread.repo }
      const pull = await getPullRequest(octokit, { repo, pullNumber: thread.issueNumber }, rt)
      const listing = { repo, pullNumber: thread.issueNumber, max: CONTEXT_FILES + 1 }
      const files = await listPullFiles(octokit, listing, rt)
      context.title ??= pull.title
      context.url ??= pull.htmlUrl
      context.body = thread.body || pull.body
      context.pull = {
        baseRef: pull.baseRef,
        headRef: pull.headRef,
        files: files.slice(0, CONTEXT_FILES),
        moreFiles: files.length > CONTEXT_FILES
      }
    } catch (error) {
      rt.log.warning(
        `Could not read the pull request for the prompt's context: ${getErrorMessage(error)}`
      )
    }
  }
  return buildPrompt(request.instruction, context)
}
