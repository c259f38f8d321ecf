/**
 * Reads bounded by what is new, for `npm run bench` (`-- --only reads` prints it alone): the GitHub
 * reads of the tracking issue's comments one digest run makes, on an issue of 100, 1,000 and 10,000
 * comments whose last digest is among the newest 100. The agent action in process, in virtual time,
 * against the fakes.
 */
import { GitHubFake } from '../fakes/github-fake.js'
import { agentInputs } from '../fakes/inputs.js'
import { ServiceEmulator } from '../fakes/service-emulator.js'
import { runAgentAt, type BenchTable } from './bench-run.js'

const DAY = 24 * 60 * 60_000
const START = Date.parse('2026-03-02T00:00:00Z')
const TRACKING_ISSUE = 1
const COMMENTS = `/repos/acme/docs/issues/${TRACKING_ISSUE}/comments`
/** The target: flat, whatever the issue holds. */
const MOST_READS = 3

const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z')

interface Fakes {
  emulator: ServiceEmulator
  github: GitHubFake
}

/** One digest run at `at`, as its own workflow run. */
async function digestAt(fakes: Fakes, at: number, runId: string): Promise<void> {
  const inputs = agentInputs(fakes.emulator, fakes.github, {
    digest: 'true',
    'issue-number': String(TRACKING_ISSUE),
    'digest-since': iso(START).slice(0, 10)
  })
  const event = { schedule: '0 * * * *', repository: { default_branch: 'main' } }
  await runAgentAt(fakes, at, { eventName: 'schedule', event, inputs, runId })
}

function addMerged(github: GitHubFake, number: number, at: number): void {
  github.addIssue('acme', 'docs', {
    number,
    title: `Change ${number}`,
    user: 'dev',
    pull_request: true,
    base: 'main',
    files: [{ filename: `src/change${number}.ts`, additions: 3, deletions: 1 }],
    merged: { sha: String(number).padStart(40, 'a'), at: iso(at) }
  })
}

/** People's comments on the tracking issue, a minute apart from `from`. */
function chatter(github: GitHubFake, count: number, from: number): void {
  for (let i = 0; i < count; i++) {
    const createdAt = iso(from + i * 60_000)
    github.addComment('acme', 'docs', TRACKING_ISSUE, `A word ${i}.`, 'octocat', { createdAt })
  }
}

/**
 * The reads of the second of two digests: people's comments, the first digest's record, 50 more
 * comments since, `total` in all when the second digest starts.
 */
async function readsOfDigest(total: number): Promise<number> {
  const [emulator, github] = await Promise.all([ServiceEmulator.start(), GitHubFake.start()])
  try {
    const fakes = { emulator, github }
    github.addIssue('acme', 'docs', { number: TRACKING_ISSUE, title: 'Docs digests' })
    emulator.setDefaultJobScript({ activePolls: 1, prLink: null })
    chatter(github, total - 51, START - 60 * DAY)
    addMerged(github, 100, START + 60_000)
    await digestAt(fakes, START + DAY, '9001')
    chatter(github, 50, START + DAY + 3_600_000)
    addMerged(github, 101, START + DAY + 7_200_000)
    const before = github.requestsTo('GET', COMMENTS)
    await digestAt(fakes, START + 2 * DAY, '9002')
    const violations = emulator.contractViolations
    if (violations.length > 0) throw new Error(`contract violations:\n${violations.join('\n')}`)
    return github.requestsTo('GET', COMMENTS) - before
  } finally {
    await Promise.all([emulator.close(), github.close()])
  }
}

/** The section of BENCHMARKS.md: the table and what it shows. */
export async function readsTable(): Promise<BenchTable> {
  const lines = ['| comments | conversation reads | target | met |', '| --- | --- | --- | --- |']
  let ok = true
  for (const total of [100, 1_000, 10_000]) {
    const reads = await readsOfDigest(total)
    const met = reads <= MOST_READS
    ok &&= met
    lines.push(
      `| ${total.toLocaleString('en-US')} | ${reads} | ≤ ${MOST_READS} | ${met ? 'yes' : '**no**'} |`
    )
  }
  lines.push(
    '',
    'The second of two daily digests, on a tracking issue whose comments are mostly people’s, its last digest record 50 comments from the newest end. ' +
      'A conversation read is one `GET` of the issue’s comments: page 1 (for its `last` relation) and the last page, read newest first until the newest digest record that is not a claim in flight, then the check that no other run claimed the digest (only the comments posted since that record). ' +
      'Before, each run listed every page twice: 2 × ⌈C/100⌉ reads, 200 on an issue of 10,000 comments.'
  )
  return { lines, ok }
}
