/**
 * The default of each optional analytics input; the parser falls back to it on an empty value. An
 * empty `page-size` or `output-file` is worked out from the dataset (its maximum, its file name).
 */
import type { InputDefaults } from '../shared/inputs.js'
import { DEFAULT_API_URL, DEFAULT_GITHUB_TOKEN } from '../shared/service-settings.js'

export const ANALYTICS_DEFAULTS = {
  'api-url': DEFAULT_API_URL,
  'date-from': '',
  'date-to': '',
  'page-size': '',
  'output-file': '',
  format: 'json',
  'summary-rows': 10,
  'issue-number': '',
  'github-token': DEFAULT_GITHUB_TOKEN,
  dataset: 'views',
  compare: 'none',
  chart: true,
  impact: false,
  'docs-repository': '',
  'docs-root': '',
  'request-budget': 100,
  daily: 'auto'
} as const satisfies InputDefaults

export const DAILY_MODES = ['auto', 'true', 'false'] as const
/** `auto`: with charts and both dates, as it fits; `true`: whenever both dates are set; `false`: never. */
export type DailyMode = (typeof DAILY_MODES)[number]
