import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { readActionYaml } from '../scripts/action-docs.js'
import { PROJECT_ROOT } from '../fakes/action-env.js'

interface Step {
  id?: string
  uses?: string
  with?: Record<string, unknown>
}
interface Workflow {
  on: unknown
  jobs: Record<string, { steps: Step[] }>
}

const actions = {
  agent: readActionYaml(PROJECT_ROOT, 'action.yml'),
  analytics: readActionYaml(PROJECT_ROOT, 'analytics/action.yml'),
  sweep: readActionYaml(PROJECT_ROOT, 'sweep/action.yml'),
  deploy: readActionYaml(PROJECT_ROOT, 'deploy/action.yml')
}
const files = readdirSync(join(PROJECT_ROOT, 'examples')).filter(f => f.endsWith('.yml'))

/** An example workflow, parsed, with the fields a test reads. */
function example<T = unknown>(file: string): Workflow & T {
  return parse(readFileSync(join(PROJECT_ROOT, 'examples', file), 'utf8')) as Workflow & T
}

function ourSteps(workflow: Workflow): { step: Step; action: (typeof actions)['agent'] }[] {
  return Object.values(workflow.jobs)
    .flatMap(job => job.steps)
    .filter(step => step.uses?.includes('mintlify-docs-agent-action'))
    .map(step => ({
      step,
      action: step.uses!.includes('/analytics@')
        ? actions.analytics
        : step.uses!.includes('/sweep@')
          ? actions.sweep
          : step.uses!.includes('/deploy@')
            ? actions.deploy
            : actions.agent
    }))
}

describe('example workflows', () => {
  it('exist for the four actions', () => {
    expect(files.length).toBeGreaterThanOrEqual(4)
  })

  for (const file of files) {
    describe(file, () => {
      const workflow = example(file)

      it('is valid YAML with jobs and a trigger', () => {
        expect(workflow.on).toBeDefined()
        expect(Object.keys(workflow.jobs).length).toBeGreaterThan(0)
      })

      it('uses only inputs the action declares, and every required one', () => {
        const steps = ourSteps(workflow)
        expect(steps.length).toBeGreaterThan(0)
        for (const { step, action } of steps) {
          const declared = Object.keys(action.inputs ?? {})
          for (const name of Object.keys(step.with ?? {})) expect(declared).toContain(name)
          const required = Object.entries(action.inputs ?? {}).filter(([, i]) => i.required)
          for (const [name] of required) expect(Object.keys(step.with ?? {})).toContain(name)
        }
      })

      it('reads only outputs the action declares', () => {
        expect.hasAssertions()
        const text = readFileSync(join(PROJECT_ROOT, 'examples', file), 'utf8')
        const steps = ourSteps(workflow)
        expect(steps.length).toBeGreaterThan(0)
        for (const { step, action } of steps) {
          if (!step.id) continue
          const used = [
            ...text.matchAll(new RegExp(`steps\\.${step.id}\\.outputs\\.([a-z-]+)`, 'g'))
          ]
          for (const [, name] of used) expect(Object.keys(action.outputs ?? {})).toContain(name)
        }
      })
    })
  }

  it('the comment workflow listens to created comments only, with least permissions', () => {
    const workflow = example<{
      on: Record<string, { types: string[] }>
      permissions: Record<string, string>
      concurrency?: unknown
    }>('docs-agent-comments.yml')
    expect(workflow.on.issue_comment.types).toEqual(['created'])
    expect(workflow.on.pull_request_review_comment.types).toEqual(['created'])
    expect(workflow.permissions).toEqual({ issues: 'write', 'pull-requests': 'write' })
  })

  describe('the comment workflow drops no request', () => {
    const workflow = parse(
      readFileSync(join(PROJECT_ROOT, 'examples', 'docs-agent-comments.yml'), 'utf8')
    ) as { concurrency?: unknown; jobs: Record<string, CommentJob> }
    const [job] = Object.values(workflow.jobs)
    const phrase = String(job.steps.find(s => s.uses)?.with?.['trigger-phrase'] ?? '/mintlify')

    it('has no workflow-level group that every comment would join', () => {
      expect(workflow.concurrency).toBeUndefined()
    })

    it('queues only comments that start with the trigger in the thread’s group; others get their run’s own', () => {
      const group = job.concurrency.group.replace(/\s+/g, ' ')
      expect(job.concurrency['cancel-in-progress']).toBe(false)
      expect(group).toContain(`startsWith(github.event.comment.body, '${phrase}')`)
      expect(group).toContain(
        "format('mintlify-thread-{0}', github.event.issue.number || github.event.pull_request.number)"
      )
      expect(group).toMatch(/\|\| format\('mintlify-run-\{0\}', github\.run_id\) \}\}$/)
    })

    it('lets through every comment the action may accept (leading white space too), and no fork review comment', () => {
      // contains(), not startsWith(): a trigger after leading white space must reach the action.
      expect(job.if).toContain(`contains(github.event.comment.body, '${phrase}')`)
      expect(job.if).not.toMatch(/startsWith/)
      expect(job.if).toContain('github.event.pull_request.head.repo.full_name == github.repository')
    })
  })
})

