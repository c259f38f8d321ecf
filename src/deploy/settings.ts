/** The deploy action's inputs, parsed once: each wrong form is one InputError before any request. */
import { isBranchName } from '../github/refs.js'
import {
  InputError,
  parseBoolean,
  parseChoice,
  parseIssueNumber,
  readString,
  type InputDefaults,
  type InputReader
} from '../shared/inputs.js'
import {
  DEFAULT_API_URL,
  DEFAULT_GITHUB_TOKEN,
  parseServiceSettings,
  type ServiceSettings
} from '../shared/service-settings.js'
import { parseWaitInputs, type WaitSettings } from '../shared/wait-inputs.js'

/** The default of each optional input; the parser falls back to it on an empty value. */
export const DEPLOY_DEFAULTS = {
  'api-url': DEFAULT_API_URL,
  'github-token': DEFAULT_GITHUB_TOKEN,
  deployment: 'auto',
  branch: '',
  wait: true,
  'max-wait-minutes': 15,
  'poll-interval-seconds': 5,
  'max-poll-interval-seconds': 30,
  comment: true,
  'issue-number': '',
  'fail-on-error': true
} as const satisfies InputDefaults

const DEPLOYMENT_KINDS = ['auto', 'production', 'preview'] as const
type DeploymentKind = (typeof DEPLOYMENT_KINDS)[number]

export interface DeploySettings extends WaitSettings {
  service: ServiceSettings
  /** Empty: no comment is written. */
  githubToken: string
  deployment: DeploymentKind
  /** Empty: the pull request's head branch. */
  branch: string
  wait: boolean
  comment: boolean
  issueNumber?: number
  failOnError: boolean
}

export function parseDeploySettings(read: InputReader): DeploySettings {
  const service = parseServiceSettings(read)
  const branch = readString(read, 'branch')
  if (branch && !isBranchName(branch)) {
    throw new InputError(
      'branch',
      'must be a branch name of the connected repository, such as `docs/new-guide`',
      branch
    )
  }
  const booleans = (name: 'wait' | 'comment' | 'fail-on-error'): boolean =>
    parseBoolean(read, name, { fallback: DEPLOY_DEFAULTS[name] })
  return {
    service,
    githubToken: readString(read, 'github-token'),
    deployment: parseChoice(read, 'deployment', {
      choices: DEPLOYMENT_KINDS,
      fallback: DEPLOY_DEFAULTS.deployment
    }),
    branch,
    wait: booleans('wait'),
    ...parseWaitInputs(read, DEPLOY_DEFAULTS),
    comment: booleans('comment'),
    issueNumber: parseIssueNumber(read, 'issue-number'),
    failOnError: booleans('fail-on-error')
  }
}
