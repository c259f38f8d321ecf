/**
 * The soak's year without the sweep (`npm run soak -- --no-sweep`, scripts/soak/scenario.ts): the
 * same year, run for run, but no sweep is scheduled.
 */
import { describe, expect, it } from '@jest/globals'
import { Random } from '../scripts/soak/random.js'
import { drawScenario } from '../scripts/soak/scenario.js'

describe('the soak’s scenario without the sweep', () => {
  it('schedules no sweep, and draws the same merges, requests and other runs', () => {
    const withSweep = drawScenario(new Random(7), 1)
    const without = drawScenario(new Random(7), 1, false)
    expect(withSweep.sweep).toBe(true)
    expect(without.sweep).toBe(false)
    expect(withSweep.scheduled.filter(run => run.what === 'sweep')).toHaveLength(31 * 24)
    expect(without.scheduled.filter(run => run.what === 'sweep')).toEqual([])
    expect(without.scheduled).toEqual(withSweep.scheduled.filter(run => run.what !== 'sweep'))
    expect(without.merges).toEqual(withSweep.merges)
    expect(without.requests).toEqual(withSweep.requests)
  })
})
