/**
 * The label trigger (`label-trigger`): a labelled issue is an issue's request, a labelled open pull
 * request gets the docs for its change before it merges, the labeler's permission is checked, other
 * label events are ignored with no call, one labeling is one request, a tracked thread gets a
 * follow-up, and the merge of a labelled pull request continues its job. GitHub's real
 * `issues.labeled` and `pull_request.labeled` payloads, the GitHub fake and the service emulator.
 */
import { describe, expect, it } from '@jest/globals'
import type { ActionRunResult } from '../fakes/action-env.js'
import { labeledIssueEvent, labeledPullEvent } from '../fakes/webhooks.js'
import {
  DEFAULT_CHANGE_INSTRUCTION,
  DEFAULT_OPEN_PULL_INSTRUCTION
} from '../src/agent/follow-code/event.js'
import { addMergedPull, MERGE_SHA, mergedPullSpec, writes } from './helpers/code-change.js'
import { LABEL_INPUTS, labelIssueSpec, runLabelIssue, runLabelPull } from './helpers/labels.js'
import { markerOf, shown, trackingMarker } from './helpers/text.js'
import {
  addEarlierComment,
  baseInputs,
  runAgent,
  skippedWithOneReply,
  useWorld
} from './helpers/world.js'

const world = useWorld()

/** Skipped from the event alone: the reason logged, status skipped, exit 0, no call at all. */
/** Where the follow-up messages went. */
const messagePaths = (): string[] =>
  world()
    .messages()
    .map(m => m.path)

function expectIgnored(result: ActionRunResult, reason: string): void {
  expect(result.exitCode).toBe(0)
  expect(result.outputs.status).toBe('skipped')
  expect(result.stdout).toContain(`Nothing to do: ${reason}.`)
  expect(world().gh.calls).toEqual([])
  expect(world().svc.requests).toHaveLength(0)
}

/** A guard's skip: the reason in the log and the step summary, nothing written, no service call. */
function expectGuarded(result: ActionRunResult, reason: string): void {
  expect(result.exitCode).toBe(0)
  expect(result.outputs.status).toBe('skipped')
  expect(result.stdout).toContain(`Not starting a job: ${reason}.`)
  expect(result.summary).toContain(`⏭️ Not started: ${reason}.`)
  expect(writes(world())).toEqual([])
  expect(world().svc.requests).toHaveLength(0)
}

describe('a labelled issue', () => {
  it('sends its title and body as an opened issue does, asked by the labeler, and reports on the issue', async () => {
    world().svc.scriptJobs({ activePolls: 1, prLink: 'https://github.com/acme/docs-site/pull/3' })
    const result = await runLabelIssue(world())
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toMatchObject({ status: 'completed', 'pr-number': '3' })
    const [prompt] = world().promptsSent()
    expect(
      prompt.startsWith('Document the export endpoint\n\nReaders ask how to export CSV.\n\n')
    ).toBe(true)
    expect(prompt).toContain('Issue: #11 "Document the export endpoint"')
    expect(prompt).toContain('Asked by: @maintainer')
    expect(world().callList()).toContain('GET /repos/acme/docs/collaborators/maintainer/permission')
    const comments = world().botComments(11)
    expect(comments).toHaveLength(1)
    expect(shown(comments[0].body)).toContain(
      'maintainer added the label "docs" to #11; the docs agent was asked:'
    )
    expect(markerOf(comments[0].body)).toMatchObject({
      request: `label-11-4242-2026-11-21T09:00:00Z`,
      job: 'job_1'
    })
  })

  it('compares the label in any case, and sends a `prompt` as given', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    await runLabelIssue(world(), { label: 'Docs', inputs: { prompt: 'Write the export guide.' } })
    expect(world().promptsSent()).toEqual(['Write the export guide.'])
  })
})

