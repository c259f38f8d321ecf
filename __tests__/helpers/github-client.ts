/**
 * For tests of the GitHub calls: a fresh GitHub fake for each test, an octokit pointed at it, a
 * runtime whose log keeps its lines, and virtual time (fake timers) that `call` drives, so retry
 * waits take no real time.
 */
import { afterEach, beforeEach } from '@jest/globals'
import { createOctokit, type Octokit } from '../../src/github/octokit.js'
import { GitHubFake } from '../../fakes/github-fake.js'
import { VirtualTime } from '../../fakes/virtual-time.js'
import { testRuntime, type TestRuntime } from './runtime.js'

export interface GitHubClient {
  fake: GitHubFake
  octokit: Octokit
  rt: TestRuntime
  /** Runs one call to its end in virtual time. */
  call<T>(work: Promise<T>): Promise<T>
  /** The retry lines the calls logged. */
  retries(): string[]
}

/**
 * Registers the beforeEach that starts the fake (then `setUp`) and the afterEach that closes it.
 * The returned object holds the current test's fake, octokit and runtime.
 */
export function useGitHubFake(setUp?: (fake: GitHubFake) => void): GitHubClient {
  let time: VirtualTime | undefined
  const current = {
    call: <T>(work: Promise<T>): Promise<T> =>
      (time as VirtualTime).drive(work, [current.fake.traffic]),
    retries: () => current.rt.lines.filter(line => line.includes('GitHub API call failed'))
  } as GitHubClient
  beforeEach(async () => {
    current.fake = await GitHubFake.start()
    current.octokit = createOctokit(current.fake.token, current.fake.url)
    current.rt = testRuntime()
    setUp?.(current.fake)
    time = VirtualTime.install()
  })
  afterEach(async () => {
    time?.uninstall()
    await current.fake.close()
  })
  return current
}
