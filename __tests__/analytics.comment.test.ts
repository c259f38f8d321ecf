/** The optional report comment on `issue-number`, against the GitHub fake. */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { run } from '../src/analytics/main.js'
import { REPORT_MARKER } from '../src/analytics/report.js'
import { VirtualClock } from '../src/shared/clock.js'
import { GitHubFake } from '../fakes/github-fake.js'
import { ServiceEmulator } from '../fakes/service-emulator.js'
import { cleanUp, runInProcess, type ActionRunResult } from '../fakes/action-env.js'

let emulator: ServiceEmulator
let github: GitHubFake
const results: ActionRunResult[] = []

beforeEach(async () => {
  emulator = await ServiceEmulator.start()
  github = await GitHubFake.start()
  github.addIssue('acme', 'docs', { number: 7, title: 'Weekly page views' })
})

afterEach(async () => {
  expect(emulator.contractViolations).toEqual([])
  await Promise.all([emulator.close(), github.close()])
  results.splice(0).forEach(cleanUp)
})

async function runExport(inputs: Record<string, string>): Promise<ActionRunResult> {
  const result = await runInProcess(
    {
      eventName: 'schedule',
      inputs: {
        'api-key': emulator.apiKey,
        'project-id': emulator.projectId,
        'api-url': emulator.url,
        'github-token': github.token,
        ...inputs
      },
      env: { GITHUB_API_URL: github.url }
    },
    () => run({ clock: new VirtualClock(Date.parse('2024-03-10T12:00:00Z')) })
  )
  results.push(result)
  return result
}

describe('report comment', () => {
  it('posts the report once to issue-number, with inert paths and a link to the run', async () => {
    emulator.setPageViews([
      { path: '/@octocat/guide', human: 8, ai: 2, total: 10 },
      { path: '/quickstart', human: 3, ai: 1, total: 4 }
    ])
    const result = await runExport({ 'issue-number': '7' })

    expect(result.exitCode).toBe(0)
    const comments = github.comments('acme', 'docs', 7)
    expect(comments).toHaveLength(1)
    const body = comments[0].body
    expect(body.startsWith(REPORT_MARKER)).toBe(true)
    expect(body).toContain('| Human | 11 | 78.6% |')
    expect(body).toContain('| 2 | /quickstart | 4 | 3 | 1 | 25.0% |')
    expect(body).not.toMatch(/@octocat/)
    expect(body).toContain('[Workflow run](https://github.com/acme/docs/actions/runs/4242)')
    expect(body).not.toContain(emulator.apiKey)
    expect(github.calls.filter(c => c.method === 'POST')).toHaveLength(1)
    expect(result.outputs.pages).toBe('2')
  })

  it('posts nothing when issue-number is empty', async () => {
    emulator.generatePageViews(3)
    const result = await runExport({})
    expect(result.exitCode).toBe(0)
    expect(github.calls).toHaveLength(0)
  })

  it('keeps the export a success, with a warning, when the comment cannot be posted', async () => {
    emulator.generatePageViews(3)
    github.denyRepo('acme', 'docs', 403)
    const result = await runExport({ 'issue-number': '7' })
    expect(result.exitCode).toBe(0)
    expect(result.outputs.pages).toBe('3')
    expect(result.stdout).toMatch(
      /::warning::The export succeeded, but the report could not be posted to #7/
    )
    expect(result.summary).toContain('### Mintlify page views')
  })

  it('does not post twice when the comment request fails after GitHub stored it', async () => {
    emulator.generatePageViews(3)
    github.inject({
      method: 'POST',
      path: '/repos/acme/docs/issues/7/comments',
      fault: { status: 502, process: true }
    })
    const result = await runExport({ 'issue-number': '7' })
    expect(result.exitCode).toBe(0)
    expect(github.comments('acme', 'docs', 7)).toHaveLength(1)
  })
})
