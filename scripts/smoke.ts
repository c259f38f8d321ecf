/**
 * CI's smoke run: the committed agent bundle, started as the runner starts it, on a real
 * issue_comment payload, against the loopback emulator and GitHub fake. Exits non-zero unless the
 * job is followed to its pull request and the tracking comment says so.
 */
import { GitHubFake } from '../fakes/github-fake.js'
import { agentInputs } from '../fakes/inputs.js'
import { ServiceEmulator } from '../fakes/service-emulator.js'
import { cleanUp, runBundle } from '../fakes/action-env.js'
import { issueCommentEvent } from '../fakes/webhooks.js'

const emulator = await ServiceEmulator.start()
const github = await GitHubFake.start()
let failed: boolean
try {
  github.setPermission('acme', 'docs', 'maintainer', 'write')
  github.addIssue('acme', 'docs', { number: 7, title: 'Document the new rate limits' })
  emulator.scriptJobs({ activePolls: 1, outcome: 'completed' })
  const result = await runBundle('dist/index.js', {
    eventName: 'issue_comment',
    event: issueCommentEvent({ body: '/mintlify Document the new rate-limit headers' }),
    inputs: agentInputs(emulator, github),
    env: { GITHUB_API_URL: github.url }
  })
  const comments = github.comments('acme', 'docs', 7)
  const checks: [string, boolean][] = [
    ['exit code 0', result.exitCode === 0],
    ['status output completed', result.outputs.status === 'completed'],
    ['pr-url output set', /\/pull\/\d+$/.test(result.outputs['pr-url'] ?? '')],
    ['one job created', emulator.requestsTo('POST', /\/job$/).length === 1],
    ['tracking comment links the PR', comments.some(c => c.body.includes('opened a pull request'))],
    ['no contract violation', emulator.contractViolations.length === 0]
  ]
  for (const [name, ok] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}`)
  failed = checks.some(([, ok]) => !ok)
  if (failed) console.log(result.stdout, result.stderr, emulator.contractViolations)
  cleanUp(result)
} finally {
  await emulator.close()
  await github.close()
}
process.exit(failed ? 1 : 0)
