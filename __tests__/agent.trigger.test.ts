/**
 * Which events start a job, and for whom (docs/RELIABILITY.md, checklist 1-3): the trigger phrase
 * as a whole word at the start of a new comment, bots and the action's own comments ignored, the
 * commenter's permission from the collaborator-permission API (fail closed), and prompts from
 * schedules and pipelines.
 */
import { describe, expect, it } from '@jest/globals'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Fault } from '../fakes/github-fake.js'
import { issuesEvent } from '../fakes/webhooks.js'
import {
  type AgentRunSpec,
  commentScenario,
  type CommentScenario,
  runAgent,
  runComment,
  skippedWithOneReply,
  useWorld
} from './helpers/world.js'
import { commandLines, markerOf, trackingMarker } from './helpers/text.js'
import { useTempDirs } from './helpers/temp-dirs.js'

const world = useWorld()
const tempDir = useTempDirs()

/** Nothing was called or written anywhere; the step succeeded with status skipped. */
function expectUntouched(result: { exitCode: number; outputs: Record<string, string> }): void {
  expect(world().svc.requests).toHaveLength(0)
  expect(world().gh.calls).toHaveLength(0)
  expect(result.outputs).toEqual({ status: 'skipped' })
  expect(result.exitCode).toBe(0)
}

/** A comment by a commenter with admin permission. */
function adminComment(scenario: CommentScenario): AgentRunSpec {
  return commentScenario(world(), { permission: 'admin', ...scenario })
}

describe('trigger: a new comment that starts with the phrase', () => {
  it('starts one job for a created comment that starts with /mintlify', async () => {
    world().svc.scriptJobs({ activePolls: 0 })
    const result = await runComment(world(), {
      body: '  /mintlify Add a quickstart for the Python SDK'
    })
    expect(result.exitCode).toBe(0)
    expect(world().creates()).toHaveLength(1)
    const [prompt] = world().promptsSent()
    expect(
      prompt.startsWith('Add a quickstart for the Python SDK\n\n--- Context from GitHub')
    ).toBe(true)
    expect(result.outputs.status).toBe('completed')
  })

  it('takes the instruction from the following lines of the comment too', async () => {
    const body = '/mintlify\nDocument the new `retry` option.\nMention the default.'
    world().svc.scriptJobs({ activePolls: 0 })
    await runComment(world(), { body })
    const [prompt] = world().promptsSent()
    expect(prompt.startsWith('Document the new `retry` option.\nMention the default.\n\n')).toBe(
      true
    )
  })

  const notTriggers: [string, () => AgentRunSpec][] = [
    ['a deleted comment', () => adminComment({ action: 'deleted' })],
    ['an edited comment', () => adminComment({ action: 'edited' })],
    ['a comment without the trigger', () => adminComment({ body: 'Looks good to me' })],
    ['/mintlifyx (not a whole word)', () => adminComment({ body: '/mintlifyx Add a quickstart' })],
    [
      '/mintlify-docs (not a whole word)',
      () => adminComment({ body: '/mintlify-docs Add a quickstart' })
    ],
    [
      'the trigger in mid-text',
      () => adminComment({ body: 'Could someone run /mintlify Add a quickstart' })
    ],
    [
      'the trigger in a quote',
      () => adminComment({ body: '> /mintlify Add a quickstart\n\nThis did not work' })
    ],
    [
      'a closed issue event',
      () => {
        world().gh.setPermission('acme', 'docs', 'maintainer', 'admin')
        return {
          eventName: 'issues',
          event: issuesEvent({ action: 'edited', title: 'x', body: 'y' })
        }
      }
    ]
  ]

  it.each(notTriggers)('calls nothing and writes nothing for %s', async (_name, spec) => {
    const result = await runAgent(world(), spec())
    expectUntouched(result)
    expect(result.stdout).toMatch(/Nothing to do: /)
  })

  it('honours a custom trigger-phrase as a whole word', async () => {
    const inputs = { 'trigger-phrase': '@docs-bot' }
    // The thread holds the '@docs-bot' comment; the first event carries the same comment as '/mintlify'.
    const asked = commentScenario(world(), { body: '@docs-bot fix the typo', inputs })
    const other = commentScenario(world(), { body: '/mintlify fix the typo', inputs })
    world().svc.scriptJobs({ activePolls: 0 })
    const ignored = await runAgent(world(), other)
    expect(ignored.outputs.status).toBe('skipped')
    expect(world().creates()).toHaveLength(0)
    await runAgent(world(), asked)
    expect(world().creates()).toHaveLength(1)
    expect(world().promptsSent()[0].startsWith('fix the typo\n\n')).toBe(true)
  })
})

