/**
 * Automation runs over the fakes: a project with the automation `update-docs`, the triggers the
 * service received, and a trigger answered with a fault.
 */
import { expect } from '@jest/globals'
import type { ActionRunResult } from '../../fakes/action-env.js'
import type { Fault } from '../../fakes/service-emulator.js'
import { addMergedPull, CODE_CHANGE_DEFAULTS, mergedPullSpec } from './code-change.js'
import { runAgent, useWorld, type World } from './world.js'

export const AUTOMATION = 'update-docs'

/**
 * The shared world, its project holding AUTOMATION, with its automation helpers: the triggers the
 * service received (oldest first), the next trigger answered with a fault, and "refused once, sent
 * again at least `waitMs` later, and the automation ran once".
 */
export function useAutomationWorld() {
  const world = useWorld(w => w.svc.platform.addAutomation(AUTOMATION))
  const triggers = () => world().svc.requestsTo('POST', /^\/v1\/workflow\/[^/]+\/[^/]+\/trigger$/)
  return {
    world,
    triggers,
    failNextTrigger(fault: Fault): void {
      world().svc.inject({ method: 'POST', path: /\/trigger$/, fault })
    },
    expectTriggeredOnceAfter(waitMs: number): void {
      const [first, second] = triggers()
      expect(second.at - first.at).toBeGreaterThanOrEqual(waitMs)
      expect(world().svc.platform.automationRuns).toHaveLength(1)
    }
  }
}

/**
 * A run of the merged PR #12 (added again each time: a re-run or a second delivery of the same
 * event) with `automation`, as attempt `attempt`.
 */
export function runAutomationAttempt(
  world: World,
  inputs: Record<string, string> = {},
  attempt = 1
): Promise<ActionRunResult> {
  const pull = addMergedPull(world)
  return runAgent(world, {
    ...mergedPullSpec(pull),
    inputs: { ...CODE_CHANGE_DEFAULTS, automation: AUTOMATION, ...inputs },
    env: { GITHUB_RUN_ATTEMPT: String(attempt) }
  })
}
