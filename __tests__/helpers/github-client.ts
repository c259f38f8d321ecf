/** For tests of the GitHub calls: a fresh GitHub fake for each test and an octokit pointed at it. */
import { afterEach, beforeEach } from '@jest/globals'
import { createOctokit, type Octokit } from '../../src/github/octokit.js'
import { GitHubFake } from '../../fakes/github-fake.js'

export interface GitHubClient {
  fake: GitHubFake
  octokit: Octokit
}

/**
 * Registers the beforeEach that starts the fake (then `setUp`) and the afterEach that closes it.
 * The returned object holds the current test's fake and octokit.
 */
export function useGitHubFake(setUp?: (fake: GitHubFake) => void): GitHubClient {
  const current = {} as GitHubClient
  beforeEach(async () => {
    current.fake = await GitHubFake.start()
    current.octokit = createOctokit(current.fake.token, current.fake.url)
    setUp?.(current.fake)
  })
  afterEach(async () => {
    await current.fake.close()
  })
  return current
}