describe('a labelled open pull request', () => {
  it('sends the change with the built-in instruction: not merged yet, with files, commits and the diff', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: 'https://github.com/acme/docs-site/pull/3' })
    const result = await runLabelPull(world())
    expect(result.outputs.status).toBe('completed')
    const [prompt] = world().promptsSent()
    expect(prompt.startsWith(DEFAULT_OPEN_PULL_INSTRUCTION)).toBe(true)
    expect(DEFAULT_OPEN_PULL_INSTRUCTION).toContain('not merged yet')
    expect(prompt).toContain('Pull request: acme/docs#12 "Add the export endpoint"')
    expect(prompt).toContain('State: open, not merged yet')
    expect(prompt).not.toContain('Merge commit:')
    expect(prompt).toContain('Changed files (2):\n- src/export.ts (+3 -1)\n- src/routes.ts (+3 -1)')
    expect(prompt).toMatch(/Commits \(2\):/)
    expect(prompt).toContain('--- src/export.ts\n@@ -1 +1 @@')
    const comments = world().botComments(12)
    expect(comments).toHaveLength(1)
    expect(shown(comments[0].body)).toContain(
      'maintainer added the label "docs" to #12; the docs agent was asked:'
    )
    expect(comments[0].body).toContain('https://github.com/acme/docs-site/pull/3')
  })

  it('include-context false: the instruction and one line naming the change, not merged yet', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    await runLabelPull(world(), { inputs: { 'include-context': 'false' } })
    expect(world().promptsSent()).toEqual([
      `${DEFAULT_OPEN_PULL_INSTRUCTION}\n\nThe change: acme/docs#12 (open, not merged yet).`
    ])
  })

  it('is skipped by the guards of docs follow code: skip-label, a bot author, only ignored paths', async () => {
    expectGuarded(
      await runLabelPull(world(), { labels: ['no-docs'] }),
      'pull request #12 carries the skip-label "no-docs"'
    )
    expectGuarded(
      await runLabelPull(world(), { number: 13, author: 'renovate[bot]', authorType: 'Bot' }),
      'the pull request is by renovate[bot], a bot that is not listed in allowed-bots'
    )
    const docsOnly = { files: [{ filename: 'docs/index.mdx', additions: 1, deletions: 0 }] }
    expectGuarded(
      await runLabelPull(world(), { number: 14 }, docsOnly),
      'the one changed file matches ignore-paths'
    )
  })

  it('applies the loop guard first: the agent’s own pull request, whoever wrote it', async () => {
    addMergedPull(world(), { merged: false })
    addEarlierComment(world(), 'back-link job=job_7', {
      number: 12,
      text: 'The docs agent opened this.'
    })
    const result = await runLabelPull(world(), { author: 'mintlify[bot]', authorType: 'Bot' })
    expectGuarded(
      result,
      "pull request #12 was opened by the docs agent (it holds this action's back-link comment)"
    )
    expect(
      world()
        .callList()
        .filter(call => call.endsWith('/files'))
    ).toEqual([])
  })

  it('runs on pull_request as on pull_request_target', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const result = await runLabelPull(world(), { eventName: 'pull_request' })
    expect(result.outputs.status).toBe('completed')
    expect(world().creates()).toHaveLength(1)
  })
})

describe('ignored with no call: other labels, unlabeled, closed threads, no label-trigger', () => {
  /** A labeled (or unlabeled) event of an issue or a pull request, with the label inputs. */
  const runLabeled = (
    eventName: 'issues' | 'pull_request_target',
    event: Record<string, unknown>
  ): Promise<ActionRunResult> => runAgent(world(), { eventName, event, inputs: LABEL_INPUTS })

  it('another label', async () => {
    const result = await runLabeled('issues', labeledIssueEvent({ label: 'bug' }))
    expectIgnored(result, 'the label "bug" is not the label-trigger "docs"')
  })

  it('the trigger label removed, from an issue or a pull request', async () => {
    for (const [eventName, event] of [
      ['issues', labeledIssueEvent({ action: 'unlabeled' })],
      ['pull_request_target', labeledPullEvent({ action: 'unlabeled' })]
    ] as const) {
      expectIgnored(
        await runLabeled(eventName, event),
        'a label was removed; only adding "docs" asks'
      )
    }
  })

  it('a closed issue, a closed pull request and a merged one', async () => {
    const issue = await runLabeled('issues', labeledIssueEvent({ state: 'closed' }))
    expectIgnored(issue, 'issue #11 is closed')
    for (const merged of [false, true]) {
      const result = await runLabeled(
        'pull_request_target',
        labeledPullEvent({ state: 'closed', merged })
      )
      expectIgnored(result, 'pull request #12 is closed')
    }
  })

  it('an empty label-trigger: a labeled event without `prompt` is skipped, naming label-trigger', async () => {
    const result = await runAgent(world(), {
      eventName: 'pull_request_target',
      event: labeledPullEvent(),
      inputs: { ...LABEL_INPUTS, 'label-trigger': '' }
    })
    expectIgnored(result, 'a label was added, and label-trigger is empty (no label asks the agent)')
  })

  it.each([
    [
      'on a pull request (as before)',
      'pull_request_target',
      labeledPullEvent({ label: 'anything' })
    ],
    [
      'on a labelled issue, as on a pull request',
      'issues',
      labeledIssueEvent({ label: 'anything' })
    ]
  ] as const)(
    'an empty label-trigger with `prompt`: the workflow’s prompt runs %s',
    async (_where, eventName, event) => {
      world().svc.scriptJobs({ activePolls: 0, prLink: null })
      const result = await runAgent(world(), {
        eventName,
        event,
        inputs: { ...LABEL_INPUTS, 'label-trigger': '', prompt: 'Check the changelog.' }
      })
      expect(result.outputs.status).toBe('completed')
      expect(world().promptsSent()).toEqual(['Check the changelog.'])
    }
  )
})

