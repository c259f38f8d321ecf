/**
 * The docs-digest part of `npm run demo`: a week of merges into acme/api, some of them skipped by the
 * guards, becomes one agent job and one docs PR (in acme/docs-site); then two more merges, and a
 * second digest adds to that same open docs PR with a follow-up message. Each included code PR gets a
 * note. The committed agent bundle runs as a scheduled workflow of acme/api would start it.
 */
import { cleanUp, runBundle, type BundleRun } from '../fakes/action-env.js'
import type { FakeIssue, GitHubFake } from '../fakes/github-fake.js'
import { agentInputs } from '../fakes/inputs.js'
import type { ServiceEmulator } from '../fakes/service-emulator.js'
import { DAY_MS } from '../src/shared/duration.js'

/** How the demo prints: its section rule, a run's log, outputs and summary, indented text. */
export interface DemoPrinter {
  rule: (title: string) => void
  showRun: (run: BundleRun) => void
  indent: (text: string) => string
}

const CODE = { owner: 'acme', repo: 'api' }
const TRACKING_ISSUE = 50
const DOCS_PR = { owner: 'acme', repo: 'docs-site', number: 7 }
const DOCS_PR_URL = `https://github.com/${DOCS_PR.owner}/${DOCS_PR.repo}/pull/${DOCS_PR.number}`
const HOUR_MS = DAY_MS / 24

/** A merged pull request of acme/api, `hoursAgo` before now (to the second, as GitHub gives it). */
interface Merge extends Partial<FakeIssue> {
  number: number
  title: string
  hoursAgo: number
  files: NonNullable<FakeIssue['files']>
}

const source = (filename: string, patch: string) => ({
  filename,
  additions: 9,
  deletions: 2,
  patch
})

const WEEK: Merge[] = [
  {
    number: 101,
    title: 'Send rate-limit headers on every response',
    body: 'Every response now carries `X-RateLimit-Limit` and `X-RateLimit-Remaining`.',
    labels: ['api'],
    hoursAgo: 6 * 24,
    files: [source('src/middleware/rate-limit.ts', '@@ -3 +3,2 @@\n+  res.set(headers(limit))')]
  },
  {
    number: 102,
    title: 'Bump eslint from 9.1.0 to 9.2.0',
    user: 'dependabot[bot]',
    hoursAgo: 5 * 24,
    files: [{ filename: 'package.json', additions: 1, deletions: 1 }]
  },
  {
    number: 103,
    title: 'Refactor the request logger',
    labels: ['no-docs'],
    hoursAgo: 4 * 24,
    files: [source('src/logger.ts', '@@ -1 +1 @@\n-const log = console\n+const log = pino()')]
  },
  {
    number: 104,
    title: 'Fix typos in the README',
    hoursAgo: 3 * 24,
    files: [{ filename: 'README.md', additions: 3, deletions: 3 }]
  },
  {
    number: 105,
    title: 'Add GET /export for CSV exports',
    body: 'Streams every page as CSV. Takes `from` and `to` (dates).',
    labels: ['api'],
    hoursAgo: 2 * 24,
    files: [source('src/routes/export.ts', "@@ -0,0 +1 @@\n+app.get('/export', exportPages)")]
  },
  {
    number: 106,
    title: 'Webhooks: retry failed deliveries up to 5 times',
    body: 'With exponential backoff from 30 s. `retries: 0` on the endpoint turns it off.',
    hoursAgo: 24,
    files: [
      source('src/webhooks/deliver.ts', '@@ -8 +8 @@\n-const RETRIES = 0\n+const RETRIES = 5')
    ]
  }
]

/** Merged after the first digest's last one: the next digest's. */
const LATER: Merge[] = [
  {
    number: 108,
    title: 'Add the `include` query parameter to GET /pages',
    body: '`include=drafts` lists unpublished pages too.',
    hoursAgo: 3,
    files: [source('src/routes/pages.ts', '@@ -4 +4 @@\n+  const include = req.query.include')]
  },
  {
    number: 109,
    title: 'Webhooks: sign each delivery with HMAC-SHA256',
    body: 'The signature is in `X-Acme-Signature`; the secret is per endpoint.',
    hoursAgo: 1,
    files: [source('src/webhooks/sign.ts', '@@ -0,0 +1 @@\n+export function sign(body) {}')]
  }
]

function addMerges(github: GitHubFake, merges: Merge[]): void {
  for (const { number, hoursAgo, ...rest } of merges) {
    const at = new Date(Math.floor((Date.now() - hoursAgo * HOUR_MS) / 1000) * 1000)
    github.addIssue(CODE.owner, CODE.repo, {
      number,
      user: 'dev',
      pull_request: true,
      base: 'main',
      merged: {
        sha: String(number).padStart(40, 'd'),
        by: 'maintainer',
        at: at.toISOString().replace('.000Z', 'Z')
      },
      ...rest
    })
    const who = rest.user ?? 'dev'
    const labels = rest.labels?.length ? ` [${rest.labels.join(', ')}]` : ''
    const files = rest.files.map(f => f.filename).join(', ')
    console.log(`  #${number} by ${who}${labels}: ${rest.title} (${files})`)
  }
}

