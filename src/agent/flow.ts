/**
 * What the agent flow works with, built once in main.ts: the parsed settings, the runner's context,
 * GitHub (absent without a token), the runtime and the edge. The digest's entry (readyDigest) takes
 * it apart once and hands each step the plain values it needs.
 */
import type { GitHubAccess } from '../github/identity.js'
import type { RunnerContext } from '../shared/runner-context.js'
import type { Runtime } from '../shared/runtime.js'
import type { AgentSettings } from './settings.js'
import type { Edge } from './dry-run.js'

export interface AgentFlow {
  settings: AgentSettings
  context: RunnerContext
  github?: GitHubAccess
  rt: Runtime
  /** Where the run writes or spends: a dry run only notes what it would do there. */
  edge: Edge
}
