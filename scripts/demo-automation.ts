/**
 * The automation part of `npm run demo`: pull request #41 is merged in acme/docs, and instead of
 * creating a job the agent bundle triggers the project's Mintlify automation "update-docs" (its
 * prompt lives in Mintlify), follows the run's agent job to its docs PR, and reports it on #41.
 * Returns whether it went as it should.
 */
import { cleanUp, runBundle } from '../fakes/action-env.js'
import type { GitHubFake } from '../fakes/github-fake.js'
import { agentInputs } from '../fakes/inputs.js'
import type { ServiceEmulator } from '../fakes/service-emulator.js'
import { mergedPullEvent } from '../fakes/webhooks.js'
import { indent, rule } from './demo-text.js'

const NUMBER = 41
const MERGE = `a17e${'4'.repeat(36)}`

export async function demoAutomation(
  emulator: ServiceEmulator,
  github: GitHubFake
): Promise<boolean> {
  rule(`9. Automation: pull request #${NUMBER} is merged; Mintlify's "update-docs" automation runs`)
  github.addIssue('acme', 'docs', {
    number: NUMBER,
    title: 'Rename the --out flag to --output',
    user: 'dev',
    pull_request: true,
    merged: { sha: MERGE, by: 'maintainer' },
    commits: [{ sha: `c0ffee${'4'.repeat(34)}`, message: 'Rename --out to --output' }],
    files: [{ filename: 'src/cli.ts', additions: 3, deletions: 3 }]
  })
  github.addIssue('acme', 'docs', { number: 42, pull_request: true, title: 'Docs: --output' })
  emulator.platform.addAutomation('update-docs')
  emulator.scriptJobs({ activePolls: 1, prLink: 'https://github.com/acme/docs/pull/42' })
  const run = await runBundle('dist/index.js', {
    eventName: 'pull_request',
    event: mergedPullEvent({
      number: NUMBER,
      title: 'Rename the --out flag to --output',
      mergeSha: MERGE,
      changedFiles: 1,
      commits: 1
    }),
    inputs: agentInputs(emulator, github, {
      automation: 'update-docs',
      'max-poll-interval-seconds': '2',
      'skip-label': 'no-docs',
      'ignore-paths': '**/*.md\n**/*.mdx\ndocs.json\nmint.json'
    }),
    env: { GITHUB_API_URL: github.url, GITHUB_RUN_ID: '4545' }
  })
  console.log(`exit code: ${run.exitCode}`)
  for (const [name, value] of Object.entries(run.outputs)) console.log(`    ${name} = ${value}`)
  const [trigger] = emulator.requestsTo('POST', /\/trigger$/)
  console.log(
    `\nthe request sent: POST ${trigger?.path ?? '(none)'} (no body: the prompt is Mintlify's)`
  )
  console.log('\nthe tracking comment on the merged pull request:')
  console.log(indent(github.comments('acme', 'docs', NUMBER).at(-1)?.body ?? '(none)'))
  cleanUp(run)
  return (
    run.exitCode === 0 &&
    run.outputs.status === 'completed' &&
    run.outputs['automation-run'] === emulator.platform.automationRuns.at(-1)?.instanceId
  )
}
