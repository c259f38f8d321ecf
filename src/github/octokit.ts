/**
 * The one place an Octokit is built. Deliberately without @octokit/plugin-retry: it retries POSTs
 * blindly (a 502 on "create comment" would post the comment twice) and ignores Retry-After. Retries
 * are done per call by `withGitHubRetry`, which knows whether the call is safe to repeat.
 */
import { getOctokit } from '@actions/github'

export type Octokit = ReturnType<typeof getOctokit>

const USER_AGENT = 'mintlify-docs-agent-action'

export function createOctokit(token: string, baseUrl: string): Octokit {
  return getOctokit(token, { baseUrl: baseUrl.replace(/\/+$/, ''), userAgent: USER_AGENT })
}
