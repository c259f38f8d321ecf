/** The month table: per kind of run, how many, the agent uses, and the requests per run (median, max). */
import { RUN_KINDS, type RunKind, type RunRecord } from './harness.js'
import { monthOf } from './scenario.js'

interface KindStats {
  runs: number
  faulted: number
  uses: number
  github: { median: number; max: number }
  service: { median: number; max: number }
  githubBeyond: { median: number; max: number }
  serviceBeyond: { median: number; max: number }
  /** Real seconds the runs took together. */
  wallSeconds: number
}

export type MonthStats = Map<RunKind, KindStats>

function median(values: number[]): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

function statsOf(records: RunRecord[]): KindStats {
  const spread = (values: number[]) => ({ median: median(values), max: Math.max(0, ...values) })
  return {
    runs: records.length,
    faulted: records.filter(r => r.struck !== undefined).length,
    // An automation's trigger is a paid run, as a create is.
    uses: records.reduce((sum, r) => sum + r.uses + r.triggers, 0),
    github: spread(records.map(r => r.github)),
    service: spread(records.map(r => r.service)),
    githubBeyond: spread(records.map(r => r.githubBeyond)),
    serviceBeyond: spread(records.map(r => r.serviceBeyond)),
    wallSeconds: records.reduce((sum, r) => sum + r.wallMs, 0) / 1000
  }
}

/** The stats of each month (0-based) and kind, by the month a run started in. */
export function monthlyStats(records: RunRecord[], months: number): MonthStats[] {
  return Array.from({ length: months }, (_, m) => {
    const inMonth = records.filter(r => monthOf(r.at, months) === m)
    return new Map(RUN_KINDS.map(kind => [kind, statsOf(inMonth.filter(r => r.kind === kind))]))
  })
}

const spread = (s: { median: number; max: number }): string => `${s.median} / ${s.max}`

/** One Markdown table for a month (requests a run: median / max). */
export function monthTable(
  month: number,
  stats: MonthStats,
  requests: number,
  automations = 0
): string[] {
  const lines = [
    `Month ${month + 1} (${requests} people's requests, ${automations} automation requests)`,
    '',
    '| run | runs | faulted | agent uses | GitHub requests a run | beyond per-item | service requests a run | beyond polls | real s |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |'
  ]
  let runs = 0
  let uses = 0
  for (const [kind, s] of stats) {
    runs += s.runs
    uses += s.uses
    lines.push(
      `| ${kind} | ${s.runs} | ${s.faulted} | ${s.uses} | ${spread(s.github)} | ${spread(s.githubBeyond)} | ${spread(s.service)} | ${spread(s.serviceBeyond)} | ${s.wallSeconds.toFixed(1)} |`
    )
  }
  lines.push(`| all | ${runs} | | ${uses} | | | | | |`)
  return lines
}

/** How many runs each fault reached, over the whole soak. */
export function faultLine(records: RunRecord[]): string {
  const counts = new Map<string, number>()
  for (const r of records) {
    if (r.struck && r.fault) counts.set(r.fault.fault, (counts.get(r.fault.fault) ?? 0) + 1)
  }
  const parts = [...counts].sort((a, b) => b[1] - a[1]).map(([fault, n]) => `${fault} ${n}`)
  const drawn = records.filter(r => r.fault).length
  return `Faults drawn for ${drawn} runs; reached: ${parts.join(', ') || 'none'}.`
}
