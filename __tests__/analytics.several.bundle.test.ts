/**
 * The committed analytics bundle with several datasets, as the runner runs it (inputs in the
 * environment, action.yml defaults included): one step reads views, searches, feedback and the
 * assistant under `request-budget` and sets `requests`, `left-out` and `files`. Build it first.
 */
import { describe, expect, it } from '@jest/globals'
import { runnerInputs } from './helpers/analytics.js'
import { runAnalyticsBundle, useWorld } from './helpers/world.js'

const world = useWorld()

describe('analytics bundle, several datasets', () => {
  it('reads four datasets within request-budget and leaves the points per day out in one line', async () => {
    world().svc.generatePageViews(600)
    world().svc.setSearches([
      { searchQuery: 'sso', hits: 9, ctr: 0, topClickedPage: null, lastSearchedAt: '' }
    ])
    world().svc.setFeedback([])
    world().svc.generateAssistant(3)
    const result = await runAnalyticsBundle(world(), {
      inputs: runnerInputs(world(), {
        'date-from': '2024-03-03',
        'date-to': '2024-03-10',
        dataset: 'views, searches, feedback, assistant',
        daily: 'auto',
        'request-budget': '10'
      })
    })

    expect(result.stderr).toBe('')
    expect(result.exitCode).toBe(0)
    // views 3, searches 1, feedback 1, assistant 2: 7 of 10; the 7 points do not fit.
    expect(result.outputs.requests).toBe('7')
    expect(world().svc.requests).toHaveLength(7)
    expect(result.outputs['left-out']).toBe('views: views per day (7 requests)')
    expect(result.outputs.files.split('\n').map(path => path.split('/').at(-1))).toEqual([
      'page-views.json',
      'searches.json',
      'feedback.json',
      'assistant.json'
    ])
    expect(result.outputs.prompt).toContain('"sso"')
    expect(result.summary).toContain('**Requests:** 7 of 10 requests')
  })
})