describe('trigger: bots and the action’s own comments', () => {
  const RENOVATE: CommentScenario = {
    body: '/mintlify bump the docs',
    login: 'renovate[bot]',
    userType: 'Bot'
  }

  /** renovate[bot] asks, with `allowedBots` as the allowed-bots input. */
  function runAllowedBot(allowedBots: string) {
    return runComment(world(), {
      ...RENOVATE,
      permission: null,
      inputs: { 'allowed-bots': allowedBots }
    })
  }

  it('ignores a bot that is not listed in allowed-bots, without any request', async () => {
    const result = await runComment(world(), { ...RENOVATE, permission: null })
    expectUntouched(result)
    expect(result.stdout).toContain('renovate[bot] is a bot that is not listed in allowed-bots')
  })

  it('ignores a Bot-typed user even without the [bot] suffix', async () => {
    const result = await runComment(world(), { ...RENOVATE, login: 'ci-helper', permission: null })
    expectUntouched(result)
  })

  it('lets a bot listed in allowed-bots start a job', async () => {
    world().svc.scriptJobs({ activePolls: 0 })
    const result = await runAllowedBot('dependabot[bot], Renovate[bot]')
    expect(result.exitCode).toBe(0)
    expect(world().creates()).toHaveLength(1)
    // A listed bot is admitted by the list: the permission endpoint is not asked.
    expect(world().callList(c => c.includes('/permission')).length > 0).toBe(false)
  })

  it('accepts an allowed-bots entry with or without the [bot] suffix', async () => {
    world().svc.scriptJobs({ activePolls: 0 })
    const result = await runAllowedBot('renovate')
    expect(result.outputs.status).toBe('completed')
    expect(world().creates()).toHaveLength(1)
  })

  it('does not let a person whose login matches an allowed bot skip the permission check', async () => {
    const result = await runComment(world(), {
      body: '/mintlify bump the docs',
      login: 'renovate',
      permission: 'read',
      inputs: { 'allowed-bots': 'renovate' }
    })
    expect(result.outputs).toEqual({ status: 'skipped' })
    expect(world().creates()).toHaveLength(0)
  })

  it('never starts a job from a comment that carries the action’s marker, even from an allowed bot', async () => {
    const body =
      '/mintlify Add a quickstart\n\n<!-- mintlify-docs-agent:tracking request=comment-1 job=job_1 state=job -->'
    const fromPerson = await runAgent(world(), adminComment({ body }))
    expectUntouched(fromPerson)
    const fromBot = await runComment(world(), {
      body,
      login: 'github-actions[bot]',
      userType: 'Bot',
      permission: null,
      inputs: { 'allowed-bots': 'github-actions[bot]' }
    })
    expectUntouched(fromBot)
    expect(fromBot.stdout).toContain('the comment is this action’s own')
  })
})

