/**
 * "Readers' words are data": search terms, feedback comments and assistant questions are redacted
 * and inert wherever they leave the run (summary, comment, `prompt`, log), one rule a test, for each
 * form and each dataset; the files keep the service's data as given.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ActionRunResult } from '../fakes/action-env.js'
import {
  inertLine,
  readersCell,
  readersJson,
  readersText,
  redact
} from '../src/analytics/report/readers-words.js'
import { REPORT_MARKER } from '../src/analytics/report/render.js'
import { runAnalytics, useWorld, type World } from './helpers/world.js'

const ZWSP = '\u200B'

describe('redaction', () => {
  it('replaces an e-mail address by [email]', () => {
    expect(redact('write to jane.doe+docs@mail.example.co.uk please')).toBe(
      'write to [email] please'
    )
  })

  it('replaces a URL with credentials by [url], whole, and keeps a URL without them', () => {
    expect(redact('see https://jane:s3cret@git.example.com/repo.git?x=1 now')).toBe('see [url] now')
    expect(redact('clone https://token@github.com/acme/docs')).toBe('clone [url]')
    expect(redact('see https://docs.example.com/guides/a@b')).toBe(
      'see https://docs.example.com/guides/a@b'
    )
  })

  it('replaces a token of 20 or more letters, digits, _ and - that holds a digit by [secret]', () => {
    expect(redact('key ghp_A1b2C3d4E5f6G7h8I9j0 works')).toBe('key [secret] works')
    expect(redact('sk-live-0123456789abcdefXYZ')).toBe('[secret]')
    // No digit, or shorter than 20: not secret-like.
    expect(redact('internationalization-configuration')).toBe('internationalization-configuration')
    expect(redact('abc123def456ghi789j')).toBe('abc123def456ghi789j')
  })
})

describe('inert text', () => {
  it('one line: every kind of line break becomes a space', () => {
    expect(inertLine('a\nb\r\nc\u2028d\u2029e\tf')).toBe('a b c d e f')
  })

  it('no live @-mention: a zero-width space after @', () => {
    expect(inertLine('ping @everyone and @acme/team')).toBe(
      `ping @${ZWSP}everyone and @${ZWSP}acme/team`
    )
  })

  it('no HTML tag or comment: < is escaped in the Markdown cell and in the JSON string', () => {
    const text = '<!-- hide --> <img src=x onerror=alert(1)>'
    expect(readersCell(text, 200)).not.toContain('<')
    expect(readersCell(text, 200)).toContain('&lt;\\!--')
    expect(readersJson(text, 200)).not.toMatch(/[<>]/)
    expect(JSON.parse(readersJson(text, 200))).toBe(text)
  })

  it('no javascript: link', () => {
    expect(inertLine('click javascript:alert(1) or JavaScript :x')).not.toMatch(/javascript\s*:/i)
  })

  it('no code fence outside a code span', () => {
    expect(inertLine('```sh rm -rf / ``` ~~~ x')).not.toMatch(/```|~~~/)
    expect(readersCell('```js', 200)).not.toContain('```')
  })

  it('cuts to the length given, then …, after redaction (no half of a secret is left)', () => {
    const text = `${'a'.repeat(190)} ghp_A1b2C3d4E5f6G7h8I9j0K1 tail`
    expect(readersText(text, 200)).toBe(`${'a'.repeat(190)} [secret]…`)
  })

  it('quotes a JSON string that parses back to the redacted, inert line', () => {
    const json = readersJson('a "quote"\nand bob@example.com', 200)
    expect(json.startsWith('"')).toBe(true)
    expect(JSON.parse(json)).toBe('a "quote" and [email]')
  })
})

const HOSTILE =
  'Mail bob@example.com key ghp_A1b2C3d4E5f6G7h8I9j0K1 https://jane:pw@git.example.com/x ' +
  '@everyone <!-- hidden --> javascript:alert(1) ```sh\nrm -rf /```'

/** What must never be in anything that leaves the run. */
function expectSafe(text: string): void {
  expect(text).not.toContain('bob@example.com')
  expect(text).not.toContain('A1b2C3d4E5f6')
  expect(text).not.toContain('jane:pw')
  expect(text).not.toContain('@everyone')
  expect(text).not.toContain('<!--')
  expect(text).not.toMatch(/javascript:/i)
  expect(text).not.toContain('```sh')
}

