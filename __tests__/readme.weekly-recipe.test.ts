/**
 * The README's weekly quick start, run as written: its steps of this repository's actions, job by job
 * and in order, against the emulator and the GitHub fake, with the expressions a runner would fill
 * in (secrets, variables, earlier steps' outputs, an `if:` on an output). Its two agent steps (the
 * gaps handed over, the changelog check) report to the same issue and must be two jobs.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { PROJECT_ROOT, type ActionRunResult } from '../fakes/action-env.js'
import type { AssistantItem } from '../fakes/assistant-data.js'
import { yamlBlocks } from '../fakes/workflow-lint.js'
import { markerOf } from './helpers/text.js'
import { runAgent, runAnalytics, useWorld, type World } from './helpers/world.js'

interface Step {
  id?: string
  if?: string
  uses?: string
  with?: Record<string, string | number | boolean>
}

const ISSUE = 12
const world = useWorld(world => {
  world.gh.addIssue('acme', 'docs', { number: ISSUE, title: 'Weekly docs report' })
  // Readers asked the assistant what the docs do not cover.
  world.svc.setAssistant([unanswered('How do I rotate a webhook secret?')])
  // Readers searched these often and clicked almost nothing: the gaps the agent is handed.
  world.svc.setSearches([
    gap('webhook retries', 40),
    gap('rate limit headers', 12),
    { ...gap('quickstart', 90), ctr: 0.8, topClickedPage: '/quickstart' }
  ])
})

function unanswered(query: string): AssistantItem {
  return {
    id: 'conv_1',
    timestamp: '2024-03-08T09:00:00Z',
    query,
    response: 'The docs do not say.',
    responseType: 'answer',
    sources: [],
    resolutionStatus: 'unanswered',
    queryCategory: 'webhooks',
    pageUrl: 'https://docs.acme.com/webhooks'
  }
}

function gap(searchQuery: string, hits: number) {
  return { searchQuery, hits, ctr: 0, topClickedPage: null, lastSearchedAt: '2024-03-08T10:00:00Z' }
}

/** The quick start's workflow, as the README shows it. */
function weeklyWorkflow(): { jobs: Record<string, { steps: Step[] }> } {
  const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8')
  const block = yamlBlocks(readme).find(b => /^name: Weekly docs report$/m.test(b.text))
  if (!block) throw new Error('README.md has no weekly docs report workflow')
  return parse(block.text) as { jobs: Record<string, { steps: Step[] }> }
}

/** `${{ … }}` as the runner fills it in for this world. */
function expand(value: string, world: World, outputs: Map<string, Record<string, string>>): string {
  return value.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_all, expression: string) => {
    if (expression === 'secrets.MINTLIFY_API_KEY') return world.svc.apiKey
    if (expression === 'vars.MINTLIFY_PROJECT_ID') return world.svc.projectId
    if (expression === 'vars.DOCS_REPORT_ISSUE') return String(ISSUE)
    const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression)
    if (output) return outputs.get(output[1])?.[output[2]] ?? ''
    throw new Error(`the test does not know the expression ${expression}`)
  })
}

/**
 * `steps.x.outputs.y != ''`, or several of them joined by `||`, optionally inside `${{ }}` after
 * `!cancelled() &&` (true here: the run is not cancelled): the conditions the recipe uses.
 */
function condition(step: Step, outputs: Map<string, Record<string, string>>): boolean {
  if (!step.if) return true
  const text = step.if
    .replace(/^\$\{\{\s*(.*?)\s*\}\}$/, '$1')
    .replace(/^!cancelled\(\)(\s*&&\s*)?/, '')
  if (text === '') return true
  return text.split('||').some(part => {
    const match = /^steps\.([\w-]+)\.outputs\.([\w-]+) != ''$/.exec(part.trim())
    if (!match) throw new Error(`the test does not know the condition ${step.if}`)
    return (outputs.get(match[1])?.[match[2]] ?? '') !== ''
  })
}

describe("the README's weekly report, run as written", () => {
  it('its two agent steps start two jobs, each with its own tracking comment on the issue', async () => {
    const w = world()
    const agentRuns: ActionRunResult[] = []
    for (const [jobName, job] of Object.entries(weeklyWorkflow().jobs)) {
      const outputs = new Map<string, Record<string, string>>()
      let unnamed = 0
      for (const step of job.steps) {
        const uses = step.uses ?? ''
        if (!uses.includes('/mintlify-docs-agent-action') || !condition(step, outputs)) continue
        const inputs = Object.fromEntries(
          Object.entries(step.with ?? {}).map(([name, value]) => [
            name,
            expand(String(value), w, outputs)
          ])
        )
        const env = {
          GITHUB_JOB: jobName,
          // The runner's name for a step without an id: the action's, then _2, _3 … in one job.
          GITHUB_ACTION:
            step.id ?? `__OWNER_mintlify-docs-agent-action${unnamed++ ? `_${unnamed}` : ''}`
        }
        const github = { 'github-token': w.gh.token, 'api-url': w.svc.url }
        const result = uses.includes('/analytics@')
          ? await runAnalytics(w, {
              eventName: 'schedule',
              inputs: { ...inputs, ...github },
              env: { ...env, GITHUB_API_URL: w.gh.url }
            })
          : await runAgent(w, { eventName: 'schedule', event: {}, inputs, env })
        expect(result.exitCode).toBe(0)
        if (step.id) outputs.set(step.id, result.outputs)
        if (!uses.includes('/analytics@')) agentRuns.push(result)
      }
    }

    expect(agentRuns).toHaveLength(2)
    const prompts = w.promptsSent()
    expect(prompts).toHaveLength(2)
    // One job for the week's gaps: the search terms and the assistant's unanswered questions.
    expect(prompts[0]).toContain('webhook retries')
    expect(prompts[0]).toContain('How do I rotate a webhook secret?')
    expect(prompts[1]).toContain('changelog')
    expect(agentRuns.map(r => r.outputs['job-id'])).toEqual(['job_1', 'job_2'])
    const tracking = w
      .botComments(ISSUE)
      .map(c => markerOf(c.body))
      .filter(marker => marker?.kind === 'tracking')
    expect(tracking.map(marker => marker?.job)).toEqual(['job_1', 'job_2'])
  })
})
