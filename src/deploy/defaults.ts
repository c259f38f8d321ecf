/** The default of each optional deploy input; the parser falls back to it on an empty value. */
import type { InputDefaults } from '../shared/inputs.js'
import { DEFAULT_API_URL, DEFAULT_GITHUB_TOKEN } from '../shared/service-settings.js'

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
