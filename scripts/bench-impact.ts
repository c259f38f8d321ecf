/**
 * The impact section's extra cost, for `npm run bench`: the analytics action in process against the
 * fakes, the same report with and without `impact: true`, for the `views` dataset (whose views of the
 * range the section shares) and for `searches` (which reads them itself). 10,000 pages a period, 25
 * pull requests merged in the previous period (20 read), 150 older closed ones past it.
 */
import { cleanUp, runInProcess } from '../fakes/action-env.js'
import { GitHubFake } from '../fakes/github-fake.js'
import { serviceInputs } from '../fakes/inputs.js'
import { ServiceEmulator } from '../fakes/service-emulator.js'
import { VirtualTime } from '../fakes/virtual-time.js'
import { run as runAnalytics } from '../src/analytics/main.js'
import type { BenchTable } from './bench-run.js'

const RANGE = { 'date-from': '2024-03-03', 'date-to': '2024-03-10' }
const BASELINE = '2024-02-18'
const PAGES = 10_000

function seed(emulator: ServiceEmulator, github: GitHubFake): void {
  emulator.generatePageViews(PAGES, RANGE['date-from'])
  emulator.generatePageViews(PAGES, BASELINE, 1)
  emulator.setSearches([])
  for (let n = 1; n <= 175; n++) {
    const day = n <= 25 ? `2024-02-${25 + (n % 5)}` : '2024-02-01'
    github.addIssue('acme', 'docs', {
      number: n,
      pull_request: true,
      merged: { sha: n.toString(16).padStart(40, '0'), at: `${day}T10:00:00Z` },
      files: [
        { filename: `docs/page-${n}.mdx`, additions: 1, deletions: 0 },
        { filename: `docs/page-${n + 1}.mdx`, additions: 1, deletions: 0 }
      ]
    })
  }
}

async function measure({
  dataset,
  impact
}: {
  dataset: string
  impact: boolean
}): Promise<{ service: number; github: number }> {
  const [emulator, github] = await Promise.all([ServiceEmulator.start(), GitHubFake.start()])
  try {
    seed(emulator, github)
    const inputs = {
      ...serviceInputs(emulator),
      ...RANGE,
      dataset,
      format: 'csv',
      'github-token': github.token,
      ...(impact ? { impact: 'true' } : {})
    }
    const time = VirtualTime.install(Date.parse('2024-03-10T12:00:00Z'))
    try {
      const result = await runInProcess({ inputs, env: { GITHUB_API_URL: github.url } }, () =>
        time.drive(runAnalytics({ requestTimeoutMs: 5_000 }), [emulator.traffic, github.traffic])
      )
      if (result.exitCode !== 0) throw new Error(`the ${dataset} run failed:\n${result.stdout}`)
      cleanUp(result)
    } finally {
      time.uninstall()
    }
    return { service: emulator.requests.length, github: github.calls.length }
  } finally {
    await Promise.all([emulator.close(), github.close()])
  }
}

export async function impactTable(): Promise<BenchTable> {
  const lines = [
    '| dataset | service requests without → with `impact` | extra (expected) | GitHub calls (expected: 1 listing page, which ends before the period, + 20 files) | met |',
    '| --- | --- | --- | --- | --- |'
  ]
  let ok = true
  const views = Math.ceil(PAGES / 250)
  // views: the range is shared with the export; searches: the section reads it too.
  for (const [dataset, expected] of [
    ['views', views + 2],
    ['searches', 2 * views + 2]
  ] as const) {
    const without = await measure({ dataset, impact: false })
    const withImpact = await measure({ dataset, impact: true })
    const extra = withImpact.service - without.service
    const met = extra === expected && withImpact.github === 21 && without.github === 0
    ok &&= met
    lines.push(
      `| \`${dataset}\` | ${without.service} → ${withImpact.service} | ${extra} (${expected}) | ${withImpact.github} | ${met ? 'yes' : '**no**'} |`
    )
  }
  lines.push(
    '',
    `${PAGES.toLocaleString('en-US')} pages in each period, 25 pull requests merged in the previous period (the latest 20 read) and 150 older ones. ` +
      'The extra requests are the baseline views (⌈N/250⌉), the range views unless the export reads them (`views`), and two `feedback/by-page` reads, within the 100-request budget.'
  )
  return { lines, ok }
}
