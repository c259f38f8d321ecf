/**
 * The deploy action's pure rules: what a run does for an event, and how the service's text is shown
 * (the log fence, the links and images). Which trigger failures are tried again: the one retry rule
 * (mintlify.retry-policy.test.ts).
 */
import { describe, expect, it } from '@jest/globals'
import { MintlifyError } from '../src/mintlify/errors.js'
import { planDeployment } from '../src/deploy/plan.js'
import { parseDeploySettings } from '../src/deploy/settings.js'
import {
  factLines,
  failureLines,
  headline,
  httpsUrl,
  linkOrCode
} from '../src/job/deploy-report.js'
import { refusalText } from '../src/deploy/report.js'
import { codeBlock } from '../src/shared/markdown.js'
import type { RunnerContext } from '../src/shared/runner-context.js'

const context = (eventName: string, payload: Record<string, unknown> = {}): RunnerContext => ({
  eventName,
  payload,
  owner: 'acme',
  repo: 'docs',
  serverUrl: 'https://github.com',
  apiUrl: 'https://api.github.com',
  runId: '1',
  runAttempt: 1,
  job: 'j',
  step: 's',
  workflow: 'w',
  actor: 'a',
  workspace: '/tmp'
})
const settings = (inputs: Record<string, string> = {}) =>
  parseDeploySettings(name => ({ 'api-key': 'mint_x', 'project-id': 'p', ...inputs })[name] ?? '')
const pr = (action: string, headRepo = 'acme/docs') => ({
  action,
  pull_request: {
    number: 4,
    head: { ref: 'docs/x', repo: { full_name: headRepo } },
    base: { repo: { full_name: 'acme/docs' } }
  }
})

describe('the plan', () => {
  it('auto: a preview of the head branch on a pull request, production elsewhere', () => {
    expect(planDeployment(settings(), context('pull_request', pr('opened')))).toEqual({
      kind: 'deploy',
      mode: 'preview',
      branch: 'docs/x',
      thread: 4
    })
    expect(planDeployment(settings({ 'issue-number': '9' }), context('push'))).toEqual({
      kind: 'deploy',
      mode: 'production',
      thread: 9
    })
  })

  const push = (ref: string, extra: Record<string, unknown> = {}) =>
    context('push', { ref, repository: { default_branch: 'main' }, ...extra })

  it('auto on a push: production for the default branch, a preview of any other branch', () => {
    expect(planDeployment(settings(), push('refs/heads/main'))).toEqual({
      kind: 'deploy',
      mode: 'production'
    })
    expect(planDeployment(settings({ 'issue-number': '9' }), push('refs/heads/docs/y'))).toEqual({
      kind: 'deploy',
      mode: 'preview',
      branch: 'docs/y',
      thread: 9
    })
    expect(planDeployment(settings({ branch: 'docs/z' }), push('refs/heads/docs/y'))).toEqual({
      kind: 'deploy',
      mode: 'preview',
      branch: 'docs/z'
    })
    expect(
      planDeployment(settings({ deployment: 'production' }), push('refs/heads/docs/y'))
    ).toEqual({ kind: 'deploy', mode: 'production' })
  })

  it('auto on a push: a deleted branch or a tag is skipped; a payload without the default branch deploys production', () => {
    expect(planDeployment(settings(), push('refs/heads/docs/y', { deleted: true }))).toEqual({
      kind: 'skip',
      reason: 'the branch docs/y was deleted: nothing to preview'
    })
    expect(planDeployment(settings(), push('refs/tags/v1'))).toEqual({
      kind: 'skip',
      reason:
        'a tag push (v1) changes no branch: nothing to deploy (set `deployment: production` to deploy on tags)'
    })
    expect(planDeployment(settings({ deployment: 'production' }), push('refs/tags/v1'))).toEqual({
      kind: 'deploy',
      mode: 'production'
    })
    expect(planDeployment(settings(), push('refs/heads/main', { deleted: true }))).toEqual({
      kind: 'skip',
      reason: 'the branch main was deleted: nothing to deploy'
    })
    expect(planDeployment(settings(), context('push', { ref: 'refs/heads/docs/y' }))).toEqual({
      kind: 'deploy',
      mode: 'production'
    })
  })

  it('skips a closed pull request, and a fork’s unless branch is given', () => {
    expect(planDeployment(settings(), context('pull_request', pr('closed'))).kind).toBe('skip')
    const fork = context('pull_request_target', pr('opened', 'someone/docs'))
    expect(planDeployment(settings(), fork).kind).toBe('skip')
    expect(planDeployment(settings({ branch: 'docs/y' }), fork)).toMatchObject({ branch: 'docs/y' })
  })

  it('production on a pull request when asked: no branch, the PR still gets the report', () => {
    expect(
      planDeployment(settings({ deployment: 'production' }), context('pull_request', pr('opened')))
    ).toEqual({ kind: 'deploy', mode: 'production', thread: 4 })
  })
})

