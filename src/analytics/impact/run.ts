/** The impact section in a run: docs changes before the export, reads beside it, then section and outputs. */
import * as core from '@actions/core'
import { createOctokit } from '../../github/octokit.js'
import type { RepoRef } from '../../github/refs.js'
import { InputError } from '../../shared/inputs.js'
import type { RunnerContext } from '../../shared/runner-context.js'
import type { Runtime } from '../../shared/runtime.js'
import type { Dataset } from '../dataset-list.js'
import type { AnalyticsSettings, ImpactOn } from '../settings.js'
import { readDocsChanges } from './docs-changes.js'
import { distinctPages } from './figures.js'
import type { ImpactPeriods } from './periods.js'
import { ImpactReads } from './reads.js'
import type { ImpactSection } from './section.js'

type Known = { periods: ImpactPeriods; repository: string } & (
  { tap: ImpactReads } | { tap?: undefined; unavailable: string }
)

export class ImpactRun {
  private constructor(private readonly known: Known) {}

  /** Reads the previous period's docs changes; a token without access is a warning, not a failure. */
  static async start(
    settings: AnalyticsSettings & ImpactOn,
    /** The dataset whose report holds the section (views shares its reads with the export). */
    host: Dataset,
    context: RunnerContext,
    rt: Runtime
  ): Promise<ImpactRun> {
    const { impact } = settings
    const repo = impact.repository ?? currentRepository(context)
    const octokit = createOctokit(settings.githubToken, context.apiUrl)
    const { periods, docsRoot } = impact
    const changes = await readDocsChanges(
      octokit,
      { repo, previous: periods.previous, docsRoot },
      rt
    )
    const known = { periods, repository: `${repo.owner}/${repo.repo}` }
    if ('unavailable' in changes) return new ImpactRun({ ...known, ...changes })
    const tap = new ImpactReads({ periods, changes, shared: host === 'views' })
    return new ImpactRun({ ...known, tap })
  }

  get tap(): ImpactReads | undefined {
    return this.known.tap
  }

  get requests(): number {
    return this.known.tap?.requests ?? 0
  }

  section(): ImpactSection {
    const { periods, repository } = this.known
    if (this.known.tap === undefined) {
      return { periods, repository, unavailable: this.known.unavailable }
    }
    return { periods, repository, result: this.known.tap.result() }
  }

  setOutputs(): void {
    const result = this.known.tap?.result()
    core.setOutput('impact-pulls', result ? String(result.pulls.length) : '')
    core.setOutput('impact-pages', result ? String(distinctPages(result).length) : '')
  }
}

function currentRepository(context: RunnerContext): RepoRef {
  if (!context.owner || !context.repo) {
    throw new InputError(
      'docs-repository',
      'is required by impact when GITHUB_REPOSITORY is not set: owner/repo, such as acme/docs'
    )
  }
  return { owner: context.owner, repo: context.repo }
}
