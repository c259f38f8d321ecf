/**
 * The markers: whose marker counts (only one in a comment of the identity the token posts as), and
 * one type per kind, written and read back as the comments on GitHub already carry them.
 */
import { describe, expect, it } from '@jest/globals'
import type { IssueComment } from '../src/github/comments.js'
import { WORKFLOW_BOT, type Identity } from '../src/github/identity.js'
import { ownMarker, readFinalMarker, renderMarker, type Marker } from '../src/job/markers.js'

const TRACKING: Marker = { kind: 'tracking', request: 'comment-9001', job: 'job_1', state: 'job' }
const DOCS_BOT: Identity = { login: 'docs-bot', isBot: false }

function comment(
  body: string,
  user: { login: string; type: string } = { login: WORKFLOW_BOT.login, type: 'Bot' }
): IssueComment {
  return {
    id: 1,
    body,
    htmlUrl: 'https://github.com/acme/docs/issues/7#issuecomment-1',
    userLogin: user.login,
    userType: user.type
  }
}

const layout = (marker: Marker): string =>
  `**Mintlify docs agent**\n\ntext\n\n${renderMarker(marker)}`

describe('ownMarker: the marker of a comment of ours, or nothing', () => {
  it('reads the final marker of a comment the identity wrote', () => {
    expect(ownMarker(comment(layout(TRACKING)), WORKFLOW_BOT)).toMatchObject(TRACKING)
    const login = { login: 'GitHub-Actions[bot]', type: 'Bot' }
    expect(ownMarker(comment(layout(TRACKING), login), WORKFLOW_BOT)?.kind).toBe('tracking')
    const person = { login: 'docs-bot', type: 'User' }
    expect(ownMarker(comment(layout(TRACKING), person), DOCS_BOT)?.kind).toBe('tracking')
  })

  it.each<[string, { login: string; type: string }, Identity]>([
    ['a person', { login: 'mallory', type: 'User' }, WORKFLOW_BOT],
    ['another bot', { login: 'other-app[bot]', type: 'Bot' }, WORKFLOW_BOT],
    ['a person named like the bot', { login: 'github-actions[bot]', type: 'User' }, WORKFLOW_BOT],
    [
      'the workflow bot, under a personal token',
      { login: 'github-actions[bot]', type: 'Bot' },
      DOCS_BOT
    ],
    ['a bot named like the person the token is', { login: 'docs-bot', type: 'Bot' }, DOCS_BOT]
  ])('a marker in a comment of %s never counts, whatever its kind', (_who, user, identity) => {
    const markers: Marker[] = [
      TRACKING,
      { kind: 'back-link', job: 'job_1' },
      { kind: 'reply', request: 'comment-9001' },
      { kind: 'note', request: 'digest-1' },
      { kind: 'deploy', project: 'proj', branch: ':production' }
    ]
    for (const marker of markers) {
      expect(ownMarker(comment(layout(marker), user), identity)).toBeUndefined()
    }
  })

  it('a comment of ours whose marker is not its end (quoted text after it) has none', () => {
    const quoted = `${layout(TRACKING)}\n\nmore text`
    expect(ownMarker(comment(quoted), WORKFLOW_BOT)).toBeUndefined()
    expect(ownMarker(comment('**Mintlify docs agent**\n\nno marker'), WORKFLOW_BOT)).toBeUndefined()
  })
})

describe('one marker type per kind, the text format unchanged', () => {
  it.each([
    [
      'tracking',
      '<!-- mintlify-docs-agent:tracking request=digest-1 job=j%2F1 state=job run=4242 phase=left deadline=1709287200 since=1709200000.0 until=1709287200.5 pulls=4%2C5 notes=off status=completed pr=https:%2F%2Fgithub.com%2Facme%2Fdocs%2Fpull%2F9 -->'
    ],
    ['back-link', '<!-- mintlify-docs-agent:back-link job=job_1 -->'],
    ['reply', '<!-- mintlify-docs-agent:reply request=comment-9001 -->'],
    ['note', '<!-- mintlify-docs-agent:note request=digest-1 -->'],
    ['deploy', '<!-- mintlify-docs-agent:deploy project=proj_test branch=docs%2Fnew-guide -->'],
    [
      'deploy',
      '<!-- mintlify-docs-agent:deploy project=proj_test branch=docs%2Fnew-guide update=status_1 run=4242 deadline=1709287200 preview=https:%2F%2Facme-docs.mintlify.app -->'
    ]
  ])('a %s marker reads back and is written again as it was', (kind, text) => {
    const marker = readFinalMarker(`text\n\n${text}`)
    expect(marker?.kind).toBe(kind)
    expect(marker && renderMarker(marker)).toBe(text)
  })

  it('a deploy marker of an earlier version (with its status) still reads; status is no longer written', () => {
    const old =
      '<!-- mintlify-docs-agent:deploy project=proj_test branch=:production status=refused -->'
    const marker = readFinalMarker(old)
    expect(marker).toEqual({ kind: 'deploy', project: 'proj_test', branch: ':production' })
    expect(marker && renderMarker(marker)).toBe(
      '<!-- mintlify-docs-agent:deploy project=proj_test branch=:production -->'
    )
  })

  it('a tracking marker carries its trigger label, any label name written so that it reads back', () => {
    const text =
      '<!-- mintlify-docs-agent:tracking request=label-11-4242 job=job_1 state=job phase=left label=docs:%20needs%20review -->'
    const marker = readFinalMarker(text)
    expect(marker).toMatchObject({ kind: 'tracking', label: 'docs: needs review' })
    expect(marker && renderMarker(marker)).toBe(text)
  })

  it('an earlier deploy marker’s `status` is never read as the status id the sweep follows (`update`)', () => {
    const old = '<!-- mintlify-docs-agent:deploy project=p branch=b status=status_1 run=4242 -->'
    expect(readFinalMarker(old)).toEqual({ kind: 'deploy', project: 'p', branch: 'b', run: '4242' })
  })

  it('a kind takes back only its own fields', () => {
    const marker = readFinalMarker('<!-- mintlify-docs-agent:reply request=comment-1 job=job_9 -->')
    expect(marker).toEqual({ kind: 'reply', request: 'comment-1' })
    const odd = readFinalMarker('<!-- mintlify-docs-agent:tracking state=lost phase=gone job=j -->')
    expect(odd).toEqual({ kind: 'tracking', job: 'j' })
  })
})