describe('one job a thread: every workflow about an issue or pull request shares its group', () => {
  interface Concurrency {
    group: string
    'cancel-in-progress'?: boolean
    queue?: string
  }
  const jobsOf = (file: string): { on: unknown; concurrency?: Concurrency }[] =>
    Object.values(example<{ jobs: Record<string, { concurrency?: Concurrency }> }>(file).jobs).map(
      job => ({ on: example(file).on, concurrency: job.concurrency })
    )
  const THREAD_GROUP = {
    'docs-agent-comments.yml':
      "format('mintlify-thread-{0}', github.event.issue.number || github.event.pull_request.number)",
    'docs-agent-labels.yml':
      'mintlify-thread-${{ github.event.issue.number || github.event.pull_request.number }}',
    'docs-follow-code.yml': 'mintlify-thread-${{ github.event.pull_request.number }}',
    'docs-follow-code-app.yml': 'mintlify-thread-${{ github.event.pull_request.number }}'
  }

  for (const [file, group] of Object.entries(THREAD_GROUP)) {
    it(`${file}: mintlify-thread-<number>, never cancelling, up to 100 runs waiting`, () => {
      const [{ concurrency }] = jobsOf(file)
      expect(concurrency?.group.replace(/\s+/g, ' ')).toContain(group)
      expect(concurrency?.['cancel-in-progress']).toBe(false)
      expect(concurrency?.queue).toBe('max')
    })
  }

  it('no other example joins a thread’s group; push-triggered ones keep their own', () => {
    const others = files.filter(file => !(file in THREAD_GROUP))
    for (const file of others) {
      const text = readFileSync(join(PROJECT_ROOT, 'examples', file), 'utf8')
      expect(`${file}: ${text.includes('mintlify-thread-')}`).toBe(`${file}: false`)
    }
    expect(Object.keys(example('docs-follow-code-monorepo.yml').on as object)).toEqual(['push'])
  })
})

describe('one run of an automation at a time', () => {
  interface AutomationJob {
    concurrency: { group: string; 'cancel-in-progress'?: boolean; queue?: string }
    steps: { if?: string; run?: string; with?: Record<string, unknown> }[]
  }
  for (const [file, variable] of [
    ['docs-automation.yml', 'MINTLIFY_AUTOMATION_ID'],
    ['docs-automation-digest.yml', 'MINTLIFY_AUTOMATION_ID'],
    ['docs-automation-changelog.yml', 'MINTLIFY_CHANGELOG_AUTOMATION_ID']
  ]) {
    const [job] = Object.values(example<{ jobs: Record<string, AutomationJob> }>(file).jobs)

    it(`${file}: checks ${variable} first, failing in one line that names it`, () => {
      const [check] = job.steps
      expect(check.if).toBe(`vars.${variable} == ''`)
      expect(check.run).toMatch(new RegExp(`^echo "::error::[^\n]*${variable}[^\n]*"\nexit 1\n$`))
    })

    it(`${file}: follows the run to its end (no detach)`, () => {
      for (const step of job.steps) expect(step.with?.detach).toBeUndefined()
    })
  }

  for (const file of ['docs-automation.yml', 'docs-automation-digest.yml']) {
    it(`${file}: one group per automation, in order, never cancelling`, () => {
      const [job] = Object.values(example<{ jobs: Record<string, AutomationJob> }>(file).jobs)
      expect(job.concurrency).toEqual({
        group: 'mintlify-automation-${{ vars.MINTLIFY_AUTOMATION_ID }}',
        'cancel-in-progress': false,
        queue: 'max'
      })
    })
  }
})

describe('schedules and releases', () => {
  it('no example is scheduled at minute 0 (GitHub delays, and may drop, runs at the hour)', () => {
    for (const file of files) {
      const on = example<{ on: { schedule?: { cron: string }[] } }>(file).on
      for (const { cron } of on.schedule ?? [])
        expect(`${file}: ${cron.split(' ')[0]}`).not.toBe(`${file}: 0`)
    }
  })

  it('the changelog recipe skips prereleases (released, not published)', () => {
    const on = example<{ on: { release: { types: string[] } } }>('docs-automation-changelog.yml').on
    expect(on.release.types).toEqual(['released'])
  })
})

interface CommentJob {
  if: string
  concurrency: { group: string; 'cancel-in-progress': boolean }
  steps: Step[]
}

/** A job's `if:` as one line. */
const condition = (job: { if?: string }): string => (job.if ?? '').replace(/\s+/g, ' ')

