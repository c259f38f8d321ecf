/**
 * The inputs every action shares to reach the service: the key, the project and the base URL. Parsed
 * here once, with the same rules and the same errors in every action.
 */
import * as core from '@actions/core'
import { InputError, parseApiUrl, requireString, type InputReader } from './inputs.js'

export const DEFAULT_API_URL = 'https://api.mintlify.com'

export interface ServiceSettings {
  apiKey: string
  projectId: string
  /** No trailing slash. */
  apiUrl: string
}

/**
 * Masks the key before anything can log it: as given and as trimmed, since either form may be echoed.
 * Returns a function that cuts both forms out of a text bound for a summary or a comment.
 */
export function maskApiKey(read: InputReader): (text: string) => string {
  const raw = read('api-key')
  const forms = [...new Set([raw, raw.trim()])].filter(form => form.length > 0)
  for (const form of forms) core.setSecret(form)
  return text => forms.reduce((out, form) => out.split(form).join('***'), text)
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
