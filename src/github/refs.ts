/** Where a GitHub call goes. */
export type RepoRef = { owner: string; repo: string }

export type IssueRef = RepoRef & { issueNumber: number }

/**
 * What git allows in a branch name, roughly: 1 to 250 characters, no spaces or control characters,
 * none of `~^:?*[\`, no `..`, and no leading `-` or `/`. Each input that takes one names itself.
 */
const BRANCH = /^(?!.*\.\.)(?![-/])[^\s\p{Cc}~^:?*[\\]{1,250}$/u

export function isBranchName(name: string): boolean {
  return BRANCH.test(name)
}
