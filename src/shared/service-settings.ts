/** The inputs every action shares to reach the service, parsed with the same errors in each. */
import { InputError, parseApiUrl, requireString, type InputReader } from './inputs.js'

export const DEFAULT_API_URL = 'https://api.mintlify.com'

/** Every action's `github-token` default: an expression the runner evaluates, the workflow's token. */
export const DEFAULT_GITHUB_TOKEN = '${{ github.token }}'

export interface ServiceSettings {
  apiKey: string
  projectId: string
  /** No trailing slash. */
  apiUrl: string
}

export function parseServiceSettings(read: InputReader): ServiceSettings {
  const apiKey = requireString(read, 'api-key', 'the Mintlify admin API key (starts with `mint_`)')
  // Printable ASCII only: a line break, a zero-width character or any other invisible one (a
  // secret pasted with it) would make the HTTP header invalid. Never echoed: the error names the form.
  if (!/^[\x21-\x7e]+$/.test(apiKey)) {
    throw new InputError(
      'api-key',
      'must be one admin API key (it starts with `mint_`) with no spaces or line breaks, and no invisible characters'
    )
  }
  const projectId = requireString(
    read,
    'project-id',
    'the project id from the API keys page of the Mintlify dashboard'
  )
  if (/[\s/?#]/.test(projectId)) {
    throw new InputError(
      'project-id',
      'must be a project id from the API keys page, with no spaces or slashes',
      projectId
    )
  }
  return { apiKey, projectId, apiUrl: parseApiUrl(read, 'api-url', DEFAULT_API_URL) }
}
