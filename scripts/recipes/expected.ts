/**
 * Each recipe's expected outcome, beside the events it is run on: the comments, files, outputs, jobs
 * and triggers a run must leave, the steps its `if:` skips on purpose, the events GitHub does not
 * deliver to it, and which of its variables may be unset with the run going on. The first case of
 * a recipe is the one run once with each prerequisite unset.
 */
import type { EventSpec, WorkflowRun } from './jobs.js'
import {
  closedPullEvent,
  commentEvent,
  dispatchEvent,
  labelEvent,
  pullEvent,
  pushOfMerge,
  releasedEvent,
  scheduleEvent,
  workflowRunEvent
} from './events.js'
import { DIGEST_ISSUE, DOCS_PR, OWNER, REPO, REPORT_ISSUE, type World } from './world.js'

export interface Case {
  /** The event, as the table shows it. */
  event: string
  spec: (w: World) => EventSpec
  /** What the run leaves, as the table shows it. */
  outcome: string
  /** What does not hold of the outcome (empty: it holds). */
  expect?: (w: World, run: WorkflowRun) => string[]
  /** Steps (their labels) and jobs (`job:<id>`) that must not run on this event. */
  skipped?: string[]
  /** GitHub starts no run for this event (the rule the table names). */
  notDelivered?: true
}

export interface Recipe {
  file: string
  cases: Case[]
  /** Prerequisites that may be unset: the run goes on (`notice`: after a notice naming it). */
  optional?: Record<string, 'notice' | 'quiet'>
  /** Two or more events of one concurrency group, as GitHub queues them. */
  queued?: {
    event: string
    specs: (w: World) => EventSpec[]
    outcome: string
    /** Per event in order: it ran, or GitHub replaced or cancelled it. */
    runs: ('run' | 'replaced' | 'cancelled')[]
    expect?: (w: World) => string[]
  }
}

/** Each event of `on:` that has a builder, for a file with no recipe: its steps must pass, no outcome. */
const ANY_EVENT: Record<string, (w: World) => EventSpec> = {
  schedule: () => scheduleEvent(),
  workflow_dispatch: () => dispatchEvent(),
  issue_comment: w => commentEvent(w),
  issues: w => labelEvent(w),
  pull_request: w => pullEvent(w),
  pull_request_target: w => closedPullEvent(w),
  push: w => pushOfMerge(w),
  release: () => releasedEvent(),
  workflow_run: () => workflowRunEvent()
}

/** A recipe for a workflow file that has none: its events, each run with every step passing. */
export function anyRecipe(file: string, events: string[]): Recipe {
  return {
    file,
    cases: events
      .filter(event => event in ANY_EVENT)
      .map(event => ({ event, spec: ANY_EVENT[event], outcome: 'every step passed' }))
  }
}

const botComments = (w: World, n: number) =>
  w.gh.comments(OWNER, REPO, n).filter(c => c.user.login === 'github-actions[bot]')
const jobsCreated = (w: World) => w.svc.requestsTo('POST', /\/v2\/agent\/[^/]+\/job$/).length
const triggers = (w: World) => w.svc.requestsTo('POST', /\/trigger$/).length

/** The problem when `ok` does not hold. */
const check = (ok: boolean, problem: string): string[] => (ok ? [] : [problem])

function commentLinks(w: World, n: number, text: string): string[] {
  return check(
    botComments(w, n).some(c => c.body.includes(text)),
    `no comment on #${n} with "${text}" (comments: ${botComments(w, n).length})`
  )
}

const oneJobLinkedOn = (n: number) => (w: World) => [
  ...check(jobsCreated(w) === 1, `expected 1 agent job, got ${jobsCreated(w)}`),
  ...commentLinks(w, n, `/pull/${DOCS_PR}`)
]

const backLink = (w: World) =>
  check(botComments(w, DOCS_PR).length > 0, `no back-link comment on the docs PR #${DOCS_PR}`)

const oneTriggerOn = (n: number) => (w: World) => [
  ...check(triggers(w) === 1, `expected 1 automation trigger, got ${triggers(w)}`),
  ...check(jobsCreated(w) === 0, `expected no agent job, got ${jobsCreated(w)}`),
  ...check(botComments(w, n).length > 0, `no comment on #${n}`)
]

/** Analytics data of a week: page views, a search that finds nothing, feedback, the assistant. */
function seedAnalytics(w: World): void {
  w.svc.generatePageViews(40)
  w.svc.setSearches([
    { searchQuery: 'sso', hits: 9, ctr: 0, topClickedPage: null, lastSearchedAt: '' }
  ])
  w.svc.setFeedback([])
  w.svc.generateAssistant(3)
}

