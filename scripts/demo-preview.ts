/**
 * The preview part of `npm run demo`: pull request #21 opens in acme/docs, the deploy bundle builds
 * a Mintlify preview of its branch, and the comment on the pull request shows the URL; a second push
 * edits the same comment. Returns whether it went as it should.
 */
import { cleanUp, runBundle, type BundleRun } from '../fakes/action-env.js'
import type { GitHubFake } from '../fakes/github-fake.js'
import { serviceInputs } from '../fakes/inputs.js'
import type { ServiceEmulator } from '../fakes/service-emulator.js'
import { webhookExample } from '../fakes/webhooks.js'
import { indent, rule } from './demo-text.js'

const NUMBER = 21
const BRANCH = 'docs/webhooks-guide'

function pullRequestEvent(action: string): Record<string, unknown> {
  const payload = webhookExample('pull_request', 'opened')
  const pull = payload.pull_request as Record<string, Record<string, unknown>> & { number: number }
  payload.action = action
  payload.number = NUMBER
  pull.number = NUMBER
  pull.head.ref = BRANCH
  pull.head.repo = { full_name: 'acme/docs' }
  pull.base.repo = { full_name: 'acme/docs' }
  return payload
}

function preview(
  emulator: ServiceEmulator,
  github: GitHubFake,
  action: string
): Promise<BundleRun> {
  return runBundle('dist/deploy/index.js', {
    eventName: 'pull_request',
    event: pullRequestEvent(action),
    inputs: serviceInputs(emulator, {
      'github-token': github.token,
      'poll-interval-seconds': '1',
      'max-poll-interval-seconds': '1'
    }),
    env: { GITHUB_API_URL: github.url, GITHUB_SERVER_URL: github.serverUrl }
  })
}

export async function demoPreview(emulator: ServiceEmulator, github: GitHubFake): Promise<boolean> {
  rule(`8. Deploy: pull request #${NUMBER} opens; a preview of its branch is built`)
  github.addIssue('acme', 'docs', {
    number: NUMBER,
    title: 'A guide to webhooks',
    pull_request: true,
    head: BRANCH
  })
  emulator.platform.script(
    { queuedPolls: 1, inProgressPolls: 1 },
    { queuedPolls: 0, inProgressPolls: 1 }
  )
  const opened = await preview(emulator, github, 'opened')
  console.log(`exit code: ${opened.exitCode}`)
  for (const [name, value] of Object.entries(opened.outputs)) console.log(`    ${name} = ${value}`)
  const comments = (): string[] => github.comments('acme', 'docs', NUMBER).map(c => c.body)
  console.log('\nthe comment on the pull request:')
  console.log(indent(comments()[0] ?? '(none)'))

  console.log('\na second push (synchronize): the same comment, edited')
  const pushed = await preview(emulator, github, 'synchronize')
  console.log(`exit code: ${pushed.exitCode}; comments on #${NUMBER}: ${comments().length}`)
  const ok =
    opened.exitCode === 0 &&
    opened.outputs.status === 'success' &&
    pushed.exitCode === 0 &&
    comments().length === 1
  cleanUp(opened)
  cleanUp(pushed)
  return ok
}
