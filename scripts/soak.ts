/**
 * `npm run soak [-- --months N --seed S --quiet --no-sweep]`: a year (or N months) of a busy
 * repository, in process and in virtual time, against the fakes; a table a month (and the triggers
 * of a digest of automations against one a merge), then the nine invariants of the design's "The
 * soak" (the eighth: dry runs leave no trace; the ninth: a digest of automations triggers one run at
 * a time). `--no-sweep`: a team that never set the sweep up (nothing
 * detaches; invariant 3 covers the digest records, each finished by the next digest). Exit 0 when
 * they all hold, 1 when one breaks (each break names its run, the seed and the fault).
 */
import { parseArgs } from 'node:util'
import { Soak } from './soak/harness.js'
import { Random } from './soak/random.js'
import { drawScenario, monthOf } from './soak/scenario.js'
import { seedRepository } from './soak/specs.js'
import { faultLine, monthlyStats, monthTable } from './soak/table.js'
import { runYear } from './soak/year.js'
import { EndWatch } from './soak/jobs.js'
import { verdict } from './soak/verdict.js'
import { drawAutomations, seedAutomations } from './soak/automations.js'
import { DryRuns } from './soak/dry-runs.js'
import {
  drawAutomationDigests,
  seedDigestAutomation,
  triggersLine
} from './soak/automation-digests.js'

const DEFAULT_SEED = 20270101

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      months: { type: 'string', default: '12' },
      seed: { type: 'string', default: String(DEFAULT_SEED) },
      quiet: { type: 'boolean', default: false },
      'no-sweep': { type: 'boolean', default: false }
    }
  })
  const months = Number(values.months)
  const seed = Number(values.seed)
  if (!Number.isInteger(months) || months < 1) throw new Error('--months takes a whole number ≥ 1')
  if (!Number.isInteger(seed)) throw new Error('--seed takes a whole number')
  const started = performance.now()
  const random = new Random(seed)
  const sweep = !values['no-sweep']
  const drawn = drawScenario(random.fork(), months, sweep)
  const soak = await Soak.start()
  const say = (line: string) => values.quiet || console.error(line)
  const watch = new EndWatch(soak, sweep)
  const jitter = random.fork()
  soak.random = () => jitter.next()
  const yearRandom = random.fork()
  const automations = drawAutomations(random.fork(), drawn.merges, months)
  const dryRuns = new DryRuns(random.fork(), drawn)
  const automationDigests = drawAutomationDigests(random.fork(), drawn.merges, months)
  const scenario = { ...drawn, automations, dryRuns, automationDigests }
  try {
    seedRepository(soak)
    seedAutomations(soak.emulator)
    seedDigestAutomation(soak.emulator)
    await runYear(soak, scenario, yearRandom, {
      afterRun: record => watch.afterRun(record),
      onMonth: m => say(`month ${m + 1} … (${((performance.now() - started) / 1000).toFixed(0)} s)`)
    })
  } catch (error) {
    await soak.close()
    throw error
  }
  const stats = monthlyStats(soak.records, months)
  for (const [m, month] of stats.entries()) {
    const inMonth = (r: { at: number }) => monthOf(r.at, months) === m
    const requests = scenario.requests.filter(inMonth).length
    const automations = scenario.automations.filter(inMonth).length
    const merges = scenario.merges.filter(inMonth)
    const triggers = triggersLine(soak.records.filter(inMonth), merges)
    console.log([...monthTable(m, month, requests, automations), '', triggers, ''].join('\n'))
  }
  console.log(`${faultLine(soak.records)}\n`)
  const result = verdict(soak, scenario, { stats, watch, seed })
  await soak.close()
  console.log(result.lines.join('\n'))
  const contract = soak.emulator.contractViolations
  if (contract.length > 0) {
    console.log(
      `\nOutside the service's contract: ${contract.length} exchanges; the first: ${contract[0]}`
    )
  }
  const wall = ((performance.now() - started) / 1000).toFixed(1)
  console.log(
    `\nSeed ${seed}, ${months} months${sweep ? '' : ' without the sweep'}, ${soak.records.length} runs, ${wall} s of wall time.`
  )
  process.exitCode = result.ok ? 0 : 1
}

await main()
