/**
 * The service emulator and the GitHub fake for local runs (`npm run emulator`, then
 * `npx @github/local-action …` with `.env.example`): fixed loopback ports, the key and project id
 * the emulator accepts, a sample issue to report to and some page views to export. Tests start the
 * same thing on free ports.
 */
import { GitHubFake } from './github-fake.js'
import { ServiceEmulator } from './service-emulator.js'

export const LOCAL_PORTS = { service: 8787, github: 8788 }
const LOCAL_REPOSITORY = { owner: 'your-org', repo: 'your-docs', issue: 1 }

export interface LocalEmulator {
  svc: ServiceEmulator
  gh: GitHubFake
  /** The lines of a .env file that point both actions at these fakes. */
  env: Record<string, string>
  close(): Promise<void>
}

export async function startLocalEmulator(
  ports: { service?: number; github?: number } = LOCAL_PORTS
): Promise<LocalEmulator> {
  const svc = await ServiceEmulator.start({ port: ports.service })
  const gh = await GitHubFake.start({ port: ports.github })
  const { owner, repo, issue } = LOCAL_REPOSITORY
  gh.addIssue(owner, repo, { number: issue, title: 'Docs requests', body: 'Reports go here.' })
  svc.generatePageViews(1_234)
  return {
    svc,
    gh,
    env: {
      'INPUT_API-KEY': svc.apiKey,
      'INPUT_PROJECT-ID': svc.projectId,
      'INPUT_API-URL': svc.url,
      'INPUT_GITHUB-TOKEN': gh.token,
      GITHUB_API_URL: gh.url,
      GITHUB_REPOSITORY: `${owner}/${repo}`
    },
    close: async () => {
      await Promise.all([svc.close(), gh.close()])
    }
  }
}