describe('who may label', () => {
  it('a labeler below required-permission: no job, one reply that says why', async () => {
    const result = await runLabelIssue(world(), { permission: 'triage' })
    const reply = skippedWithOneReply(world(), result, 11)
    expect(shown(reply)).toContain(
      'Sorry, `maintainer`: asking the docs agent needs `write` permission on this repository, and yours is `triage`.'
    )
    // The same labeling delivered again: the reply is not posted twice.
    await runLabelIssue(world(), { permission: 'triage' })
    expect(world().botComments(11)).toHaveLength(1)
  })

  it('a labeler with required-permission triage goes on; on a pull request too', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null }, { activePolls: 0, prLink: null })
    const inputs = { 'required-permission': 'triage' }
    await runLabelIssue(world(), { permission: 'triage', inputs })
    await runLabelPull(world(), { permission: 'triage', inputs })
    expect(world().creates()).toHaveLength(2)
  })

  it('a labeler whose permission is below it on a pull request: no job', async () => {
    const result = await runLabelPull(world(), { permission: 'read' })
    expect(result.outputs.status).toBe('skipped')
    expect(world().svc.requests).toHaveLength(0)
    expect(world().callList()).toContain('GET /repos/acme/docs/collaborators/maintainer/permission')
  })

  it('a bot labeler is ignored with no call, unless allowed-bots lists it', async () => {
    const bot = { sender: 'triage-bot[bot]', senderType: 'Bot' as const }
    const ignored = await runAgent(world(), {
      eventName: 'issues',
      event: labeledIssueEvent(bot),
      inputs: LABEL_INPUTS
    })
    expectIgnored(ignored, 'triage-bot[bot] is a bot that is not listed in allowed-bots')

    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const allowed = await runLabelIssue(world(), {
      ...bot,
      permission: null,
      inputs: { 'allowed-bots': 'triage-bot' }
    })
    expect(allowed.outputs.status).toBe('completed')
  })
})

describe('one request per labeling', () => {
  it('the same event delivered twice is one job and one tracking comment', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const spec = labelIssueSpec(world())
    await runAgent(world(), spec)
    const second = await runAgent(world(), { ...spec, env: { GITHUB_RUN_ID: '4243' } })
    expect(world().creates()).toHaveLength(1)
    expect(world().messages()).toHaveLength(0)
    expect(second.outputs['job-id']).toBe('job_1')
    expect(world().botComments(11)).toHaveLength(1)
  })

  it('the label removed and added again is a new request: a follow-up to the thread’s job', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: 'https://github.com/acme/docs-site/pull/3' })
    await runLabelPull(world())
    const again = await runLabelPull(world(), { updatedAt: '2026-11-22T09:00:00Z' })
    expect(world().creates()).toHaveLength(1)
    expect(messagePaths()).toEqual(['/v2/agent/proj_test/job/job_1/message'])
    expect(again.outputs['job-id']).toBe('job_1')
    const comments = world().botComments(12)
    expect(comments).toHaveLength(2)
    expect(markerOf(comments[1].body)).toMatchObject({
      request: 'label-12-4242-2026-11-22T09:00:00Z'
    })
  })

  it('a label without an id (a hand-made event): the key names the label, never "undefined"', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const event = labeledIssueEvent({ label: 'Docs' })
    delete (event.label as Record<string, unknown>).id
    await runAgent(world(), { ...labelIssueSpec(world()), event })
    expect(markerOf(world().botComments(11)[0].body)).toMatchObject({
      request: `label-11-docs-2026-11-21T09:00:00Z`
    })
  })
})

describe('a thread that already tracks a job', () => {
  it('a labelled issue continues the thread’s job with a follow-up message', async () => {
    world().svc.addJob({ id: 'job_7', activePolls: 0, prLink: null })
    addEarlierComment(world(), 'tracking request=issue-11 job=job_7 state=job phase=ended', {
      number: 11
    })
    const result = await runLabelIssue(world())
    expect(world().creates()).toHaveLength(0)
    expect(messagePaths()).toEqual(['/v2/agent/proj_test/job/job_7/message'])
    expect(result.outputs['job-id']).toBe('job_7')
  })

  it('with follow-up false a new job', async () => {
    world().svc.addJob({ id: 'job_7', activePolls: 0, prLink: null })
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    addEarlierComment(world(), 'tracking request=issue-11 job=job_7 state=job phase=ended', {
      number: 11
    })
    await runLabelIssue(world(), { inputs: { 'follow-up': 'false' } })
    expect(world().messages()).toHaveLength(0)
    expect(world().creates()).toHaveLength(1)
  })
})

