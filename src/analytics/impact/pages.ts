/** Which docs pages a pull request touched, pure: `.md`/`.mdx` under `docs-root`; a rename counts at its new path. */

export type PageStatus = 'added' | 'modified' | 'renamed' | 'removed'

export type TouchedPage = { path: string; status: PageStatus }

const PAGE_EXTENSION = /\.mdx?$/i

export function pagePath(file: string, docsRoot: string): string | undefined {
  const prefix = docsRoot === '' ? '' : `${docsRoot}/`
  if (!file.startsWith(prefix) || !PAGE_EXTENSION.test(file)) return undefined
  const segments = file.slice(prefix.length).replace(PAGE_EXTENSION, '').split('/')
  if (segments.some(segment => segment === '')) return undefined
  if (segments[segments.length - 1] === 'index') segments.pop()
  return `/${segments.join('/')}`
}

function statusOf(github: string): PageStatus {
  if (github === 'added' || github === 'removed' || github === 'renamed') return github
  return 'modified'
}

export function touchedPages(
  files: readonly { path: string; status: string }[],
  docsRoot: string
): TouchedPage[] {
  const pages = new Map<string, TouchedPage>()
  for (const file of files) {
    const path = pagePath(file.path, docsRoot)
    // `guide.md` and `guide.mdx` are one page: the first file listed names its status.
    if (path !== undefined && !pages.has(path))
      pages.set(path, { path, status: statusOf(file.status) })
  }
  return [...pages.values()]
}

/** The service's path of a page, as the table joins on it: no trailing `/` but for the root. */
export function normalPath(path: string): string {
  const trimmed = path.replace(/\/+$/, '')
  return trimmed === '' ? '/' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`
}
