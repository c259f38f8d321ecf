/** The sweep's inputs, parsed once: each wrong form is one InputError before any request. */
import {
  InputError,
  parseBoolean,
  parseNumber,
  readString,
  type InputReader
} from '../shared/inputs.js'
import { parseServiceSettings, type ServiceSettings } from '../shared/service-settings.js'
import { SWEEP_DEFAULTS } from './defaults.js'

export interface SweepSettings {
  service: ServiceSettings
  githubToken: string
  lookbackDays: number
  maxJobs: number
  backLink: boolean
}

export function parseSweepSettings(read: InputReader): SweepSettings {
  const service = parseServiceSettings(read)
  const githubToken = readString(read, 'github-token')
  if (!githubToken) {
    throw new InputError(
      'github-token',
      'is required: a token that can read and edit the repository’s issue comments (the default is github.token)'
    )
  }
  return {
    service,
    githubToken,
    lookbackDays: parseNumber(read, 'lookback-days', {
      fallback: SWEEP_DEFAULTS['lookback-days'],
      expected: 'a number of days from 1 to 90, for example 7',
      min: 1,
      max: 90
    }),
    maxJobs: parseNumber(read, 'max-jobs', {
      fallback: SWEEP_DEFAULTS['max-jobs'],
      expected: 'a whole number of jobs from 1 to 100, for example 50',
      integer: true,
      min: 1,
      max: 100
    }),
    backLink: parseBoolean(read, 'back-link', { fallback: SWEEP_DEFAULTS['back-link'] })
  }
}
