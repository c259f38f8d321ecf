/** What changed in a code-change event: a pull request, a branch push, a release. */
import type { PullSummary } from '../../github/changes.js'

/** A pull request of the change: from the event, or the one a pushed commit came from. */
export interface ChangedPull extends Omit<PullSummary, 'merged'> {
  /** Who merged it (the event names them; the pull of a push does not). */
  mergedBy?: string
  /** How many files and commits GitHub counts (the event says; undefined when not known). */
  changedFiles?: number
  commits?: number
  /** Open and not merged yet (a labelled pull request): the change is still in review. */
  open?: boolean
}

export interface ChangedPush {
  branch: string
  before: string
  after: string
  /** A new branch: `before` is all zeros, so the compare starts at the default branch. */
  created: boolean
  defaultBranch: string
  pusher: string
}

export interface ChangedRelease {
  id: number
  tag: string
  name: string
  body: string
  htmlUrl: string
  prerelease: boolean
  /** Epoch ms. */
  publishedAt?: number
  publisher: string
}

export type CodeChange =
  | { kind: 'pull'; pull: ChangedPull }
  /** `pull`: the pull request the head commit came from, once GitHub said. */
  | { kind: 'push'; push: ChangedPush; pull?: ChangedPull }
  | { kind: 'release'; release: ChangedRelease }
