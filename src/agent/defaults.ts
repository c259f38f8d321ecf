/**
 * The default of each optional agent input. The parser falls back to it on an empty value, except
 * where empty has a meaning of its own: `skip-label` (no label skips) and `ignore-paths` (nothing
 * is ignored), whose defaults reach the parser only through the runner, from action.yml.
 */
import type { InputDefaults } from '../shared/inputs.js'
import { DEFAULT_API_URL, DEFAULT_GITHUB_TOKEN } from '../shared/service-settings.js'
import { DEFAULT_TRIGGER_PHRASE } from '../job/back-link.js'

export const AGENT_DEFAULTS = {
  prompt: '',
  'prompt-file': '',
  'trigger-phrase': DEFAULT_TRIGGER_PHRASE,
  'job-id': '',
  wait: true,
  'max-wait-minutes': 30,
  'poll-interval-seconds': 5,
  'max-poll-interval-seconds': 30,
  'github-token': DEFAULT_GITHUB_TOKEN,
  'issue-number': '',
  comment: true,
  'required-permission': 'write',
  'allowed-bots': '',
  'fail-on-error': true,
  'api-url': DEFAULT_API_URL,
  'include-context': true,
  'follow-up': true,
  'back-link': true,
  detach: false,
  'skip-label': 'no-docs',
  'ignore-paths': ['**/*.md', '**/*.mdx', 'docs.json', 'mint.json'],
  'include-diff': true,
  'label-trigger': '',
  'label-remove': true,
  digest: false,
  'digest-branch': '',
  'digest-since': '-7d',
  'digest-max-pulls': 50,
  'digest-notify': true,
  automation: '',
  'dry-run': false
} as const satisfies InputDefaults
