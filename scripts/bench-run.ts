/**
 * What the bench sections share: one run of the agent action in process, in virtual time, against
 * the fakes; and a section printed alone (`npm run bench -- --only <section>`).
 */
import { cleanUp, runInProcess, type ActionRunResult } from '../fakes/action-env.js'
import type { GitHubFake } from '../fakes/github-fake.js'
import type { ServiceEmulator } from '../fakes/service-emulator.js'
import { VirtualTime } from '../fakes/virtual-time.js'
import { run as runAgent } from '../src/agent/main.js'

/** A section of BENCHMARKS.md, and whether each of its targets was met. */
export interface BenchTable {
  lines: string[]
  ok: boolean
}

export interface AgentRunAt {
  eventName: string
  event?: unknown
  inputs: Record<string, string>
  /** The workflow run's id (GITHUB_RUN_ID). */
  runId: string
}

/** One run of the agent action at `at`, as its own workflow run; throws when it fails. */
export async function runAgentAt(
  { emulator, github }: { emulator: ServiceEmulator; github: GitHubFake },
  at: number,
  { eventName, event, inputs, runId }: AgentRunAt
): Promise<ActionRunResult> {
  const time = VirtualTime.install(at)
  try {
    const result = await runInProcess(
      { eventName, event, inputs, env: { GITHUB_API_URL: github.url, GITHUB_RUN_ID: runId } },
      () =>
        time.drive(runAgent({ requestTimeoutMs: 5_000, handleSignals: false }), [
          emulator.traffic,
          github.traffic
        ])
    )
    cleanUp(result)
    if (result.exitCode !== 0) throw new Error(`bench run ${runId} failed:\n${result.stdout}`)
    return result
  } finally {
    time.uninstall()
  }
}

/** Prints the table alone with its verdict, and exits (never written to BENCHMARKS.md). */
export async function printAlone(table: Promise<BenchTable>): Promise<never> {
  const { lines, ok } = await table
  console.log(lines.join('\n'))
  console.log(ok ? 'All targets met.' : 'Some targets were missed (marked **no**).')
  process.exit(0)
}
