/** The impact inputs, pure: every wrong form is one InputError before any request. */
import { InputError, parseBoolean, readString, type InputReader } from '../../shared/inputs.js'
import type { RepoRef } from '../../github/refs.js'
import type { ParsedDate } from '../../shared/dates.js'
import { ANALYTICS_DEFAULTS } from '../defaults.js'
import { impactPeriods, type ImpactPeriods } from './periods.js'

export interface ImpactSettings {
  periods: ImpactPeriods
  /** Undefined: the repository the workflow runs in. */
  repository?: RepoRef
  /** The docs folder inside the repository, without leading or trailing `/`; '' is its root. */
  docsRoot: string
}

const OWNER_REPO = /^([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})$/

/** Read whether or not `impact` is on, so a wrong value is an error either way. */
export function parseImpactSettings(
  read: InputReader,
  dateFrom: ParsedDate | undefined,
  dateTo: ParsedDate | undefined
): ImpactSettings | undefined {
  const impact = parseBoolean(read, 'impact', { fallback: ANALYTICS_DEFAULTS.impact })
  const repository = parseRepository(readString(read, 'docs-repository'))
  const docsRoot = parseDocsRoot(readString(read, 'docs-root'))
  if (!impact) return undefined
  if (!dateFrom || !dateTo) {
    throw new InputError(
      'impact',
      "needs both date-from and date-to (such as -7d and -0d): the changes merged in the period of the same length before date-from are compared over the period before that and the report's range",
      'true'
    )
  }
  if (!readString(read, 'github-token')) {
    throw new InputError(
      'github-token',
      'is required by impact: a token with pull-requests: read on docs-repository (the default is github.token)'
    )
  }
  return { periods: impactPeriods(dateFrom, dateTo), repository, docsRoot }
}

function parseRepository(raw: string): RepoRef | undefined {
  if (!raw) return undefined
  const match = OWNER_REPO.exec(raw)
  if (!match || match[2] === '.' || match[2] === '..') {
    throw new InputError('docs-repository', 'must be owner/repo, such as acme/docs', raw)
  }
  return { owner: match[1], repo: match[2] }
}

function parseDocsRoot(raw: string): string {
  const segments = raw.split(/[/\\]+/).filter(segment => segment !== '' && segment !== '.')
  if (segments.includes('..') || /[\0\r\n]/.test(raw)) {
    throw new InputError(
      'docs-root',
      'must be a folder inside docs-repository, such as docs (no .. segments)',
      raw
    )
  }
  return segments.join('/')
}