/** The digest step of a scheduled workflow in acme/api, as examples/docs-digest.yml sets it up. */
function digestRun(emulator: ServiceEmulator, github: GitHubFake, runId: string) {
  return runBundle('dist/index.js', {
    eventName: 'schedule',
    event: { schedule: '0 6 * * 1-5', repository: { default_branch: 'main' } },
    inputs: agentInputs(emulator, github, {
      digest: 'true',
      'issue-number': String(TRACKING_ISSUE),
      'digest-max-pulls': '50',
      // What the runner passes from action.yml's defaults: the parser keeps empty for these.
      'skip-label': 'no-docs',
      'ignore-paths': '**/*.md\n**/*.mdx\ndocs.json\nmint.json',
      'include-diff': 'true'
    }),
    env: {
      GITHUB_API_URL: github.url,
      GITHUB_REPOSITORY: `${CODE.owner}/${CODE.repo}`,
      GITHUB_WORKFLOW: 'Docs digest',
      GITHUB_RUN_ID: runId
    }
  })
}

/** Runs the story; false when something did not happen as it should. */
export async function demoDigest(
  { emulator, github }: { emulator: ServiceEmulator; github: GitHubFake },
  { rule, showRun, indent }: DemoPrinter
): Promise<boolean> {
  rule('Docs digest: a week of merges → one agent job and one docs PR; the next digest adds to it')
  github.addIssue(CODE.owner, CODE.repo, { number: TRACKING_ISSUE, title: 'Docs digests' })
  github.addIssue(DOCS_PR.owner, DOCS_PR.repo, {
    number: DOCS_PR.number,
    pull_request: true,
    title: 'Docs: rate-limit headers, CSV export, webhook retries'
  })
  console.log(
    'merged into acme/api main this week (dependabot, no-docs and the README-only PR are skipped):'
  )
  addMerges(github, WEEK)
  emulator.scriptJobs({ activePolls: 1, outcome: 'completed', prLink: DOCS_PR_URL })
  const servedBefore = emulator.requests.length
  console.log('\nthe scheduled digest runs (digest: true, issue-number: 50):')
  const first = await digestRun(emulator, github, '6001')
  showRun(first)
  const created = emulator.requestsTo('POST', /\/job$/).at(-1)
  console.log('\nthe one prompt the agent received for the week:')
  console.log(indent(String((created?.body as { prompt?: string } | undefined)?.prompt)))
  const tracking = () => github.comments(CODE.owner, CODE.repo, TRACKING_ISSUE)
  console.log(`\nthe digest's tracking comment on acme/api#${TRACKING_ISSUE}:`)
  console.log(indent(tracking().at(-1)?.body ?? '(none)'))
  showNotes(github, { merges: WEEK, indent })
  console.log(`\nthe back-link on the docs pull request ${DOCS_PR_URL}:`)
  for (const comment of github.comments(DOCS_PR.owner, DOCS_PR.repo, DOCS_PR.number)) {
    console.log(indent(comment.body))
  }
  cleanUp(first)

  console.log('\ntwo more pull requests are merged; the docs PR is still open for review:')
  addMerges(github, LATER)
  console.log('\nthe next scheduled digest:')
  const second = await digestRun(emulator, github, '6002')
  showRun(second)
  console.log(`\nits tracking comment on acme/api#${TRACKING_ISSUE}:`)
  console.log(indent(tracking().at(-1)?.body ?? '(none)'))
  showNotes(github, { merges: LATER, indent })
  cleanUp(second)

  console.log(
    '\nrequests the Mintlify emulator received for the two digests (one create, one message):'
  )
  const served = emulator.requests.slice(servedBefore)
  for (const request of served) console.log(`    ${request.method} ${request.path}`)
  const messages = served.filter(r => r.method === 'POST' && /\/message$/.test(r.path))
  const creates = served.filter(r => r.method === 'POST' && /\/job$/.test(r.path))
  return (
    first.exitCode === 0 &&
    second.exitCode === 0 &&
    first.outputs['digest-pulls'] === '3' &&
    first.outputs['digest-skipped'] === '3' &&
    first.outputs['pr-url'] === DOCS_PR_URL &&
    second.outputs['digest-pulls'] === '2' &&
    second.outputs['job-id'] === first.outputs['job-id'] &&
    creates.length === 1 &&
    messages.length === 1 &&
    tracking().length === 2
  )
}

/** The note each code PR of a digest got (a skipped PR gets none). */
function showNotes(
  github: GitHubFake,
  { merges, indent }: { merges: Merge[]; indent: (text: string) => string }
): void {
  console.log('\nthe notes on the code pull requests:')
  for (const { number } of merges) {
    const note = github.comments(CODE.owner, CODE.repo, number).at(-1)?.body
    console.log(`  #${number}: ${note ? '' : '(no note: skipped by a guard)'}`)
    if (note) console.log(indent(indent(note)))
  }
}