describe('trigger: an empty instruction', () => {
  it('replies once asking for an instruction and starts no job', async () => {
    const result = await runComment(world(), { body: '/mintlify   ' })
    const reply = skippedWithOneReply(world(), result)
    expect(reply).toContain(
      'Please add an instruction after `/mintlify`, for example: `/mintlify document the new rate-limit headers`'
    )
    expect(markerOf(reply)).toEqual({ kind: 'reply', request: 'comment-9001' })
    expect(world().callList()).toEqual([
      'GET /repos/acme/docs/collaborators/maintainer/permission',
      // One look for a reply posted already (a re-run posts none), by the token's identity.
      'GET /repos/acme/docs/issues/7/comments',
      'POST /graphql',
      'POST /repos/acme/docs/issues/7/comments'
    ])
  })

  it('asks for an instruction in the review thread for an empty review comment', async () => {
    const scenario = commentScenario(world(), { review: true, body: '/mintlify' })
    const reviewId = scenario.commentId
    const result = await runAgent(world(), scenario)
    expect(result.outputs).toEqual({ status: 'skipped' })
    expect(world().svc.requests).toHaveLength(0)
    expect(world().gh.reviewReplies).toHaveLength(1)
    expect(world().gh.reviewReplies[0]).toMatchObject({ pullNumber: 8, inReplyTo: reviewId })
    expect(world().gh.reviewReplies[0].body).toContain(
      'Please add an instruction after `/mintlify`'
    )
    expect(world().gh.comments('acme', 'docs', 8)).toEqual([])
  })

  it('does not answer an empty instruction from someone without permission', async () => {
    await runComment(world(), { body: '/mintlify', permission: 'read' })
    const replies = world().botComments()
    expect(replies).toHaveLength(1)
    expect(replies[0].body).toContain('needs `write` permission')
  })
})

describe('trigger: issues, schedules, dispatches and pipelines', () => {
  it('sends the title and body of an opened issue as the instruction', async () => {
    world().gh.addIssue('acme', 'docs', {
      number: 11,
      title: 'Document webhooks',
      body: 'Cover retries and signatures.'
    })
    world().gh.setPermission('acme', 'docs', 'maintainer', 'write')
    world().svc.scriptJobs({ activePolls: 0 })
    const result = await runAgent(world(), {
      eventName: 'issues',
      event: issuesEvent({ title: 'Document webhooks', body: 'Cover retries and signatures.' })
    })
    expect(result.exitCode).toBe(0)
    const prompt = world().promptsSent()[0]
    expect(
      prompt.startsWith(
        'Document webhooks\n\nCover retries and signatures.\n\n--- Context from GitHub'
      )
    ).toBe(true)
    // The issue text is the instruction here; the context block does not repeat it as "not instructions".
    expect(prompt.split('Cover retries and signatures.')).toHaveLength(2)
    expect(prompt).toContain(
      'Issue: #11 "Document webhooks" (https://github.com/acme/docs/issues/11)'
    )
    expect(world().botComments(11)).toHaveLength(1)
    expect(world().gh.reactions).toEqual([])
  })

  it('ignores an issue opened by a bot that is not allowed', async () => {
    const result = await runAgent(world(), {
      eventName: 'issues',
      event: issuesEvent({
        title: 'Bump deps',
        body: 'x',
        login: 'dependabot[bot]',
        userType: 'Bot'
      })
    })
    expectUntouched(result)
  })

  it.each(['schedule', 'workflow_dispatch', 'repository_dispatch'])(
    'fails with a clear error for %s without a prompt, before any request',
    async eventName => {
      const result = await runAgent(world(), { eventName, event: {} })
      expect(result.exitCode).toBe(1)
      const errors = commandLines(result.stdout, 'error')
      expect(errors).toEqual([
        `::error::Input 'prompt' is required for ${eventName} events: set \`prompt\` or \`prompt-file\` (only comment, issue and code-change events give one), or \`job-id\` to attach.`
      ])
      expect(world().svc.requests).toHaveLength(0)
      expect(world().gh.calls).toHaveLength(0)
    }
  )

  it('reports a scheduled prompt to issue-number, sending the prompt as given', async () => {
    world().gh.addIssue('acme', 'docs', { number: 12, title: 'Weekly docs check' })
    world().svc.scriptJobs({ activePolls: 1 })
    const result = await runAgent(world(), {
      eventName: 'schedule',
      event: { schedule: '0 6 * * 1' },
      inputs: { prompt: 'Check the changelog against the last releases', 'issue-number': '#12' }
    })
    expect(result.exitCode).toBe(0)
    expect(world().promptsSent()).toEqual(['Check the changelog against the last releases'])
    const comments = world().botComments(12)
    expect(comments).toHaveLength(1)
    expect(comments[0].body).toContain(
      '✅ The agent opened a pull request: [acme/docs#1](https://github.com/acme/docs/pull/1)'
    )
    // One request per run, job, step and input: the key names all four (the input as a digest).
    const marker = markerOf(comments[0].body)
    expect(marker?.request).toMatch(/^run-4242:docs:agent:[0-9a-f]{12}$/)
    expect(marker).toEqual(
      trackingMarker({ request: marker?.request, job: 'job_1', state: 'job', phase: 'ended' })
    )
    // No commenter: no permission check and no reaction.
    expect(world().callList()).toEqual([
      'GET /repos/acme/docs/issues/12/comments',
      'POST /graphql',
      'POST /repos/acme/docs/issues/12/comments',
      'GET /repos/acme/docs/issues/12/comments',
      `PATCH /repos/acme/docs/issues/comments/${comments[0].id}`,
      // The back-link's look for an earlier one, before the comment shows the end.
      'GET /repos/acme/docs/issues/1/comments',
      `PATCH /repos/acme/docs/issues/comments/${comments[0].id}`
    ])
  })

  it('reads prompt-file from the workspace and sends it as given', async () => {
    const workspace = tempDir('agent-workspace-')
    mkdirSync(join(workspace, 'prompts'))
    const text = 'Review the API reference.\n\n- Check every endpoint\n- Fix broken examples'
    writeFileSync(join(workspace, 'prompts', 'weekly.md'), `${text}\n`)
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    const result = await runAgent(world(), {
      eventName: 'workflow_dispatch',
      inputs: { 'prompt-file': 'prompts/weekly.md' },
      env: { GITHUB_WORKSPACE: workspace }
    })
    expect(result.exitCode).toBe(0)
    expect(world().promptsSent()).toEqual([text])
    expect(result.outputs.status).toBe('completed')
    expect(world().gh.calls).toHaveLength(0)
  })

  it('sends a long prompt-file whole, without cutting it', async () => {
    const workspace = tempDir('agent-workspace-')
    const text = Array.from(
      { length: 400 },
      (_, i) => `${i + 1}. Check the page about topic ${i + 1}.`
    ).join('\n')
    expect(text.length).toBeGreaterThan(12_000)
    writeFileSync(join(workspace, 'long.md'), text)
    world().svc.scriptJobs({ activePolls: 0, prLink: null })
    await runAgent(world(), {
      eventName: 'workflow_dispatch',
      inputs: { 'prompt-file': join(workspace, 'long.md') }
    })
    expect(world().promptsSent()).toEqual([text])
  })
})

