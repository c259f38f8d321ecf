/**
 * The loop and noise guards of docs-follow-code: each skip says why in the log, sets status
 * `skipped`, exits 0, writes nothing and calls the service not at all.
 */
import { describe, expect, it } from '@jest/globals'
import type { ActionRunResult } from '../fakes/action-env.js'
import { mergedPullEvent, pushEvent } from '../fakes/webhooks.js'
import {
  addMergedPull,
  CODE_CHANGE_DEFAULTS,
  files,
  MERGE_SHA,
  runMergedPull,
  runPush,
  writes
} from './helpers/code-change.js'
import { addEarlierComment, runAgent, useWorld } from './helpers/world.js'

const world = useWorld()
const AGENT_PR = 'https://github.com/acme/docs/pull/12'

/** A skip: the reason logged, status skipped, exit 0, nothing written, no service call. */
function expectSkipped(result: ActionRunResult, reason: string): void {
  expect(result.exitCode).toBe(0)
  expect(result.outputs.status).toBe('skipped')
  expect(result.stdout).toContain(reason)
  expect(writes(world())).toEqual([])
  expect(world().svc.requests).toHaveLength(0)
}

describe('guards decided from the event alone: no call at all', () => {
  it('an unmerged close', async () => {
    const result = await runAgent(world(), {
      eventName: 'pull_request',
      event: mergedPullEvent({ merged: false }),
      inputs: CODE_CHANGE_DEFAULTS
    })
    expectSkipped(result, 'Nothing to do: the pull request was closed without being merged.')
    expect(world().gh.calls).toHaveLength(0)
  })

  it('a PR with the skip-label (any case)', async () => {
    const result = await runMergedPull(world(), { labels: ['No-Docs'] })
    expectSkipped(result, 'pull request #12 carries the skip-label "no-docs"')
    expect(world().gh.calls).toHaveLength(0)
  })

  it('a bot-authored PR not in allowed-bots; listed, it goes on', async () => {
    const bot = { author: 'renovate[bot]', authorType: 'Bot' as const }
    const skipped = await runMergedPull(world(), bot)
    expectSkipped(
      skipped,
      'the pull request is by renovate[bot], a bot that is not listed in allowed-bots'
    )
    expect(world().gh.calls).toHaveLength(0)

    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const allowed = await runMergedPull(
      world(),
      { ...bot, number: 13 },
      { 'allowed-bots': 'renovate' }
    )
    expect(allowed.outputs.status).toBe('completed')
  })

  it('a tag push and a branch deletion', async () => {
    const tag = await runPush(world(), { ref: 'refs/tags/v1.0.0' })
    expectSkipped(tag, 'refs/tags/v1.0.0 is not a branch push (tags are skipped)')
    const deletion = await runPush(world(), { ref: 'refs/heads/old', deleted: true })
    expectSkipped(deletion, 'the push deleted refs/heads/old')
    expect(world().gh.calls).toHaveLength(0)
  })

  it('a push by a bot not in allowed-bots', async () => {
    const result = await runPush(world(), { sender: 'dependabot[bot]', senderType: 'Bot' })
    expectSkipped(
      result,
      'the push is by dependabot[bot], a bot that is not listed in allowed-bots'
    )
    expect(world().gh.calls).toHaveLength(0)
  })
})

describe('guards that need GitHub’s answers: reads only', () => {
  it('a change where every file matches ignore-paths (the defaults: Markdown, MDX, docs.json)', async () => {
    const result = await runMergedPull(world(), {
      files: files(['README.md', 'docs/guide.mdx', 'docs.json'])
    })
    expectSkipped(result, 'all 3 changed files match ignore-paths')
  })

  it('reads on past the first page while every file so far is ignored', async () => {
    const paths = [...Array.from({ length: 150 }, (_, i) => `docs/p${i}.mdx`), 'src/code.ts']
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const result = await runMergedPull(world(), { files: files(paths) })
    expect(result.outputs.status).toBe('completed')
    expect(world().callList(c => c.endsWith('/files'))).toHaveLength(2)
  })

  it('empty ignore-paths ignores nothing', async () => {
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const result = await runMergedPull(
      world(),
      { files: files(['README.md']) },
      { 'ignore-paths': '' }
    )
    expect(result.outputs.status).toBe('completed')
  })

  it('a PR the agent opened: its conversation holds our back-link, whatever allowed-bots says', async () => {
    addMergedPull(world(), { author: 'mintlify[bot]', authorType: 'Bot' })
    addEarlierComment(world(), 'back-link job=job_7', {
      number: 12,
      text: 'The docs agent opened this pull request.'
    })
    const result = await runMergedPull(
      world(),
      { author: 'mintlify[bot]', authorType: 'Bot' },
      { 'allowed-bots': 'mintlify[bot]' }
    )
    expectSkipped(
      result,
      "pull request #12 was opened by the docs agent (it holds this action's back-link comment)"
    )
  })

  /** Issue #5 holds a tracking-like comment by `user` whose text names the PR's URL. */
  function urlReportedIn5(marker: string, text: string, user?: string): void {
    world().gh.addIssue('acme', 'docs', { number: 5, title: 'Document exports' })
    addEarlierComment(world(), marker, { number: 5, text, user })
  }

  it('a PR the agent opened: a tracking comment of ours elsewhere in the repository reports its URL', async () => {
    urlReportedIn5(
      'tracking request=comment-1 job=job_7 state=job phase=ended',
      `✅ The agent opened a pull request: [acme/docs#12](${AGENT_PR}).`
    )
    const result = await runMergedPull(world())
    expectSkipped(
      result,
      'pull request #12 was opened by the docs agent (the tracking comment in #5 reports it)'
    )
  })

  it('a PR the agent opened: a digest’s note of ours on a code PR links it as the digest’s docs PR', async () => {
    urlReportedIn5(
      'note request=digest-1709200000.0-1709287200.5-first',
      `The docs for this change are in [acme/docs#12](${AGENT_PR}): the Mintlify docs agent covered it in a docs digest.`
    )
    const result = await runMergedPull(world())
    expectSkipped(
      result,
      'pull request #12 was opened by the docs agent (the tracking comment in #5 reports it)'
    )
  })

  it('a person quoting the PR’s URL in a marker-like comment does not make it the agent’s', async () => {
    urlReportedIn5('tracking request=comment-1 job=job_7 state=job', `See ${AGENT_PR}`, 'mallory')
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const result = await runMergedPull(world())
    expect(result.outputs.status).toBe('completed')
  })

  it('a failed search is a warning, not a stop: the back-link in the thread stays the guard', async () => {
    world().gh.inject({ method: 'GET', path: '/search/issues', fault: { status: 422 } })
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const result = await runMergedPull(world())
    expect(result.outputs.status).toBe('completed')
    expect(result.stdout).toContain(
      `::warning::Could not search for a tracking comment that reports ${AGENT_PR}`
    )
  })

  it('a push applies the guards to the PR its head commit came from', async () => {
    addMergedPull(world(), { labels: ['no-docs'] })
    const result = await runAgent(world(), {
      eventName: 'push',
      event: pushEvent({ after: MERGE_SHA }),
      inputs: CODE_CHANGE_DEFAULTS
    })
    expectSkipped(result, 'pull request #12 carries the skip-label "no-docs"')
  })

  it('a push of only ignored files', async () => {
    world().gh.addComparison('acme', 'docs', 'b'.repeat(40), 'd'.repeat(40), {
      commits: [],
      files: files(['docs/index.mdx'])
    })
    const result = await runPush(world(), { after: 'd'.repeat(40) })
    expectSkipped(result, 'the one changed file matches ignore-paths')
  })
})