describe('the docs digest example', () => {
  const workflow = example<{
    on: { schedule: { cron: string }[] }
    concurrency: { group: string; 'cancel-in-progress': boolean }
    jobs: Record<string, { steps: (Step & { if?: string })[] }>
  }>('docs-digest.yml')
  const [{ step }] = ourSteps(workflow)

  it('runs on a schedule and on demand, one digest at a time, never cancelling one under way', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['schedule', 'workflow_dispatch'])
    expect(workflow.concurrency.group).toBeTruthy()
    expect(workflow.concurrency['cancel-in-progress']).toBe(false)
  })

  it('is a digest reporting to a tracking issue named by a repository variable', () => {
    expect(step.with).toMatchObject({ digest: true })
    expect(step.with?.['issue-number']).toMatch(/^\$\{\{ vars\.[A-Z_]+ \}\}$/)
  })

  it('is scheduled off minute 0, when GitHub delays or drops scheduled runs', () => {
    for (const { cron } of workflow.on.schedule) expect(cron.split(' ')[0]).not.toMatch(/^0$|^\*/)
  })

  it('uses an App token when one is set up (a private docs repository), else the workflow token', () => {
    const steps = Object.values(workflow.jobs).flatMap(job => job.steps) as (Step & {
      if?: string
      run?: string
    })[]
    const app = steps.find(s => s.uses?.startsWith('actions/create-github-app-token@'))!
    expect(app.if).toBe("vars.DOCS_APP_ID != ''")
    // Without the App the run goes on, after a notice that says which token it uses.
    const [notice] = steps
    expect(notice.if).toBe("vars.DOCS_APP_ID == ''")
    expect(notice.run).toMatch(/^echo "::notice::DOCS_APP_ID is not set/)
    expect(step.with?.['github-token']).toBe(
      `\${{ steps.${app.id}.outputs.token || github.token }}`
    )
  })
})

describe('the labels example', () => {
  const workflow = example<{
    on: Record<string, { types: string[] }>
    permissions: Record<string, string>
    jobs: Record<string, { if: string; steps: Step[] }>
  }>('docs-agent-labels.yml')
  const [job] = Object.values(workflow.jobs)
  const [{ step }] = ourSteps(workflow)

  it('listens to labels added to issues, and to pull requests through pull_request_target', () => {
    expect(workflow.on).toEqual({
      issues: { types: ['labeled'] },
      pull_request_target: { types: ['labeled'] }
    })
  })

  it('never checks out or runs the pull request’s code: its one step is the action', () => {
    expect(job.steps).toEqual([step])
  })

  it('asks with the label its pre-filter lets through, with the permissions it needs', () => {
    const label = String(step.with?.['label-trigger'])
    expect(label).toBeTruthy()
    expect(job.if).toBe(`github.event.label.name == '${label}'`)
    expect(workflow.permissions).toEqual({
      contents: 'read',
      issues: 'write',
      'pull-requests': 'write'
    })
  })

  it('lets its runner go soon (detach, a short max-wait); the sweep, with the permissions to take a label off, finishes the job', () => {
    expect(step.with?.detach).toBe(true)
    expect(Number(step.with?.['max-wait-minutes'])).toBeLessThanOrEqual(5)
    const sweep = example<{ permissions: Record<string, string> }>('docs-agent-sweep.yml')
    expect(sweep.permissions).toMatchObject({ issues: 'write', 'pull-requests': 'write' })
  })
})

describe('the preview workflow', () => {
  const workflow = example<{
    jobs: Record<string, { if?: string }>
    on: Record<string, { types?: string[] }>
    permissions: Record<string, string>
    concurrency: { group: string; 'cancel-in-progress': boolean }
  }>('docs-preview.yml')

  it('runs on pull requests, one run per pull request, a newer push cancelling the older run', () => {
    expect(workflow.on.pull_request.types).toEqual(['opened', 'synchronize', 'reopened'])
    expect(workflow.concurrency.group).toContain('github.event.pull_request.number')
    expect(workflow.concurrency['cancel-in-progress']).toBe(true)
  })

  it('asks only for what the comment needs', () => {
    expect(workflow.permissions).toEqual({ 'pull-requests': 'write' })
  })

  it("leaves out pull requests into the deployment branch (Mintlify's app previews them)", () => {
    expect(workflow.on.pull_request).toMatchObject({ 'branches-ignore': ['main'] })
  })

  it('skips the runs that get no secrets: forks and Dependabot', () => {
    const [job] = Object.values(workflow.jobs)
    expect(condition(job)).toContain(
      'github.event.pull_request.head.repo.full_name == github.repository'
    )
    expect(condition(job)).toContain("github.actor != 'dependabot[bot]'")
  })
})

describe('the redeploy after another workflow', () => {
  const workflow = example<{
    on: { workflow_run: { workflows: string[]; branches: string[] } }
    jobs: Record<string, { if?: string }>
  }>('docs-deploy-after-openapi.yml')
  const [job] = Object.values(workflow.jobs)

  it('deploys only after a success on the default branch of this repository', () => {
    expect(workflow.on.workflow_run.branches).toEqual(['main'])
    for (const check of [
      "github.event.workflow_run.conclusion == 'success'",
      'github.event.workflow_run.head_branch == github.event.repository.default_branch',
      'github.event.workflow_run.head_repository.full_name == github.repository'
    ])
      expect(condition(job)).toContain(check)
  })
})
