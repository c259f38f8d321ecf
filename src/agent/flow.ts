/**
 * What every step of the agent flow works with, built once in main.ts and passed down whole: the
 * parsed settings, the runner's context, GitHub (absent without a token) and the runtime.
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