describe('a merge after a label: one docs PR per code PR', () => {
  const DOCS_PR = 'https://github.com/acme/docs-site/pull/3'

  /** The pull request labelled (job_1, a docs PR), then merged: the merge's run. */
  async function labelThenMerge(inputs: Record<string, string> = {}): Promise<ActionRunResult> {
    world().svc.scriptJobs({ activePolls: 0, prLink: DOCS_PR }, { activePolls: 0, prLink: DOCS_PR })
    await runLabelPull(world())
    const pull = addMergedPull(world())
    return runAgent(world(), { ...mergedPullSpec(pull), inputs: { ...LABEL_INPUTS, ...inputs } })
  }

  it('the merge continues the label’s job with a follow-up naming the merge SHA and carrying the change', async () => {
    const merge = await labelThenMerge()
    expect(world().creates()).toHaveLength(1)
    const sent = world().messages()
    expect(sent.map(m => m.path)).toEqual(['/v2/agent/proj_test/job/job_1/message'])
    const prompt = (sent[0].body as { prompt: string }).prompt
    expect(prompt.startsWith(DEFAULT_CHANGE_INSTRUCTION)).toBe(true)
    expect(prompt).toContain(`Merge commit: ${MERGE_SHA}`)
    expect(prompt).toContain('Changed files (2):')
    expect(merge.outputs).toMatchObject({
      'job-id': 'job_1',
      status: 'completed',
      'pr-url': DOCS_PR
    })
    const comments = world().botComments(12)
    expect(comments).toHaveLength(2)
    expect(markerOf(comments[1].body)).toEqual(
      trackingMarker({ request: `pr-12-${MERGE_SHA}`, job: 'job_1', state: 'job', phase: 'ended' })
    )
    expect(shown(comments[1].body)).toContain('#12 was merged into main by maintainer')
  })

  it('a second delivery of the merge re-attaches: never a follow-up to its own job', async () => {
    await labelThenMerge()
    const pull = addMergedPull(world())
    const again = await runAgent(world(), {
      ...mergedPullSpec(pull),
      inputs: LABEL_INPUTS,
      env: { GITHUB_RUN_ID: '4243' }
    })
    expect(again.outputs['job-id']).toBe('job_1')
    expect(world().messages()).toHaveLength(1)
    expect(world().creates()).toHaveLength(1)
    expect(world().botComments(12)).toHaveLength(2)
  })

  it('with follow-up false the merge starts a new job, as before', async () => {
    const merge = await labelThenMerge({ 'follow-up': 'false' })
    expect(world().messages()).toHaveLength(0)
    expect(world().creates()).toHaveLength(2)
    expect(merge.outputs['job-id']).toBe('job_2')
  })

  it('a merge after a `/mintlify` comment on the pull request continues that job too', async () => {
    world().svc.addJob({ id: 'job_9', activePolls: 0, prLink: DOCS_PR })
    addMergedPull(world())
    addEarlierComment(world(), 'tracking request=comment-77 job=job_9 state=job phase=ended', {
      number: 12,
      // The comment's quote may name the pull request itself: that is no report of it.
      text: '✅ The agent opened a pull request: [acme/docs-site#3](https://github.com/acme/docs-site/pull/3).\n\n> see https://github.com/acme/docs/pull/12'
    })
    const pull = addMergedPull(world())
    const merge = await runAgent(world(), { ...mergedPullSpec(pull), inputs: LABEL_INPUTS })
    expect(merge.outputs['job-id']).toBe('job_9')
    expect(messagePaths()).toEqual(['/v2/agent/proj_test/job/job_9/message'])
    expect(world().creates()).toHaveLength(0)
  })
})

describe('the input', () => {
  it('rejects a label-trigger longer than a label can be, before any request', async () => {
    const result = await runAgent(world(), {
      eventName: 'issues',
      event: labeledIssueEvent(),
      rawInputs: baseInputs(world(), { 'label-trigger': 'x'.repeat(51) })
    })
    expect(result.exitCode).toBe(1)
    expect(result.stdout).toContain('label-trigger')
    expect(world().gh.calls).toEqual([])
  })
})
