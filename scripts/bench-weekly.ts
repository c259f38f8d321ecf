/**
 * The weekly report's service requests, for `npm run bench` (`-- --only weekly` alone): the analytics
 * action in process against the fakes, in virtual time, for a site of 500 / 5,000 / 25,000 pages
 * (scripts/bench-weekly-site.ts). Today's recipe is four steps, each with its own budget of 100, while
 * the service allows 100 requests an hour for the whole organization: the steps run one after another
 * against one emulator, and the running sum says which step's request would be the hour's 101st (the
 * emulator answers every request, so the 429 is computed, not met). One step reads the four datasets
 * under one budget of 100 and says what it left out.
 */
import { basename } from 'node:path'
import { cleanUp, runInProcess } from '../fakes/action-env.js'
import { GitHubFake } from '../fakes/github-fake.js'
import { serviceInputs } from '../fakes/inputs.js'
import { ServiceEmulator } from '../fakes/service-emulator.js'
import { VirtualTime } from '../fakes/virtual-time.js'
import { run as runAnalytics } from '../src/analytics/main.js'
import type { BenchTable } from './bench-run.js'
import { ISSUE, NOW, seedWeeklySite } from './bench-weekly-site.js'

const SIZES = [500, 5_000, 25_000]
/** The organization's analytics requests an hour. */
const HOURLY = 100
const WEEK = { 'date-from': '-7d', 'date-to': '-0d' }

/** examples/weekly-docs-report.yml before it became one step: its four analytics steps. */
const FOUR_STEPS: { id: string; inputs: Record<string, string> }[] = [
  { id: 'views', inputs: { compare: 'previous', impact: 'true', format: 'csv' } },
  { id: 'searches', inputs: { dataset: 'searches' } },
  { id: 'feedback', inputs: { dataset: 'feedback' } },
  { id: 'assistant', inputs: { dataset: 'assistant' } }
]

const ONE_STEP = {
  dataset: 'views, searches, feedback, assistant',
  compare: 'previous',
  impact: 'true',
  format: 'csv'
}

interface Site {
  emulator: ServiceEmulator
  github: GitHubFake
}

interface StepRun {
  exitCode: number
  /** Service requests the step made. */
  requests: number
  outputs: Record<string, string>
  /** The step's error line (`::error::…`), when it failed. */
  error: string
}

async function withSite<T>(pages: number, measure: (site: Site) => Promise<T>): Promise<T> {
  const [emulator, github] = await Promise.all([ServiceEmulator.start(), GitHubFake.start()])
  try {
    seedWeeklySite({ emulator, github }, pages)
    return await measure({ emulator, github })
  } finally {
    await Promise.all([emulator.close(), github.close()])
  }
}

/** One analytics step of the weekly workflow: the recipe's dates, token and issue. */
async function runStep(
  { emulator, github }: Site,
  inputs: Record<string, string>
): Promise<StepRun> {
  const before = emulator.requests.length
  const all = {
    ...serviceInputs(emulator),
    ...WEEK,
    'github-token': github.token,
    'issue-number': String(ISSUE),
    ...inputs
  }
  const time = VirtualTime.install(NOW)
  try {
    const result = await runInProcess({ inputs: all, env: { GITHUB_API_URL: github.url } }, () =>
      time.drive(runAnalytics({ requestTimeoutMs: 5_000 }), [emulator.traffic, github.traffic])
    )
    cleanUp(result)
    const error = /^::error[^:]*::(.*)$/m.exec(result.stdout)?.[1] ?? ''
    const requests = emulator.requests.length - before
    return { exitCode: result.exitCode, requests, outputs: result.outputs, error }
  } finally {
    time.uninstall()
  }
}

const count = (n: number): string => n.toLocaleString('en-US')

