/**
 * The world a recipe runs against: the service emulator and the GitHub fake, started fresh for each
 * run, with what every recipe finds there (acme/docs, its maintainer, the tracking issues, the docs
 * pull request the agent's jobs open), and the variables and secrets that point at them.
 */
import { GitHubFake } from '../../fakes/github-fake.js'
import { ServiceEmulator } from '../../fakes/service-emulator.js'

export const OWNER = 'acme'
export const REPO = 'docs'
/** The tracking issues the variables name. */
export const REPORT_ISSUE = 3
export const DIGEST_ISSUE = 4
/** The docs pull request every agent job of a recipe opens (its back-link goes there). */
export const DOCS_PR = 90

export interface World {
  svc: ServiceEmulator
  gh: GitHubFake
  /** Repository variables and secrets, as Settings holds them. */
  vars: Record<string, string>
  secrets: Record<string, string>
  /** Files of the repository, as a checkout writes them. */
  files: Record<string, string>
  /** Artifacts uploaded, by name: the paths they hold. */
  artifacts: Map<string, string[]>
}

export async function startWorld(): Promise<World> {
  const svc = await ServiceEmulator.start()
  const gh = await GitHubFake.start()
  svc.setDefaultJobScript({
    activePolls: 1,
    outcome: 'completed',
    prLink: `https://github.com/${OWNER}/${REPO}/pull/${DOCS_PR}`
  })
  svc.platform.addAutomation('docs-on-merge')
  svc.platform.addAutomation('changelog')
  gh.setPermission(OWNER, REPO, 'maintainer', 'write')
  gh.addIssue(OWNER, REPO, { number: REPORT_ISSUE, title: 'Weekly docs report' })
  gh.addIssue(OWNER, REPO, { number: DIGEST_ISSUE, title: 'Docs digests' })
  gh.addIssue(OWNER, REPO, {
    number: DOCS_PR,
    title: 'Docs: the export endpoint',
    user: 'mintlify[bot]',
    pull_request: true,
    head: 'mintlify/docs-export'
  })
  const vars: Record<string, string> = {
    MINTLIFY_PROJECT_ID: svc.projectId,
    // The emulator serves one project: the two projects' ids both name it.
    MINTLIFY_API_PROJECT_ID: svc.projectId,
    MINTLIFY_GUIDES_PROJECT_ID: svc.projectId,
    MINTLIFY_AUTOMATION_ID: 'docs-on-merge',
    MINTLIFY_CHANGELOG_AUTOMATION_ID: 'changelog',
    DOCS_REPORT_ISSUE: String(REPORT_ISSUE),
    DOCS_DIGEST_ISSUE: String(DIGEST_ISSUE),
    DOCS_APP_ID: '123456',
    DOCS_REPOSITORY: 'docs-site'
  }
  const secrets = {
    MINTLIFY_API_KEY: svc.apiKey,
    DOCS_APP_PRIVATE_KEY: '-----BEGIN RSA PRIVATE KEY-----\nfake\n-----END RSA PRIVATE KEY-----'
  }
  return { svc, gh, vars, secrets, files: {}, artifacts: new Map() }
}

export async function stopWorld(world: World): Promise<void> {
  await world.svc.close()
  await world.gh.close()
}

/** Requests that cost: a job, a message, an automation trigger, a deployment, an analytics read. */
export function paidRequests(world: World): number {
  return world.svc.requests.filter(r => r.method === 'POST' || r.path.startsWith('/v1/analytics'))
    .length
}
