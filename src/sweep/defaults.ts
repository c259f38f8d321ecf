/** The default of each optional sweep input; the parser falls back to it on an empty value. */
import type { InputDefaults } from '../shared/inputs.js'
import { DEFAULT_API_URL } from '../shared/service-settings.js'

export const SWEEP_DEFAULTS = {
  'api-url': DEFAULT_API_URL,
  // An expression the runner evaluates: the workflow's own token.
  'github-token': '${{ github.token }}',
  'lookback-days': 7,
  'max-jobs': 50,
  'back-link': true
} as const satisfies InputDefaults
