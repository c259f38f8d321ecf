/** The deploy action's inputs, parsed once: each wrong form is one InputError before any request. */
import { isBranchName } from '../github/refs.js'
import {
  InputError,
  parseBoolean,
  parseChoice,
  parseIssueNumber,
  readString,
  type InputReader
} from '../shared/inputs.js'
import { parseServiceSettings, type ServiceSettings } from '../shared/service-settings.js'
import { parseWaitInputs, type WaitSettings } from '../shared/wait-inputs.js'
import { DEPLOY_DEFAULTS } from './defaults.js'

export const DEPLOYMENT_KINDS = ['auto', 'production', 'preview'] as const
export type DeploymentKind = (typeof DEPLOYMENT_KINDS)[number]

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