const withAnalytics = (spec: (w: World) => EventSpec) => (w: World) => {
  seedAnalytics(w)
  return spec(w)
}

const tokenNotDelivered: Pick<Case, 'outcome' | 'notDelivered'> = {
  outcome: 'not delivered: made with the workflow token',
  notDelivered: true
}

export const RECIPES: Recipe[] = [
  {
    file: 'docs-agent-comments.yml',
    cases: [
      {
        event: 'issue_comment created',
        spec: w => commentEvent(w),
        outcome: 'a job; the comment on #7 links its PR',
        expect: oneJobLinkedOn(7)
      },
      {
        event: 'issue_comment by the workflow token',
        spec: w => commentEvent(w, { login: 'github-actions[bot]' }),
        ...tokenNotDelivered
      },
      {
        event: 'issue_comment without the phrase',
        spec: w => commentEvent(w, { body: 'Thanks!' }),
        outcome: 'job skipped by its if:',
        skipped: ['job:agent']
      }
    ],
    queued: {
      event: 'issue_comment ×2, one thread',
      specs: w => [
        commentEvent(w),
        commentEvent(w, { id: 9002, body: '/mintlify Also the retry headers' })
      ],
      outcome: 'both run, in order',
      runs: ['run', 'run']
    }
  },
  {
    file: 'docs-agent-follow-job.yml',
    cases: [
      {
        event: 'workflow_dispatch',
        spec: w => {
          const id = w.svc.addJob({
            activePolls: 1,
            outcome: 'completed',
            prLink: `https://github.com/${OWNER}/${REPO}/pull/${DOCS_PR}`
          })
          w.gh.addIssue(OWNER, REPO, { number: 7, title: 'Document the rate limits' })
          return dispatchEvent({ 'job-id': id, 'issue-number': '7' })
        },
        outcome: 'the job followed; #7 links its PR',
        expect: w => [
          ...check(jobsCreated(w) === 0, 'a job was created'),
          ...commentLinks(w, 7, `/pull/${DOCS_PR}`)
        ]
      }
    ]
  },
  {
    file: 'docs-agent-labels.yml',
    cases: [
      {
        event: 'issues labeled docs',
        spec: w => labelEvent(w),
        outcome: 'a job; #11 links its PR',
        expect: oneJobLinkedOn(11)
      },
      {
        event: 'pull_request_target labeled docs',
        spec: w => labelEvent(w, { kind: 'pull' }),
        outcome: 'a job; #12 links its PR',
        expect: oneJobLinkedOn(12)
      },
      {
        event: 'issues labeled other',
        spec: w => labelEvent(w, { label: 'bug' }),
        outcome: 'job skipped by its if:',
        skipped: ['job:agent']
      },
      {
        event: 'issues labeled by the workflow token',
        spec: w => labelEvent(w, { sender: 'github-actions[bot]' }),
        ...tokenNotDelivered
      }
    ]
  },
  {
    file: 'docs-agent-sweep.yml',
    cases: [
      { event: 'schedule', spec: () => scheduleEvent('17 * * * *'), outcome: 'swept' },
      { event: 'pull_request opened', spec: w => pullEvent(w), outcome: 'swept' },
      {
        event: 'pull_request opened from a fork',
        spec: w => pullEvent(w, { fork: true }),
        outcome: 'job skipped by its if: (no secrets for a fork)',
        skipped: ['job:sweep']
      }
    ]
  },
  {
    file: 'docs-automation-changelog.yml',
    cases: [
      {
        event: 'release released',
        spec: () => releasedEvent(),
        outcome: `one trigger; reported on #${REPORT_ISSUE}`,
        skipped: ['run #1'],
        expect: oneTriggerOn(REPORT_ISSUE)
      },
      {
        event: 'release published (prerelease)',
        spec: () => releasedEvent({ action: 'published', prerelease: true }),
        outcome: 'not delivered: types [released]',
        notDelivered: true
      },
      {
        event: 'release by the workflow token',
        spec: () => releasedEvent({ sender: 'github-actions[bot]' }),
        ...tokenNotDelivered
      }
    ],
    optional: { DOCS_REPORT_ISSUE: 'quiet' }
  },
  {
    file: 'docs-automation.yml',
    cases: [
      {
        event: 'pull_request_target closed, merged',
        spec: w => closedPullEvent(w),
        outcome: 'one trigger, followed; reported on #12',
        skipped: ['run #1'],
        expect: oneTriggerOn(12)
      },
      {
        event: 'pull_request_target closed, not merged',
        spec: w => closedPullEvent(w, { merged: false }),
        outcome: 'job skipped by its if:',
        skipped: ['job:docs']
      }
    ],
    queued: {
      event: 'pull_request_target ×2, one automation',
      specs: w => [closedPullEvent(w), closedPullEvent(w, { number: 13 })],
      outcome: 'both run, in order: two triggers, one after the other',
      runs: ['run', 'run'],
      expect: w => {
        const [first, second] = w.svc.requestsTo('POST', /\/trigger$/)
        const firstEnded = w.svc.requests.some(
          r => r.method === 'GET' && r.at > (first?.at ?? 0) && r.at < (second?.at ?? 0)
        )
        return [
          ...check(triggers(w) === 2, `expected 2 triggers, got ${triggers(w)}`),
          ...check(firstEnded, 'the second trigger did not wait for the first run')
        ]
      }
    }
  },
  {
    file: 'docs-automation-digest.yml',
    cases: [
      {
        event: 'pull_request_target closed, merged',
        spec: w => closedPullEvent(w),
        outcome: `one trigger for the window; recorded on #${DIGEST_ISSUE}`,
        skipped: ['run #1'],
        expect: oneTriggerOn(DIGEST_ISSUE)
      },
      {
        event: 'schedule',
        spec: w => {
          closedPullEvent(w)
          return scheduleEvent('41 6 * * *')
        },
        outcome: `one trigger for the window; recorded on #${DIGEST_ISSUE}`,
        skipped: ['run #1'],
        expect: oneTriggerOn(DIGEST_ISSUE)
      }
    ],
    queued: {
      event: 'pull_request_target ×2, one automation',
      specs: w => [closedPullEvent(w), closedPullEvent(w, { number: 13 })],
      outcome: 'both run, in order: the first triggers for both merges, the second finds none',
      runs: ['run', 'run'],
      expect: w => check(triggers(w) === 1, `expected 1 trigger, got ${triggers(w)}`)
    }
  },
  {
    file: 'docs-deploy-after-openapi.yml',
    cases: [
      {
        event: 'workflow_run completed',
        spec: () => workflowRunEvent(),
        outcome: 'one production deployment, followed',
        expect: w => check(w.svc.platform.list().length === 1, 'no deployment')
      },
      {
        event: 'workflow_run failed',
        spec: () => workflowRunEvent({ conclusion: 'failure' }),
        outcome: 'job skipped by its if:',
        skipped: ['job:deploy']
      }
    ]
  },
  {
    file: 'docs-digest.yml',
    cases: [
      {
        event: 'schedule',
        spec: w => {
          closedPullEvent(w)
          closedPullEvent(w, { number: 13 })
          return scheduleEvent('23 6 * * 1-5')
        },
        outcome: `one job for two PRs; recorded on #${DIGEST_ISSUE}`,
        skipped: ['run #1'],
        expect: oneJobLinkedOn(DIGEST_ISSUE)
      }
    ],
    optional: { DOCS_APP_ID: 'notice', DOCS_REPOSITORY: 'quiet' }
  },
  {
    file: 'docs-follow-code-app.yml',
    cases: [
      {
        event: 'pull_request_target closed, merged',
        spec: w => closedPullEvent(w),
        outcome: 'a job with the App token; #12 links its PR',
        expect: w => [...oneJobLinkedOn(12)(w), ...backLink(w)]
      }
    ],
    optional: { DOCS_REPOSITORY: 'quiet' }
  },
  {
    file: 'docs-follow-code-monorepo.yml',
    cases: [
      {
        event: 'push to main',
        spec: w => pushOfMerge(w),
        outcome: 'a job; #12 links its PR',
        expect: oneJobLinkedOn(12)
      }
    ],
    optional: { DOCS_REPORT_ISSUE: 'quiet' }
  },
  {
    file: 'docs-follow-code.yml',
    cases: [
      {
        event: 'pull_request_target closed, merged',
        spec: w => closedPullEvent(w),
        outcome: 'a job; #12 links its PR',
        expect: w => [...oneJobLinkedOn(12)(w), ...backLink(w)]
      },
      {
        event: 'pull_request_target closed, not merged',
        spec: w => closedPullEvent(w, { merged: false }),
        outcome: 'job skipped by its if:',
        skipped: ['job:docs']
      }
    ]
  },
  {
    file: 'docs-pipeline.yml',
    cases: [
      {
        event: 'release published',
        spec: w => {
          w.files['.github/docs-release-prompt.md'] = 'Document the release in the changelog.\n'
          return releasedEvent({ action: 'published' })
        },
        outcome: 'a job from the checked-out prompt; its PR in the log',
        skipped: ['run #4'],
        expect: (w, run) => [
          ...check(jobsCreated(w) === 1, `expected 1 agent job, got ${jobsCreated(w)}`),
          ...check(
            run.jobs[0].steps[2].log.includes(
              `Docs PR https://github.com/${OWNER}/${REPO}/pull/${DOCS_PR}`
            ),
            'the log does not name the docs PR'
          )
        ]
      }
    ]
  },
  {
    file: 'docs-preview.yml',
    cases: [
      {
        event: 'pull_request opened (into develop)',
        spec: w => pullEvent(w),
        outcome: 'a preview, followed; one comment on #7',
        expect: w => [
          ...check(w.svc.platform.list().length === 1, 'no preview'),
          ...check(botComments(w, 7).length === 1, 'no preview comment on #7')
        ]
      },
      {
        event: 'pull_request opened from a fork',
        spec: w => pullEvent(w, { fork: true }),
        outcome: 'job skipped by its if: (no secrets for a fork)',
        skipped: ['job:preview']
      },
      {
        event: 'pull_request opened (into main)',
        spec: w => pullEvent(w, { base: 'main' }),
        outcome: 'not delivered: branches-ignore main',
        notDelivered: true
      }
    ],
    queued: {
      event: 'pull_request ×2, one PR',
      specs: w => [pullEvent(w), pullEvent(w, { action: 'synchronize' })],
      outcome: 'the newer cancels the older',
      runs: ['cancelled', 'run']
    }
  },
  {
    file: 'weekly-docs-report.yml',
    cases: [
      {
        event: 'schedule',
        spec: withAnalytics(() => scheduleEvent()),
        outcome: `report, job and changelog job on #${REPORT_ISSUE}; files uploaded; back-link`,
        expect: w => [
          ...check(jobsCreated(w) === 2, `expected 2 agent jobs, got ${jobsCreated(w)}`),
          ...commentLinks(w, REPORT_ISSUE, 'sso'),
          ...commentLinks(w, REPORT_ISSUE, `/pull/${DOCS_PR}`),
          ...check(
            (w.artifacts.get('weekly-docs-report') ?? []).length >= 4,
            'the dataset files were not uploaded'
          ),
          ...backLink(w)
        ]
      }
    ],
    optional: { DOCS_REPORT_ISSUE: 'quiet' }
  },
  {
    file: 'weekly-tracking-issue.yml',
    cases: [
      {
        event: 'schedule',
        spec: withAnalytics(() => scheduleEvent()),
        outcome: 'a new issue; the report and the job on it; back-link',
        expect: w => {
          const opened = DOCS_PR + 1
          return [
            ...check(w.gh.hasIssue(OWNER, REPO, opened), 'no issue opened'),
            ...commentLinks(w, opened, 'sso'),
            ...commentLinks(w, opened, `/pull/${DOCS_PR}`),
            ...backLink(w)
          ]
        }
      }
    ]
  },
  {
    file: 'analytics-two-projects.yml',
    cases: [
      {
        event: 'schedule',
        spec: withAnalytics(() => scheduleEvent()),
        outcome: `two reports on #${REPORT_ISSUE}; eight files uploaded`,
        expect: w => [
          ...check(
            botComments(w, REPORT_ISSUE).length === 2,
            `${botComments(w, REPORT_ISSUE).length} reports, not two`
          ),
          ...check(
            (w.artifacts.get('weekly-docs-reports') ?? []).length >= 8,
            `${JSON.stringify(w.artifacts.get('weekly-docs-reports'))} uploaded`
          )
        ]
      }
    ],
    optional: { DOCS_REPORT_ISSUE: 'quiet' }
  },
  {
    file: 'pinned-release.yml',
    cases: [
      {
        event: 'workflow_dispatch',
        spec: () => dispatchEvent({ prompt: 'Document the rate limits' }),
        outcome: 'a job, followed; the summary links its PR',
        expect: (w, run) => [
          ...check(jobsCreated(w) === 1, `expected 1 agent job, got ${jobsCreated(w)}`),
          ...check(run.jobs[0].summary.includes(`/pull/${DOCS_PR}`), 'the summary links no PR')
        ]
      }
    ]
  }
]
