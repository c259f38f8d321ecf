/** Where a GitHub call goes. */
export interface RepoRef {
  owner: string
  repo: string
}

export interface IssueRef extends RepoRef {
  issueNumber: number
}
