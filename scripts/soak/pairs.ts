/**
 * The pairs of requests on one issue at once (overlap.ts runs them), and their half of invariant 2:
 * no issue or PR conversation has two jobs from requests that overlapped (one job a thread). Read
 * from the fakes: the pair's tracking comments name one job, and the service got the second
 * request's follow-up on it; except after an unanswered create.
 */
import type { ActionRunSpec } from '../../fakes/action-env.js'
import type { RunRecord, Soak } from './harness.js'
import { BesideRun, type BesideResult } from './overlap.js'
import type { PersonRequest } from './scenario.js'
import { requestSpec, type Fakes } from './specs.js'
import { describeRun, trackingComments, type Violation } from './state.js'

/** The first request in process, the second beside it in a child; returns when both ended. */
export async function runPair(
  soak: Soak,
  at: number,
  requests: { first: PersonRequest; second: PersonRequest },
  fakes: Fakes,
  setup: { detach: boolean }
): Promise<RunRecord> {
  const { first, second } = requests
  let runId = ''
  const childSpec = (start: number): ActionRunSpec => {
    runId = soak.newRunId()
    // GitHub stamps the label to the second.
    const at = Math.floor(start / 1000) * 1000
    const { eventName, event, inputs } = requestSpec(fakes, { ...second, at }, setup)
    const env = { GITHUB_API_URL: fakes.github.url, GITHUB_RUN_ID: runId }
    // It returns once its job is asked for (`wait: false`): its clock runs at real speed, and the
    // sweep finishes its comment as it does any detached run's.
    return { eventName, event, inputs: { ...inputs, wait: 'false' }, env }
  }
  const beside = new BesideRun(childSpec)
  const record = await soak.run(at, requestSpec(fakes, first, setup), beside)
  const child = await beside.finished()
  if (child) {
    const kept = childRecord(
      runId,
      child,
      `${second.kind} #${second.number} beside run ${record.runId}`
    )
    soak.keep(kept)
    soak.pairs.push({ number: first.number, first: record, second: kept })
  }
  return record
}

/** The child's run; its requests, uses and jobs count to the run it ran beside. */
function childRecord(runId: string, child: BesideResult, about: string): RunRecord {
  return {
    runId,
    kind: 'request',
    about,
    at: child.at,
    end: child.end,
    github: 0,
    service: 0,
    githubBeyond: 0,
    serviceBeyond: 0,
    uses: 0,
    exitCode: child.run.exitCode,
    outputs: child.run.outputs,
    killed: false,
    lostCreate: false,
    jobs: [],
    triggers: 0,
    wallMs: child.wallMs
  }
}

export function checkOneJobAThread(soak: Soak): { violations: Violation[]; excused: string[] } {
  const violations: Violation[] = []
  const excused: string[] = []
  const tracking = trackingComments(soak.github)
  for (const pair of soak.pairs) {
    const runs = new Set([pair.first.runId, pair.second.runId])
    const ours = tracking.filter(
      t => t.comment.issueNumber === pair.number && runs.has(t.marker.run ?? '')
    )
    const jobs = [...new Set(ours.flatMap(t => (t.marker.job ? [t.marker.job] : [])))]
    const keys = ours.map(t => t.marker.request).join(' and ')
    const where = `issue #${pair.number} (requests ${keys || 'none'})`
    let text: string | undefined
    if (jobs.length > 1) text = `${where} has ${jobs.length} jobs: ${jobs.join(', ')}`
    else if (ours.length < 2 || jobs.length === 0) {
      text = `${where}: ${ours.length} tracking comments naming ${jobs.length} jobs, not two naming one`
    } else if ((soak.emulator.job(jobs[0])?.messages.length ?? 0) === 0) {
      text = `${where} share ${jobs[0]}, but the service got no follow-up on it`
    }
    if (text === undefined) continue
    if (pair.first.lostCreate) excused.push(`${text}, after ${describeRun(pair.first)}`)
    else violations.push({ invariant: 2, text, run: pair.second })
  }
  return { violations, excused }
}
