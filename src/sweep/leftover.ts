/**
 * What the sweep finishes: a comment a run left behind. Each kind gives how its comments are found,
 * read and finished; the one loop in sweep.ts does the rest.
 */
import type { RepoComment } from '../github/comments.js'
import type { Identity } from '../github/identity.js'
import type { Octokit } from '../github/octokit.js'
import type { RepoRef } from '../github/refs.js'
import type { MintlifyClient } from '../mintlify/client.js'
import type { Runtime } from '../shared/runtime.js'
import type { SweepSettings } from './settings.js'

/** What one sweep reads and writes with: GitHub as the token's identity, and the service. */
export interface SweepContext {
  octokit: Octokit
  identity: Identity
  client: MintlifyClient
  repo: RepoRef
  serverUrl: string
  /** Cuts the secret inputs out of a comment the sweep writes (a failure's log lines may hold one). */
  redact?: (text: string) => string
}

export type SweepRun = { settings: SweepSettings; context: SweepContext; rt: Runtime }

/** An end the comment does not show yet (`status`: the row's if the edit fails), or why it's left. */
export type Reading<End> =
  { kind: 'ended'; end: End; status: string } | { kind: 'left'; outcome: string }

/** How a comment's end is learnt: one read, counted against max-jobs, or none (the comment tells). */
type ReadOf<Item, End> =
  | { kind: 'request'; read: (item: Item, run: SweepRun) => Promise<Reading<End>> }
  | { kind: 'none'; reading: (item: Item) => Reading<End> }

/** A comment a run left behind, with what its kind found in its marker. */
export type Leftover = { comment: RepoComment }

/** The comment edited into its end: the row's outcome, and the pull request it links. */
export type Finished = { outcome: string; prUrl?: string }

export interface LeftoverKind<Item extends Leftover, End> {
  /** Its comments, as a log line counts them ("tracking comment"). */
  comments: string
  /** What they wait for, as a row says it ("the job could not be read"). */
  awaits: string
  /** Its comments among those listed, oldest first. */
  find: (comments: readonly RepoComment[], run: SweepRun) => Item[]
  /** The row's Job cell. */
  cell: (item: Item) => string
  /** What a log line calls it ("agent job job_7"). */
  name: (item: Item) => string
  /** Whether the run that left it is over: the sweep never competes with a live run. */
  runOver: (item: Item, run: SweepRun) => Promise<boolean>
  read: ReadOf<Item, End>
  /** Edits the comment into its end (throws when it cannot). */
  finish: (item: Item, end: End, run: SweepRun) => Promise<Finished>
}
