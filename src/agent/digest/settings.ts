/** The digest's inputs: each wrong form is one InputError that names the input, before any request. */
import { isBranchName } from '../../github/refs.js'
import { parseDate, parseDateInput, type ParsedDate } from '../../shared/dates.js'
import {
  InputError,
  parseBoolean,
  parseNumber,
  readString,
  type InputReader
} from '../../shared/inputs.js'
import { AGENT_DEFAULTS } from '../defaults.js'

export interface DigestSettings {
  /** The base branch of the merged pull requests; undefined: the repository's default branch. */
  branch?: string
  /** Where the first digest starts when the tracking issue holds none. */
  since: ParsedDate
  maxPulls: number
  /** One note on each included code PR once the digest's job ends with a docs PR. */
  notify: boolean
}

/** Undefined unless `digest` is true. `issueNumber`: the tracking issue the digest needs. */
export function parseDigestSettings(
  read: InputReader,
  facts: {
    issueNumber?: number
    jobId?: string
    comment: boolean
    githubToken: string
    now: number
  }
): DigestSettings | undefined {
  if (!parseBoolean(read, 'digest', { fallback: AGENT_DEFAULTS.digest })) return undefined
  const { issueNumber, jobId, now } = facts
  if (issueNumber === undefined) {
    throw new InputError(
      'issue-number',
      "is required with `digest: true`: the number of the digests' tracking issue, such as 42"
    )
  }
  // The digest's comment on the tracking issue holds its watermark: without it, nothing is recorded.
  if (!facts.comment) {
    throw new InputError(
      'comment',
      'must be true with `digest: true` (the digest comment records the watermark)'
    )
  }
  if (facts.githubToken === '') {
    throw new InputError(
      'github-token',
      'is required with `digest: true` (a digest lists the merged pull requests)'
    )
  }
  if (jobId !== undefined) {
    throw new InputError(
      'job-id',
      'must be empty with `digest: true` (a digest starts its own job)'
    )
  }
  const branch = readString(read, 'digest-branch') || undefined
  if (branch !== undefined && !isBranchName(branch)) {
    throw new InputError('digest-branch', 'must be a branch name such as main', branch)
  }
  const since = parseDateInput(read, 'digest-since', new Date(now)) ?? defaultSince(new Date(now))
  if (since.instant > now) {
    throw new InputError('digest-since', 'must not be in the future', since.value)
  }
  const maxPulls = parseNumber(read, 'digest-max-pulls', {
    fallback: AGENT_DEFAULTS['digest-max-pulls'],
    expected: 'a whole number of pull requests from 1 to 1000, for example 50',
    integer: true,
    min: 1,
    max: 1000
  })
  return {
    branch,
    since,
    maxPulls,
    notify: parseBoolean(read, 'digest-notify', { fallback: AGENT_DEFAULTS['digest-notify'] })
  }
}

function defaultSince(today: Date): ParsedDate {
  const since = parseDate(AGENT_DEFAULTS['digest-since'], today)
  if (!since)
    throw new Error(`The default digest-since does not parse: ${AGENT_DEFAULTS['digest-since']}`)
  return since
}
