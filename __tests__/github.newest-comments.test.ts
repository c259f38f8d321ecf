/**
 * Conversations read from their newest end (docs/behaviour.md): page 1 for its `last`
 * relation, then last, last-1, … until the caller has what it needs, each comment once however the
 * pages shift meanwhile.
 */
import { describe, expect, it } from '@jest/globals'
import { findNewestComment, readNewestComments } from '../src/github/newest-comments.js'
import type { IssueComment } from '../src/github/comments.js'
import { useGitHubFake } from './helpers/github-client.js'

const ref = { owner: 'acme', repo: 'docs', issueNumber: 7 }
const path = '/repos/acme/docs/issues/7/comments'

const github = useGitHubFake(fake => fake.addIssue('acme', 'docs', { number: 7, title: 'Docs' }))

function addComments(count: number, from = 0): number[] {
  return Array.from(
    { length: count },
    (_, i) => github.fake.addComment('acme', 'docs', 7, `comment ${from + i}`, 'octocat').id
  )
}

/** The pages read, in order. */
function pagesRead(): string[] {
  return github.fake.calls.filter(c => c.method === 'GET' && c.path === path).map(c => c.query.page)
}

const never = (): boolean => false
const read = (enough: (newest: readonly IssueComment[]) => boolean) =>
  github.call(readNewestComments(github.octokit, { ref, enough }, github.rt))

describe('readNewestComments', () => {
  it('reads page 1, then the last page back to page 2, and gives every comment oldest first', async () => {
    const ids = addComments(250)
    const comments = await read(never)
    expect(comments.map(c => c.id)).toEqual(ids)
    expect(pagesRead()).toEqual(['1', '3', '2'])
    expect(comments[0]).toMatchObject({ userLogin: 'octocat', createdAt: expect.any(Number) })
  })

  it('reads a conversation of one page once', async () => {
    addComments(100)
    expect(await read(never)).toHaveLength(100)
    expect(github.fake.requestsTo('GET', path)).toBe(1)
  })

  it('stops as soon as the newest comments hold what the caller needs: 2 reads of 10,000', async () => {
    addComments(9_999)
    const wanted = github.fake.addComment('acme', 'docs', 7, 'the one <!-- x -->').id
    const newest = await read(comments => comments.some(c => c.id === wanted))
    expect(pagesRead()).toEqual(['1', '100'])
    // Only the newest comments, with none missing between them and the newest.
    expect(newest).toHaveLength(100)
    expect(newest.at(-1)?.id).toBe(wanted)
    expect(newest[0].body).toBe('comment 9900')
  })

  it('reads on to the page before when the last page holds too few', async () => {
    addComments(1_001)
    const newest = await read(comments => comments.some(c => c.body === 'comment 950'))
    expect(pagesRead()).toEqual(['1', '11', '10'])
    expect(newest.map(c => c.body)).toEqual(
      Array.from({ length: 101 }, (_, i) => `comment ${900 + i}`)
    )
  })

  it('reads the comments posted between its page reads: the newest end moved', async () => {
    addComments(200)
    // Posted after page 1 told of two pages, just before page 2 is read.
    let posted: number[] = []
    github.fake.interleave('GET', new RegExp(`^${path}$`), () => {
      github.fake.interleave('GET', new RegExp(`^${path}$`), () => {
        posted = addComments(3, 200)
      })
    })
    const comments = await read(never)
    expect(comments.map(c => c.id).slice(-3)).toEqual(posted)
    expect(new Set(comments.map(c => c.id)).size).toBe(203)
    expect(pagesRead()).toEqual(['1', '2', '3'])
  })

  it('gives each comment once when a removal shifts the pages between reads', async () => {
    const ids = addComments(250)
    // Removed after page 3 was read: page 2 then ends with page 3's first comment.
    const removed = ids[150]
    github.fake.interleave('GET', new RegExp(`^${path}$`), () => {
      github.fake.interleave('GET', new RegExp(`^${path}$`), () => {
        github.fake.interleave('GET', new RegExp(`^${path}$`), () =>
          github.fake.removeComment('acme', 'docs', removed)
        )
      })
    })
    const comments = await read(never)
    expect(pagesRead()).toEqual(['1', '3', '2'])
    expect(comments.map(c => c.id)).toEqual(ids.filter(id => id !== removed))
  })

  it('retries a page that failed, as every listing does', async () => {
    addComments(150)
    github.fake.inject({ method: 'GET', path, fault: { status: 502 } })
    expect(await read(never)).toHaveLength(150)
    expect(github.retries()).toHaveLength(1)
  })
})

describe('findNewestComment', () => {
  it('finds the newest match among 1,000 comments in 2 reads', async () => {
    addComments(500)
    github.fake.addComment('acme', 'docs', 7, 'note <!-- n -->')
    addComments(450, 500)
    const newest = github.fake.addComment('acme', 'docs', 7, 'note <!-- n -->').id
    addComments(48, 950)
    const found = await github.call(
      findNewestComment(
        github.octokit,
        { ref, predicate: c => c.body.includes('<!-- n -->') },
        github.rt
      )
    )
    expect(found?.id).toBe(newest)
    expect(pagesRead()).toEqual(['1', '10'])
  })

  it('reads the whole conversation to tell that there is none', async () => {
    addComments(300)
    const found = await github.call(
      findNewestComment(github.octokit, { ref, predicate: c => c.body === 'absent' }, github.rt)
    )
    expect(found).toBeUndefined()
    expect(pagesRead()).toEqual(['1', '3', '2'])
  })
})
