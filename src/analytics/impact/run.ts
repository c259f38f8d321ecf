/**
 * The impact section in a run: the docs changes read from GitHub before the export, the service
 * reads beside it (reads.ts), then the section for the report and the outputs `impact-pulls` and
 * `impact-pages`.
 */
import * as core from '@actions/core'
import { createOctokit } from '../../github/octokit.js'
import type { RepoRef } from '../../github/refs.js'
import { InputError } from '../../shared/inputs.js'
import type { RunnerContext } from '../../shared/runner-context.js'
import type { Runtime } from '../../shared/runtime.js'
import type { AnalyticsSettings } from '../settings.js'
import { readDocsChanges } from './docs-changes.js'
import { distinctPages } from './figures.js'
import { ImpactReads } from './reads.js'
import type { ImpactSection } from './section.js'
import type { ImpactSettings } from './settings.js'

export class ImpactRun {
  private constructor(
    private readonly settings: ImpactSettings,
    private readonly repository: string,
    /** Undefined when the pull requests could not be read. */
    readonly tap: ImpactReads | undefined,
    private readonly unavailable: string
  ) {}

  /** Reads the previous period's docs changes; a token without access is a warning, not a failure. */
  static async start(
    settings: AnalyticsSettings,
    context: RunnerContext,
    rt: Runtime
  ): Promise<ImpactRun> {
    const impact = settings.impact as ImpactSettings
    const repo = impact.repository ?? currentRepository(context)
    const name = `${repo.owner}/${repo.repo}`
    const octokit = createOctokit(settings.githubToken, context.apiUrl)
    const previous = impact.periods.previous
    const changes = await readDocsChanges(
      octokit,
      { repo, previous, docsRoot: impact.docsRoot },
      rt
    )
    if ('unavailable' in changes) return new ImpactRun(impact, name, undefined, changes.unavailable)
    const shared = settings.dataset === 'views'
    const tap = new ImpactReads(impact.periods, changes.pulls, changes.more, shared)
    return new ImpactRun(impact, name, tap, '')
  }

  /** Requests the section made on the service. */
  get requests(): number {
    return this.tap?.requests ?? 0
  }

  section(): ImpactSection {
    const { periods } = this.settings
    const result = this.tap?.result
    if (result) return { periods, repository: this.repository, result }
    return { periods, repository: this.repository, unavailable: this.unavailable }
  }

  setOutputs(): void {
    const result = this.tap?.result
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
