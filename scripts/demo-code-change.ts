/**
 * The docs-follow-code part of `npm run demo`: a merged pull request in acme/docs sends its change to
 * the agent, and the tracking comment on the PR reports the docs PR.
 */
import { runBundle, type BundleRun } from '../fakes/action-env.js'
import type { GitHubFake } from '../fakes/github-fake.js'
import { agentInputs } from '../fakes/inputs.js'
import type { ServiceEmulator } from '../fakes/service-emulator.js'
import { mergedPullEvent, MERGE_SHA } from '../fakes/webhooks.js'

const PATCH = [
  '@@ -12,6 +12,14 @@ export function routes(app: App) {',
  "   app.get('/pages', listPages)",
  "+  // CSV export of every page's analytics",
  "+  app.get('/export', exportPages)"
].join('\n')

/** Runs the agent bundle on a merged PR; returns the run and the prompt the agent received. */
export async function demoMergedPull(
  emulator: ServiceEmulator,
  github: GitHubFake
): Promise<{ run: BundleRun; prompt: string; comment: string }> {
  github.addIssue('acme', 'docs', {
    number: 12,
    title: 'Add the CSV export endpoint',
    body: 'Adds `GET /export`, which streams every page as CSV.',
    user: 'dev',
    pull_request: true,
    head: 'feature/export',
    base: 'main',
    labels: ['api'],
    merged: { sha: MERGE_SHA, by: 'maintainer' },
    commits: [
      { sha: `c0ffee${'1'.repeat(34)}`, message: 'Add GET /export' },
      { sha: `c0ffee${'2'.repeat(34)}`, message: 'Stream rows instead of buffering' }
    ],
    files: [
      { filename: 'src/routes.ts', additions: 8, deletions: 0, patch: PATCH },
      {
        filename: 'src/export.ts',
        additions: 64,
        deletions: 0,
        status: 'added',
        patch: '@@ -0,0 +1,3 @@\n+export async function exportPages() {\n+  // …\n+}'
      },
      {
        filename: 'CHANGELOG.md',
        additions: 2,
        deletions: 0,
        patch: '@@ -1 +1,2 @@\n+- CSV export'
      }
    ]
  })
  github.addIssue('acme', 'docs', { number: 31, pull_request: true, title: 'Docs: CSV export' })
  emulator.scriptJobs({
    activePolls: 1,
    outcome: 'completed',
    prLink: 'https://github.com/acme/docs/pull/31'
  })
  const before = emulator.requests.length
  const run = await runBundle('dist/index.js', {
    eventName: 'pull_request',
    event: mergedPullEvent({
      number: 12,
      title: 'Add the CSV export endpoint',
      body: 'Adds `GET /export`, which streams every page as CSV.',
      labels: ['api'],
      changedFiles: 3,
      commits: 2
    }),
    inputs: agentInputs(emulator, github, {
      'max-poll-interval-seconds': '2',
      'skip-label': 'no-docs',
      'ignore-paths': '**/*.md\n**/*.mdx\ndocs.json\nmint.json'
    }),
    env: { GITHUB_API_URL: github.url, GITHUB_RUN_ID: '4444' }
  })
  const create = emulator.requests
    .slice(before)
    .find(request => request.method === 'POST' && /\/job$/.test(request.path))
  const prompt = (create?.body as { prompt?: string } | undefined)?.prompt ?? '(no job created)'
  const comment = github.comments('acme', 'docs', 12).at(-1)?.body ?? '(no comment)'
  return { run, prompt, comment }
}