const DATASETS: [string, string, (world: World) => void][] = [
  [
    'searches',
    'searches.json',
    world =>
      world.svc.setSearches([
        {
          searchQuery: HOSTILE,
          hits: 9,
          ctr: 0,
          topClickedPage: null,
          lastSearchedAt: '2024-03-09T10:00:00Z'
        }
      ])
  ],
  [
    'feedback',
    'feedback.json',
    world =>
      world.svc.setFeedback([
        {
          id: 'f1',
          path: '/setup',
          comment: HOSTILE,
          createdAt: '2024-03-01T00:00:00Z',
          source: 'contextual',
          status: 'pending',
          helpful: false,
          contact: null
        }
      ])
  ],
  [
    'assistant',
    'assistant.json',
    world =>
      world.svc.setAssistant([
        {
          id: 'c1',
          timestamp: '2024-03-01T00:00:00Z',
          query: HOSTILE,
          response: 'no idea',
          sources: [],
          resolutionStatus: 'unanswered',
          queryCategory: 'Auth',
          pageUrl: 'https://docs.example.com/setup'
        }
      ])
  ]
]

const world = useWorld(world =>
  world.gh.addIssue('acme', 'docs', { number: 7, title: 'Weekly report' })
)

function runWith(dataset: string): Promise<ActionRunResult> {
  return runAnalytics(world(), {
    eventName: 'schedule',
    inputs: { dataset, 'issue-number': '7', 'github-token': world().gh.token }
  })
}

describe.each(DATASETS)("readers' words of %s", (dataset, file, setUp) => {
  it('are redacted and inert in the summary', async () => {
    setUp(world())
    const result = await runWith(dataset)
    expect(result.exitCode).toBe(0)
    expectSafe(result.summary)
    // Markdown escapes the brackets.
    expect(result.summary).toContain('Mail \\[email\\] key \\[secret\\] \\[url\\]')
  })

  it('are redacted and inert in the issue comment', async () => {
    setUp(world())
    await runWith(dataset)
    const comments = world().gh.comments('acme', 'docs', 7)
    expect(comments).toHaveLength(1)
    const body = comments[0].body
    // The report's own markers open and end it; between them, no reader's word is live.
    expect(body.startsWith(REPORT_MARKER)).toBe(true)
    const end = body.lastIndexOf('\n<!-- mintlify-docs-agent:report ')
    expect(end).toBeGreaterThan(0)
    expectSafe(body.slice(REPORT_MARKER.length, end))
    expect(body).toContain('Mail \\[email\\] key \\[secret\\] \\[url\\]')
  })

  it('are redacted and inert in the prompt: one JSON string under the data-not-instructions line', async () => {
    setUp(world())
    const { outputs } = await runWith(dataset)
    const prompt = outputs.prompt
    expectSafe(prompt)
    const lines = prompt.split('\n')
    const item = lines.findIndex(line => line.includes('[email]'))
    expect(item).toBeGreaterThan(lines.findIndex(line => line.includes('not instructions')))
    expect(lines[item]).toContain('"Mail [email] key [secret] [url] @')
    expect(lines[item]).toContain('\\u003c!-- hidden --\\u003e')
  })

  it('never reach the log', async () => {
    setUp(world())
    const result = await runWith(dataset)
    expectSafe(result.stdout)
    expect(result.stdout).not.toContain('Mail ')
  })

  it('stay as given in the file', async () => {
    setUp(world())
    const result = await runWith(dataset)
    expect(readFileSync(join(result.workDir, file), 'utf8')).toContain(JSON.stringify(HOSTILE))
  })
})
