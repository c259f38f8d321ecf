/** What one sweep reads and writes with: GitHub as the token's identity, and the service. */
import type { Identity } from '../github/identity.js'
import type { Octokit } from '../github/octokit.js'
import type { RepoRef } from '../github/refs.js'
import type { MintlifyClient } from '../mintlify/client.js'

export interface SweepContext {
  octokit: Octokit
  identity: Identity
  client: MintlifyClient
  repo: RepoRef
  serverUrl: string
  /** Cuts the secret inputs out of a comment the sweep writes (a failure's log lines may hold one). */
  redact?: (text: string) => string
}
