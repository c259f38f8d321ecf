/**
 * A merged PR delivered twice at once to the automation workflow: the first run in process, and
 * when its trigger is on its way (its claim written, still `pending`; the trigger answered 429,
 * Retry-After 1 s) the second delivery, a new run, as the committed bundle in a child process
 * (overlap.ts). The second finds the first run's claim and leaves the request to it: one trigger.
 * The child's requests and jobs count to the first run; its record names it, for invariant 7.
 */
import type { ActionRunSpec } from '../../fakes/action-env.js'
import { automationSpec, type AutomationRun } from './automations.js'
import type { RunRecord, Soak } from './harness.js'
import { BesideRun } from './overlap.js'
import { GUARDS, type Fakes } from './specs.js'

const TRIGGER = /^\/v1\/workflow\/[^/]+\/[^/]+\/trigger$/

export async function runAutomationPair(
  soak: Soak,
  at: number,
  run: AutomationRun,
  fakes: Fakes
): Promise<RunRecord> {
  const spec = automationSpec(fakes, run, GUARDS)
  let runId = ''
  const childSpec = (): ActionRunSpec => {
    runId = soak.newRunId()
    const env = { GITHUB_API_URL: fakes.github.url, GITHUB_RUN_ID: runId }
    return { eventName: spec.eventName, event: spec.event, inputs: spec.inputs, env }
  }
  const beside = new BesideRun(childSpec, TRIGGER)
  const first = await soak.run(at, { ...spec, about: `${spec.about}, delivered twice` }, beside)
  const child = await beside.finished()
  if (child) {
    soak.keep({
      ...first,
      runId,
      about: `${spec.about}, its second delivery at once beside run ${first.runId}`,
      at: child.at,
      end: child.end,
      ...{ github: 0, service: 0, githubBeyond: 0, serviceBeyond: 0, uses: 0 },
      exitCode: child.run.exitCode,
      outputs: child.run.outputs,
      fault: undefined,
      struck: undefined,
      ...{ killed: false, lostCreate: false, jobs: [], triggers: 0 },
      wallMs: child.wallMs
    })
  }
  return first
}
