/** The inputs that point the actions at the fakes, for tests and scripts alike. */
import type { GitHubFake } from './github-fake.js'
import type { ServiceEmulator } from './service-emulator.js'

/** Key, project and URL of the emulator: what either action needs to reach it. */
export function serviceInputs(
  svc: ServiceEmulator,
  extra: Record<string, string> = {}
): Record<string, string> {
  return { 'api-key': svc.apiKey, 'project-id': svc.projectId, 'api-url': svc.url, ...extra }
}

/** The agent against both fakes, polling every second. */
export function agentInputs(
  svc: ServiceEmulator,
  gh: GitHubFake,
  extra: Record<string, string> = {}
): Record<string, string> {
  return serviceInputs(svc, {
    'github-token': gh.token,
    'poll-interval-seconds': '1',
    'max-poll-interval-seconds': '1',
    ...extra
  })
}
