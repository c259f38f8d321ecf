/**
 * CI's smoke run: the committed bundles, started as the runner starts them, against the loopback
 * emulator and GitHub fake: the agent on a real issue_comment payload (followed to its pull request,
 * the tracking comment says so), and the deploy action on a production deployment (followed to its
 * success). Exits non-zero unless every check holds.
 */
import { GitHubFake } from '../fakes/github-fake.js'
import { agentInputs, serviceInputs } from '../fakes/inputs.js'
import { ServiceEmulator } from '../fakes/service-emulator.js'
import { cleanUp, runBundle } from '../fakes/action-env.js'
import { issueCommentEvent } from '../fakes/webhooks.js'

type Check = [string, boolean]

async function agentChecks(emulator: ServiceEmulator, github: GitHubFake): Promise<Check[]> {
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
  const checks: Check[] = [
    ['agent: exit code 0', result.exitCode === 0],
    ['agent: status output completed', result.outputs.status === 'completed'],
    ['agent: pr-url output set', /\/pull\/\d+$/.test(result.outputs['pr-url'] ?? '')],
    ['agent: one job created', emulator.requestsTo('POST', /\/job$/).length === 1],
    [
      'agent: tracking comment links the PR',
      comments.some(c => c.body.includes('opened a pull request'))
    ]
  ]
  if (checks.some(([, ok]) => !ok)) console.log(result.stdout, result.stderr)
  cleanUp(result)
  return checks
}

async function deployChecks(emulator: ServiceEmulator): Promise<Check[]> {
  const result = await runBundle('dist/deploy/index.js', {
    eventName: 'workflow_dispatch',
    inputs: serviceInputs(emulator, {
      deployment: 'production',
      comment: 'false',
      'poll-interval-seconds': '1',
      'max-poll-interval-seconds': '1'
    })
  })
  const checks: Check[] = [
    ['deploy: exit code 0', result.exitCode === 0],
    ['deploy: status output success', result.outputs.status === 'success'],
    ['deploy: one deployment triggered', emulator.platform.list().length === 1]
  ]
  if (checks.some(([, ok]) => !ok)) console.log(result.stdout, result.stderr)
  cleanUp(result)
  return checks
}

const emulator = await ServiceEmulator.start()
const github = await GitHubFake.start()
let failed: boolean
try {
  const checks = [
    ...(await agentChecks(emulator, github)),
    ...(await deployChecks(emulator)),
    ['no contract violation', emulator.contractViolations.length === 0] as Check
  ]
  for (const [name, ok] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}`)
  failed = checks.some(([, ok]) => !ok)
  if (failed) console.log(emulator.contractViolations)
} finally {
  await emulator.close()
  await github.close()
}
process.exit(failed ? 1 : 0)
