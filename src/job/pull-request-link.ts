/** The service's prLink is trusted only as an https pull-request URL on the GitHub host. */
export interface PullRequestLink {
  url: string
  owner: string
  repo: string
  number: number
}

export function parsePullRequestLink(
  raw: string | null | undefined,
  serverUrl = 'https://github.com'
): PullRequestLink | undefined {
  if (!raw) return undefined
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return undefined
  }
  const hosts = new Set(['github.com', new URL(serverUrl).host])
  if (url.protocol !== 'https:' || !hosts.has(url.host) || url.username || url.password) {
    return undefined
  }
  const match = /^\/([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)\/pull\/(\d+)\/?$/.exec(url.pathname)
  if (!match || url.search || url.hash) return undefined
  const [, owner, repo, number] = match
  return {
    url: `https://${url.host}/${owner}/${repo}/pull/${number}`,
    owner,
    repo,
    number: Number(number)
  }
}
