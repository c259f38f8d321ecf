/** GET /repos/{o}/{r}/releases: newest first, as GitHub lists them (here, the order added, reversed). */
import type { components } from '@octokit/openapi-types'
import { REPO, route, type Route } from '../answers.js'
import { repoKey } from '../model.js'
import type { GitHubWire } from '../wire.js'

type Release = Pick<
  components['schemas']['release'],
  'id' | 'tag_name' | 'name' | 'body' | 'draft' | 'prerelease' | 'published_at' | 'html_url'
>

export function releaseRoutes(wire: GitHubWire): Route[] {
  return [
    route('GET', `${REPO}/releases`, ([, owner, repo], call) => {
      const added = wire.state.releases.get(repoKey(owner, repo)) ?? []
      const releases = [...added].reverse().map((release): Release => ({
        id: release.id,
        tag_name: release.tag,
        name: release.name ?? release.tag,
        body: release.body ?? '',
        draft: release.draft ?? false,
        prerelease: release.prerelease ?? false,
        published_at: release.draft ? null : (release.publishedAt ?? null),
        html_url: wire.web(`${owner}/${repo}/releases/tag/${release.tag}`)
      }))
      return wire.paginate(releases, call)
    })
  ]
}
