/**
 * What the agent flow works with, built once in main.ts: the parsed settings, the runner's context,
 * GitHub (absent without a token) and the runtime. The digest's entry (readyDigest) takes
 * it apart once and hands each step the plain values it needs.
 */
import type { GitHubAccess } from '../github/identity.js'
import type { RunnerContext } from '../shared/runner-context.js'
import type { Runtime } from '../shared/runtime.js'
import type { AgentSettings } from './settings.js'

export interface AgentFlow {
  settings: AgentSettings
  context: RunnerContext
  github?: GitHubAccess
  rt: Runtime
}
