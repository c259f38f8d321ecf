/** The default of each optional sweep input; the parser falls back to it on an empty value. */
import type { InputDefaults } from '../shared/inputs.js'
import { DEFAULT_API_URL, DEFAULT_GITHUB_TOKEN } from '../shared/service-settings.js'

export const SWEEP_DEFAULTS = {
  'api-url': DEFAULT_API_URL,
  'github-token': DEFAULT_GITHUB_TOKEN,
  'lookback-days': 7,
  'max-jobs': 50,
  'back-link': true
} as const satisfies InputDefaults