/** Today: the four steps one after another, within the hour; the first that fails ends the job. */
async function fourStepsRow(pages: number): Promise<string> {
  return withSite(pages, async site => {
    const cells: string[] = []
    let sum = 0
    let failed = ''
    for (const step of FOUR_STEPS) {
      const run = await runStep(site, step.inputs)
      const ownBudget = run.exitCode !== 0
      cells.push(ownBudget ? `${run.requests} ✗` : String(run.requests))
      if (!failed && ownBudget) {
        failed = `${step.id}: its own ${HOURLY} requests ran out`
      } else if (!failed && sum + run.requests > HOURLY) {
        failed = `${step.id}: its request ${HOURLY - sum + 1} is the hour's ${HOURLY + 1}st (a 429)`
      }
      sum += run.requests
    }
    return `| ${count(pages)} | ${cells.join(' | ')} | ${sum} | ${failed || 'none'} |`
  })
}

/** An error's first sentence (after a leading `views: `), for a table cell. */
function firstSentence(error: string): string {
  const name = /^[a-z]+: /.exec(error)?.[0] ?? ''
  const rest = error.slice(name.length)
  const end = rest.search(/[.:](\s|$)/)
  return name + (end < 0 ? rest : rest.slice(0, end))
}

/** The step failed before reading anything, on its `dataset` input: the list is not read yet. */
function needsOneStep(run: StepRun): boolean {
  return run.exitCode !== 0 && run.requests === 0 && /\binput\b.*\bdataset\b/i.test(run.error)
}

/** One step, one budget: `requests` of 100, the `left-out` sections, the `files` written. */
async function oneStepRow(pages: number): Promise<{ line: string; ok: boolean }> {
  return withSite(pages, async site => {
    const run = await runStep(site, ONE_STEP)
    if (needsOneStep(run)) {
      return {
        line: `| ${count(pages)} | needs the one-step analytics | — | — | — | **no** (not measured) |`,
        ok: false
      }
    }
    const lines = (name: string): string[] => (run.outputs[name] ?? '').split('\n').filter(Boolean)
    const leftOut = lines('left-out').join('; ') || 'none'
    const files = lines('files').map(file => `\`${basename(file)}\``)
    const outcome = run.exitCode === 0 ? 'done' : `failed: ${firstSentence(run.error)}`
    // The promise: never past the budget (so never a 429 of its own), and `requests` tells the truth.
    const ok = run.requests <= HOURLY && Number(run.outputs.requests) === run.requests
    return {
      line: `| ${count(pages)} | ${run.outputs.requests ?? '?'} (${run.requests} seen) | ${leftOut} | ${files.join(', ') || 'none'} | ${outcome} | ${ok ? 'yes' : '**no**'} |`,
      ok
    }
  })
}

export async function weeklyTable(): Promise<BenchTable> {
  const lines = [
    `Today's four steps (examples/weekly-docs-report.yml before it became one step), each with its own budget of ${HOURLY}, run one after another within the hour:`,
    '',
    '| pages | `views` (compare, impact, chart) | `searches` | `feedback` | `assistant` | summed | the step that would fail |',
    '| --- | --- | --- | --- | --- | --- | --- |'
  ]
  for (const pages of SIZES) lines.push(await fourStepsRow(pages))
  lines.push(
    '',
    `One step (\`dataset: ${ONE_STEP.dataset}\`, \`compare: previous\`, \`impact: true\`, CSV, the default \`request-budget\` of ${HOURLY}):`,
    '',
    `| pages | requests of ${HOURLY} (output \`requests\`; the emulator's count) | sections left out (\`left-out\`) | files written (\`files\`) | the step | within the budget, \`requests\` exact |`,
    '| --- | --- | --- | --- | --- | --- |'
  )
  let ok = true
  for (const pages of SIZES) {
    const row = await oneStepRow(pages)
    ok &&= row.ok
    lines.push(row.line)
  }
  lines.push(
    '',
    'A site of N pages: views for N pages this week, the week before and the baseline week before that, N search terms (a fifth of them gaps), ' +
      'N/5 feedback entries, 2N assistant conversations, 12 docs pull requests merged the week before. ' +
      `Service requests only (GitHub's are not counted against the ${HOURLY}). ✗: the step stopped on its own budget. ` +
      'In a workflow the first step that fails ends the job, so the steps after it never run: their figures are what they would have asked for.'
  )
  return { lines, ok }
}
