/** Readers and fault helpers the analytics tests share. */
import { expect } from '@jest/globals'
import { readdirSync } from 'node:fs'
import type { ActionRunResult } from '../../fakes/action-env.js'
import type { Fault } from '../../fakes/service-emulator.js'
import { analyticsInputs, type World } from './world.js'

/** The error line the action printed (`::error::...`), decoded; there must be exactly one. */
export function errorLine(result: ActionRunResult): string {
  const lines = result.stdout.split('\n').filter(line => line.startsWith('::error::'))
  expect(lines).toHaveLength(1)
  return lines[0]
    .slice('::error::'.length)
    .replace(/%0D/g, '\r')
    .replace(/%0A/g, '\n')
    .replace(/%25/g, '%')
}

/** Files the export left in the work folder besides the runner's own. */
export function exportFiles(result: ActionRunResult): string[] {
  const runnerFiles = ['event.json', 'output.txt', 'summary.md']
  return readdirSync(result.workDir).filter(name => !runnerFiles.includes(name))
}

/** The n-th request the emulator receives meets `fault`. */
export function failRequest(world: World, n: number, fault: Fault): void {
  world.svc.inject({ path: new RequestNumber(() => world.svc.requests.length === n), fault })
}

/**
 * A fault rule "path" that matches only the n-th request the emulator receives (it records a request
 * before it looks for a fault), so a fault can hit a middle page, whose URL path equals the others.
 */
class RequestNumber extends RegExp {
  constructor(private readonly hit: () => boolean) {
    super('^/v1/analytics/')
  }

  override test(path: string): boolean {
    return super.test(path) && this.hit()
  }
}

/** Every input of the analytics step as the runner passes them (action.yml's defaults), over `extra`. */
export function runnerInputs(
  world: World,
  extra: Record<string, string> = {}
): Record<string, string> {
  return analyticsInputs(world, {
    'date-from': '',
    'date-to': '',
    'page-size': '',
    'output-file': '',
    format: 'json',
    'summary-rows': '10',
    'issue-number': '',
    'github-token': '',
    dataset: 'views',
    compare: 'none',
    chart: 'true',
    ...extra
  })
}