describe('authorization: the permission comes from the API, fail closed', () => {
  /** Every call to the permission endpoint meets `fault`. */
  function permissionEndpointFails(fault: Fault): void {
    world().gh.inject({ method: 'GET', path: /\/permission$/, times: Infinity, fault })
  }

  it.each(['read', 'none'] as const)(
    'refuses a commenter with %s permission: one reply, no job, skipped',
    async permission => {
      const result = await runComment(world(), { permission })
      expect(result.exitCode).toBe(0)
      expect(result.outputs).toEqual({ status: 'skipped' })
      expect(world().svc.requests).toHaveLength(0)
      const replies = world().botComments()
      expect(replies).toHaveLength(1)
      expect(replies[0].body).toContain(
        `Sorry, \`maintainer\`: asking the docs agent needs \`write\` permission on this repository, and yours is \`${permission}\`.`
      )
      expect(world().gh.reactions).toEqual([])
    }
  )

  it('refuses a login the permission endpoint does not know (404)', async () => {
    const result = await runComment(world(), { login: 'stranger', permission: null })
    expect(result.outputs).toEqual({ status: 'skipped' })
    expect(world().svc.requests).toHaveLength(0)
    const [reply] = world().botComments()
    expect(reply.body).toContain('yours is `none`')
  })

  it('refuses when the permission endpoint keeps failing with 500, after a bounded number of tries', async () => {
    permissionEndpointFails({ status: 500 })
    const result = await runComment(world(), { permission: 'admin' })
    expect(result.exitCode).toBe(0)
    expect(result.outputs).toEqual({ status: 'skipped' })
    expect(world().svc.requests).toHaveLength(0)
    expect(world().callList(c => c.endsWith('/permission'))).toHaveLength(4)
    const replies = world().botComments()
    expect(replies).toHaveLength(1)
    expect(replies[0].body).toContain('could not be checked')
    expect(replies[0].body).not.toContain('yours is `unknown`')
  })

  it('refuses when the permission endpoint cannot be reached (connection reset)', async () => {
    permissionEndpointFails({ kind: 'reset' })
    const result = await runComment(world(), { permission: 'admin' })
    expect(result.outputs).toEqual({ status: 'skipped' })
    expect(world().svc.requests).toHaveLength(0)
    expect(world().botComments()).toHaveLength(1)
  })

  it('recovers from one 500 of the permission endpoint (a read is retried)', async () => {
    world().gh.inject({ method: 'GET', path: /\/permission$/, fault: { status: 500 } })
    world().svc.scriptJobs({ activePolls: 0 })
    const result = await runComment(world(), { permission: 'write' })
    expect(result.outputs.status).toBe('completed')
    expect(world().creates()).toHaveLength(1)
  })

  it.each(['write', 'maintain', 'admin'] as const)(
    'starts a job for a commenter with %s permission',
    async permission => {
      world().svc.scriptJobs({ activePolls: 0 })
      const result = await runComment(world(), { permission })
      expect(result.outputs.status).toBe('completed')
      expect(world().creates()).toHaveLength(1)
    }
  )

  it('does not trust author_association: OWNER with an API answer of read gets no job', async () => {
    const result = await runComment(world(), { authorAssociation: 'OWNER', permission: 'read' })
    expect(result.outputs).toEqual({ status: 'skipped' })
    expect(world().creates()).toHaveLength(0)
  })

  it('admits triage when required-permission is triage, and still refuses read', async () => {
    const inputs = { 'required-permission': 'triage' }
    world().svc.scriptJobs({ activePolls: 0 })
    const admitted = await runComment(world(), { permission: 'triage', inputs })
    expect(admitted.outputs.status).toBe('completed')
    const refused = await runComment(world(), { login: 'reader', permission: 'read', inputs })
    expect(refused.outputs.status).toBe('skipped')
    expect(world().creates()).toHaveLength(1)
  })

  it('refuses a maintainer when required-permission is admin', async () => {
    const result = await runComment(world(), {
      permission: 'maintain',
      inputs: { 'required-permission': 'admin' }
    })
    expect(result.outputs.status).toBe('skipped')
    expect(world().botComments()[0].body).toContain(
      'needs `admin` permission on this repository, and yours is `maintain`'
    )
  })

  it('refuses everyone when there is no github-token to check with, and writes nothing', async () => {
    const result = await runComment(world(), { permission: null, inputs: { 'github-token': '' } })
    expect(result.outputs).toEqual({ status: 'skipped' })
    expect(world().svc.requests).toHaveLength(0)
    expect(world().gh.calls).toHaveLength(0)
  })

  it('answers a refused review comment in its review thread, not on the pull request', async () => {
    const scenario = commentScenario(world(), {
      review: true,
      body: '/mintlify explain this',
      permission: 'read',
      thread: { title: 'Add SDK' }
    })
    const reviewId = scenario.commentId
    const result = await runAgent(world(), scenario)
    expect(result.outputs).toEqual({ status: 'skipped' })
    expect(world().gh.reviewReplies).toHaveLength(1)
    expect(world().gh.reviewReplies[0]).toMatchObject({ pullNumber: 8, inReplyTo: reviewId })
    expect(world().gh.reviewReplies[0].body).toContain('needs `write` permission')
    expect(world().gh.comments('acme', 'docs', 8)).toEqual([])
    expect(world().callList()).toEqual([
      'GET /repos/acme/docs/collaborators/maintainer/permission',
      'GET /repos/acme/docs/pulls/8/comments',
      'POST /graphql',
      `POST /repos/acme/docs/pulls/8/comments/${reviewId}/replies`
    ])
  })
})