describe('the headline', () => {
  const production = { mode: 'production', elapsedMs: 1_000, maxWaitMs: 60_000 } as const

  it('a production success names the branch that went live, when the service gives it', () => {
    const deployment = { id: 's', status: 'success', logs: [], commit: { ref: 'main' } }
    expect(headline({ ...production, status: 'success', deployment })).toBe(
      '✅ The production deployment of `main` succeeded.'
    )
    expect(
      headline({ ...production, status: 'success', deployment: { ...deployment, commit: {} } })
    ).toBe('✅ The production deployment succeeded.')
  })
})

describe('the service’s text, shown', () => {
  it('a fence longer than any backtick run in the logs, so no line closes it', () => {
    expect(codeBlock(['a', '````` b'], 'text')).toBe('``````text\na\n````` b\n``````')
    expect(codeBlock(['plain'], 'text')).toBe('```text\nplain\n```')
  })

  it('the last 30 lines, control characters dropped', () => {
    const logs = Array.from({ length: 35 }, (_, i) => `line ${i + 1}\u001b[31m`)
    const [details] = failureLines({ id: 's', status: 'failure', logs })
    expect(details).toContain('The last 30 log lines')
    expect(details).toContain('```text\nline 6[31m\n')
    expect(details).not.toContain('line 5[31m')
  })

  it('a cut never splits a character: a log line, the summary, the commit, the service’s error text', () => {
    const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
    const [summary, details] = failureLines({
      id: 's',
      status: 'failure',
      summary: `${'s'.repeat(999)}😀 more`,
      logs: [`${'a'.repeat(499)}😀 more`]
    })
    expect(summary).not.toMatch(loneSurrogate)
    expect(details).not.toMatch(loneSurrogate)
    const commit = { sha: '0123456789', message: `${'c'.repeat(199)}😀 more` }
    const [commitLine] = factLines({ id: 's', status: 'success', logs: [], commit })
    expect(commitLine).not.toMatch(loneSurrogate)
    const refused = new MintlifyError({
      operation: 'trigger-preview',
      kind: 'http',
      status: 400,
      serviceMessage: `${'e'.repeat(499)}😀 more`,
      mayHaveReachedServer: true,
      target: 'project p'
    })
    expect(refusalText(refused, 'preview')).not.toMatch(loneSurrogate)
  })

  it('links and images only for https URLs without credentials', () => {
    expect(httpsUrl('https://x.test/a(b)')).toBe('https://x.test/a%28b%29')
    expect(httpsUrl('http://x.test/')).toBeUndefined()
    expect(httpsUrl('javascript:alert(1)')).toBeUndefined()
    expect(httpsUrl('https://u:p@x.test/')).toBeUndefined()
    expect(linkOrCode('http://x.test/')).toBe('`http://x.test/`')
  })

  it('a 403 on a preview names the plan; the service’s words are in a code span', () => {
    const text = refusalText(
      new MintlifyError({
        operation: 'trigger-preview',
        kind: 'http',
        status: 403,
        serviceMessage: 'no `previews` here',
        mayHaveReachedServer: true,
        target: 'project p'
      }),
      'preview'
    )
    expect(text).toContain('preview deployments need a Pro or Enterprise plan')
    expect(text).toContain('``no `previews` here``')
  })
})
