/**
 * The views per day's requests, for `npm run bench`: the analytics action in process against the
 * fakes, a week and a month, with and without `compare: previous`, the same export with `chart: false`
 * (no points) and with the chart (one `limit=1` request a day, each period). 1,000 pages a period.
 */
import { cleanUp, runInProcess } from '../fakes/action-env.js'
import { serviceInputs } from '../fakes/inputs.js'
import { ServiceEmulator } from '../fakes/service-emulator.js'
import { VirtualTime } from '../fakes/virtual-time.js'
import { run as runAnalytics } from '../src/analytics/main.js'
import type { BenchTable } from './bench-run.js'

const PAGES = 1_000
const NOW = Date.parse('2024-03-31T12:00:00Z')
const RANGES = [
  { name: 'a week', days: 7 },
  { name: 'a month', days: 30 }
]

const dayBefore = (days: number): string =>
  new Date(NOW - days * 86_400_000).toISOString().slice(0, 10)

async function requests(inputs: Record<string, string>, days: number): Promise<number> {
  const emulator = await ServiceEmulator.start()
  try {
    emulator.generatePageViews(PAGES, dayBefore(days))
    emulator.generatePageViews(PAGES, dayBefore(2 * days), 1)
    const time = VirtualTime.install(NOW)
    try {
      const all = { ...serviceInputs(emulator), format: 'csv', ...inputs }
      const result = await runInProcess({ inputs: all }, () =>
        time.drive(runAnalytics({ requestTimeoutMs: 5_000 }), [emulator.traffic])
      )
      if (result.exitCode !== 0) throw new Error(`the export failed:\n${result.stdout}`)
      cleanUp(result)
    } finally {
      time.uninstall()
    }
    return emulator.requests.length
  } finally {
    await emulator.close()
  }
}

export async function dailyTable(): Promise<BenchTable> {
  const lines = [
    '| range | `compare` | requests without the chart → with it | per-day reads (expected: a day each period) | of 100 | met |',
    '| --- | --- | --- | --- | --- | --- |'
  ]
  let ok = true
  for (const { name, days } of RANGES) {
    for (const compare of [false, true]) {
      const range = {
        'date-from': `-${days}d`,
        'date-to': '-0d',
        ...(compare ? { compare: 'previous' } : {})
      }
      const without = await requests({ ...range, chart: 'false' }, days)
      const withChart = await requests(range, days)
      const expected = days * (compare ? 2 : 1)
      const met = withChart - without === expected && withChart <= 100
      ok &&= met
      lines.push(
        `| ${name} (${days} days) | ${compare ? '`previous`' : '`none`'} | ${without} → ${withChart} | ` +
          `${withChart - without} (${expected}) | ${withChart} | ${met ? 'yes' : '**no**'} |`
      )
    }
  }
  lines.push(
    '',
    `${PAGES.toLocaleString('en-US')} pages in each period (⌈N/250⌉ = 4 requests a period). Each point is one \`limit=1\` read of a day's totals; ` +
      'past 31 days a point is a week. When the export leaves fewer requests than the points need, the chart is left out in one line and nothing else changes.'
  )
  return { lines, ok }
}
