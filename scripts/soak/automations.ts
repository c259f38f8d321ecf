/**
 * The automation workflow of the busy repository: a share of the merged PRs also run the agent with
 * `automation` (the Mintlify automation `update-docs`, whose jobs the agent API shows, or
 * `changelog`, whose jobs it answers 404 for: those runs end `triggered`), following the run,
 * detached after 5 minutes, or not waiting; some get a second delivery or a re-run, one a month
 * both runs at once (automation-pair.ts), and once a month a merge queue lands 7 PRs at once, whose
 * triggers meet the service's 5 a minute. Drawn from the
 * seed before anything runs, month by month (a shorter soak is the longer one's beginning).
 */
import type { GitHubFake } from '../../fakes/github-fake.js'
import { agentInputs } from '../../fakes/inputs.js'
import type { ServiceEmulator } from '../../fakes/service-emulator.js'
import { mergedPullEvent } from '../../fakes/webhooks.js'
import type { RunSpec } from './harness.js'
import type { Random } from './random.js'
import { MINUTE, monthStart, type Merge } from './scenario.js'

/** The share of merged PRs whose automation workflow runs (its `paths:` filter lets them through). */
const AUTOMATION_SHARE = 0.05
/** The merge queue's PRs a month: more triggers within a minute than the service allows (5). */
const TRAIN_SIZE = 7
const VISIBLE = 'update-docs'
const HIDDEN = 'changelog'
/** When a run a fault reached is re-run, if it is. */
export const RERUN_AFTER = 10 * MINUTE

type AutomationMode = 'follow' | 'detach' | 'no-wait'

export interface AutomationRun {
  merge: Merge
  at: number
  automation: typeof VISIBLE | typeof HIDDEN
  mode: AutomationMode
  /** The same event again: GitHub delivers it twice (a new run), or someone re-runs the run. */
  again?: { kind: 'second delivery' | 're-run'; after: number }
  /** Someone re-runs it 10 minutes later if a fault reached it (and nothing else runs it again). */
  rerunAfterFault?: boolean
  /** Delivered twice at once: the second run starts while the first one's trigger is on its way. */
  atOnce?: boolean
}

/** The project's automations: both custom-schedule ones; `changelog`'s jobs read 404. */
export function seedAutomations(emulator: ServiceEmulator): void {
  emulator.platform.addAutomation(VISIBLE)
  emulator.platform.addAutomation(HIDDEN)
  emulator.hiddenAutomations.add(HIDDEN)
}

export function drawAutomations(random: Random, merges: Merge[], months: number): AutomationRun[] {
  const runs: AutomationRun[] = []
  for (let m = 0; m < months; m++) {
    const inMonth = merges.filter(x => x.at >= monthStart(m) && x.at < monthStart(m + 1))
    const code = inMonth.filter(x => x.kind === 'code')
    const first = random.int(0, Math.max(0, code.length - TRAIN_SIZE))
    const train = code.slice(first, first + TRAIN_SIZE)
    const queued = Math.max(...train.map(x => x.at)) + 10_000
    for (const [i, merge] of train.entries()) {
      runs.push({ merge, at: queued + i * 5_000, automation: VISIBLE, mode: 'no-wait' })
    }
    const drawn: AutomationRun[] = []
    for (const merge of inMonth) {
      const roll = drawOne(random, merge)
      if (roll && !train.includes(merge)) drawn.push(roll)
    }
    // One a month is delivered twice at once (a merge GitHub sends to two runs).
    const single = drawn.filter(r => r.merge.kind === 'code' && !r.again && r.mode === 'follow')
    const pick = random.next()
    if (single.length > 0) single[Math.floor(pick * single.length)].atOnce = true
    runs.push(...drawn)
  }
  return runs.sort((a, b) => a.at - b.at)
}

/** Every merge draws the same numbers, whether or not its automation workflow runs. */
function drawOne(random: Random, merge: Merge): AutomationRun | undefined {
  const [runs, hidden, mode, again, after, rerun, seconds] = [
    random.chance(AUTOMATION_SHARE),
    random.chance(0.4),
    random.weighted({ follow: 3, detach: 1, 'no-wait': 1 } as const),
    random.weighted({ none: 8, 'second delivery': 1, 're-run': 1 } as const),
    random.int(5, 30),
    random.chance(0.5),
    random.int(5, 40)
  ]
  if (!runs) return undefined
  return {
    merge,
    at: merge.at + seconds * 1000,
    automation: hidden ? HIDDEN : VISIBLE,
    mode,
    rerunAfterFault: rerun,
    again:
      again === 'none'
        ? undefined
        : { kind: again, after: again === 're-run' ? after * MINUTE : after * 1000 }
  }
}

/** The automation workflow's run on the merged PR's `pull_request` `closed` event. */
export function automationSpec(
  fakes: { emulator: ServiceEmulator; github: GitHubFake },
  run: AutomationRun,
  guards: Record<string, string>
): Omit<RunSpec, 'fault'> {
  const { merge } = run
  const event = mergedPullEvent({
    number: merge.number,
    title: `Change ${merge.number}`,
    author: merge.kind === 'bot' ? 'dependabot[bot]' : 'dev',
    authorType: merge.kind === 'bot' ? 'Bot' : 'User',
    labels: merge.kind === 'skip-label' ? ['no-docs'] : [],
    mergeSha: String(merge.number).padStart(40, 'a'),
    changedFiles: 1,
    commits: 1
  })
  const modes: Record<AutomationMode, Record<string, string>> = {
    follow: { 'max-wait-minutes': '20' },
    detach: { 'max-wait-minutes': '5', detach: 'true' },
    'no-wait': { wait: 'false' }
  }
  const inputs = agentInputs(fakes.emulator, fakes.github, {
    ...guards,
    'poll-interval-seconds': '5',
    'max-poll-interval-seconds': '30',
    automation: run.automation,
    ...modes[run.mode]
  })
  const about = `${run.automation} #${merge.number} (${run.mode})`
  return { kind: 'automation', action: 'agent', eventName: 'pull_request', event, inputs, about }
}
