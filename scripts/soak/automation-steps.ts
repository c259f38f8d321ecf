/**
 * The automation workflow's runs in the year's steps: each at its time, and the same event again
 * where it comes again (a second delivery seconds later: a new run; a re-run minutes later: the same
 * run id, attempt 2), or a re-run of a run a fault reached, if someone re-runs it.
 */
import { automationSpec, RERUN_AFTER, type AutomationRun } from './automations.js'
import type { RunRecord } from './harness.js'
import { GUARDS } from './specs.js'
import type { Runner, Step } from './runner.js'

export function automationSteps(
  runs: AutomationRun[],
  {
    fakes,
    runOne,
    runAutomationPair
  }: Required<Pick<Runner, 'fakes' | 'runOne' | 'runAutomationPair'>>
): Step[] {
  return runs.flatMap(run => {
    let first: RunRecord | undefined
    const spec = () => automationSpec(fakes, run, GUARDS)
    const once = (start: number) =>
      run.atOnce ? runAutomationPair(start, run) : runOne(start, spec())
    const steps: Step[] = [{ at: run.at, run: async start => (first = await once(start)).end }]
    const again = run.again
    if (again || run.rerunAfterFault) {
      steps.push({
        at: run.at + (again?.after ?? RERUN_AFTER),
        run: async start => {
          if (!first || (!again && first.struck === undefined)) return start
          const rerun = again?.kind !== 'second delivery'
          const repeated = rerun ? { runId: first.runId, attempt: '2' } : {}
          const about = `${spec().about}, ${rerun ? 're-run' : 'second delivery'}`
          return (await runOne(start, { ...spec(), ...repeated, about })).end
        }
      })
    }
    return steps
  })
}
