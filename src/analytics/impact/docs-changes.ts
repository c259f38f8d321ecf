/**
 * The docs changes of the previous period, read from GitHub. A token that cannot read them is one warning
 * and a line in the report, never a failed export.
 */
import { listMergedPulls } from '../../github/merged-pulls.js'
import type { Octokit } from '../../github/octokit.js'
import { listPullFiles } from '../../github/pulls.js'
import type { RepoRef } from '../../github/refs.js'
import { gitHubErrorStatus } from '../../github/retry.js'
import { getErrorMessage } from '../../shared/errors.js'
import { logLine } from '../../shared/log-line.js'
import { codeSpan } from '../../shared/markdown.js'
import { plural } from '../../shared/plural.js'
import type { Runtime } from '../../shared/runtime.js'
import { MAX_PULLS, type DocsChanges, type DocsPull } from './figures.js'
import { touchedPages } from './pages.js'
import type { Period } from './periods.js'

/** GitHub lists at most 3,000 files of a pull request. */
const MAX_FILES = 3000

export type DocsChangesRead = DocsChanges | { unavailable: string }

export async function readDocsChanges(
  octokit: Octokit,
  { repo, previous, docsRoot }: { repo: RepoRef; previous: Period; docsRoot: string },
  rt: Runtime
): Promise<DocsChangesRead> {
  const name = `${repo.owner}/${repo.repo}`
  try {
    const merged = await listMergedPulls(octokit, { repo, window: previous }, rt)
    const read = merged.slice(0, MAX_PULLS)
    const pulls: DocsPull[] = []
    for (const pull of read) {
      const files = await listPullFiles(
        octokit,
        { repo, pullNumber: pull.number, max: MAX_FILES },
        rt
      )
      pulls.push({
        number: pull.number,
        title: pull.title,
        url: pull.htmlUrl,
        mergedAt: pull.mergedAt,
        pages: touchedPages(files, docsRoot)
      })
    }
    rt.log.info(
      `Impact: ${plural(merged.length, 'pull request')} of ${name} merged from ${previous.dateFrom} to ${previous.dateTo}` +
        `${merged.length > read.length ? ` (the latest ${read.length} read)` : ''}.`
    )
    return { pulls, more: merged.length - read.length }
  } catch (error) {
    rt.signal.throwIfAborted()
    const status = gitHubErrorStatus(error)
    const denied = status === 403 || status === 404
    const why = denied
      ? ` (HTTP ${status}): the token needs \`pull-requests: read\` on that repository`
      : undefined
    rt.log.warning(
      `The pull requests of docs-repository ${name} could not be read${why ?? `: ${logLine(getErrorMessage(error))}`}. ` +
        `The rest of the report is written without "Did last period's changes help?".`
    )
    // The report leaves GitHub's own words to the log.
    return {
      unavailable: `The pull requests of docs-repository ${codeSpan(name)} could not be read${why ?? ' (see the log)'}.`
    }
  }
}
