/**
 * How the GitHub fake answers: the answer and route types, GitHub's error bodies (401, 403, 404, 422
 * with `documentation_url`), the comment body check, page/per_page pagination with its `Link`
 * header, and GitHub's timestamps.
 */
import http from 'node:http'
import type { GitHubCall } from './model.js'

export interface Answer {
  status: number
  body?: unknown
  headers?: Record<string, string>
}

export type Handler = (match: RegExpExecArray, call: GitHubCall) => Answer

/** A method, the whole path it serves (a regular expression below the API prefix), its handler. */
export type Route = [string, RegExp, Handler]

export const DOCS = 'https://docs.github.com/rest'
const MAX_BODY = 65536

export function route(method: string, source: string, handler: Handler): Route {
  return [method, new RegExp(`^${source}$`), handler]
}

/** The path of a repository's resources, capturing owner and repo. */
export const REPO = '/repos/([^/]+)/([^/]+)'

/** GitHub's error shape: `{message, documentation_url, status}` (status as a string). */
export function errorOf(status: number): Record<string, unknown> {
  const message = status === 404 ? 'Not Found' : (http.STATUS_CODES[status] ?? `HTTP ${status}`)
  return { message, documentation_url: DOCS, status: String(status) }
}

export function notFound(): Answer {
  return { status: 404, body: errorOf(404) }
}

/** GitHub's 403 for what an installation token may not do. */
export const NOT_ACCESSIBLE: Answer = {
  status: 403,
  body: {
    message: 'Resource not accessible by integration',
    documentation_url: DOCS,
    status: '403'
  }
}

/** GitHub's 422; `doc` is the operation's documentation page below docs.github.com/rest. */
export function validationFailed(errors: Record<string, unknown>[], doc: string): Answer {
  return {
    status: 422,
    body: {
      message: 'Validation Failed',
      errors,
      documentation_url: `${DOCS}/${doc}`,
      status: '422'
    }
  }
}

/** A comment body: present, a string, at most 65,536 characters (GitHub counts characters). */
export function checkBody(
  payload: unknown,
  doc: string,
  resource = 'IssueComment'
): Answer | undefined {
  const body = (payload as { body?: unknown } | undefined)?.body
  if (typeof body !== 'string') {
    return {
      status: 422,
      body: {
        message: 'Invalid request.\n\n"body" wasn\'t supplied.',
        documentation_url: `${DOCS}/${doc}`,
        status: '422'
      }
    }
  }
  if ([...body].length > MAX_BODY) {
    const message = `Body is too long (maximum is ${MAX_BODY} characters)`
    return validationFailed([{ resource, code: 'unprocessable', field: 'data', message }], doc)
  }
  return undefined
}

/** GitHub's page/per_page pagination with its `Link` header (omitted when there is one page). */
export function paginate(
  apiUrl: string,
  items: unknown[],
  call: Pick<GitHubCall, 'path' | 'query'>
): Answer {
  const perPage = Math.min(100, Math.max(1, positiveInt(call.query.per_page) ?? 30))
  const page = positiveInt(call.query.page) ?? 1
  const lastPage = Math.max(1, Math.ceil(items.length / perPage))
  const link = (n: number, rel: string): string => {
    const target = new URL(apiUrl + call.path)
    for (const [name, value] of Object.entries(call.query)) target.searchParams.set(name, value)
    target.searchParams.set('per_page', String(perPage))
    target.searchParams.set('page', String(n))
    return `<${target.href}>; rel="${rel}"`
  }
  const links: string[] = []
  if (page > 1) links.push(link(Math.min(page - 1, lastPage), 'prev'))
  if (page < lastPage) links.push(link(page + 1, 'next'), link(lastPage, 'last'))
  if (page > 1) links.push(link(1, 'first'))
  return {
    status: 200,
    headers: links.length > 0 ? { link: links.join(', ') } : {},
    body: items.slice((page - 1) * perPage, page * perPage)
  }
}

function positiveInt(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d+$/.test(value)) return undefined
  const n = Number(value)
  return n >= 1 ? n : undefined
}

/** GitHub's timestamps: ISO 8601 in UTC, whole seconds. */
export function timestamp(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')
}
