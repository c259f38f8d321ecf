/** The impact section's numbers, pure. A page the service does not list has no figure (null, "–"), never 0 %. */
import { normalPath, type PageStatus, type TouchedPage } from './pages.js'
import type { Period } from './periods.js'

/** Pull requests whose files are read, the latest merges first; the others are counted. */
export const MAX_PULLS = 20

export type FeedbackCounts = { thumbsDown: number; total: number }

export interface PeriodFigures {
  views: ReadonlyMap<string, number>
  feedback: ReadonlyMap<string, FeedbackCounts>
}

export interface PageImpact {
  path: string
  status: PageStatus
  views: { before: number; after: number }
  feedback: { before: FeedbackCounts | null; after: FeedbackCounts | null }
}

export interface DocsPull {
  number: number
  title: string
  url: string
  mergedAt: string
  pages: TouchedPage[]
}

type PullImpact = Omit<DocsPull, 'pages'> & { pages: PageImpact[] }

export interface ImpactResult {
  baseline: Pick<Period, 'dateFrom' | 'dateTo'>
  pulls: PullImpact[]
  withoutPages: number
  more: number
}

export interface Sums {
  views: { before: number; after: number }
  /** Pooled over the pages with a figure; null when none has one. */
  negative: { before: number | null; after: number | null }
}

/** A figure only where the service ranked the page and counted any feedback. */
function feedbackOf(figures: PeriodFigures, path: string): FeedbackCounts | null {
  const counts = figures.feedback.get(normalPath(path))
  return counts && counts.total > 0 ? counts : null
}

function pageImpact(page: TouchedPage, before: PeriodFigures, after: PeriodFigures): PageImpact {
  const key = normalPath(page.path)
  return {
    path: page.path,
    status: page.status,
    views: { before: before.views.get(key) ?? 0, after: after.views.get(key) ?? 0 },
    feedback: { before: feedbackOf(before, page.path), after: feedbackOf(after, page.path) }
  }
}

export type DocsChanges = { pulls: DocsPull[]; more: number }

export function impactResult(
  { pulls, more }: DocsChanges,
  { baseline, before, after }: { baseline: Period; before: PeriodFigures; after: PeriodFigures }
): ImpactResult {
  const touching = pulls.filter(pull => pull.pages.length > 0)
  return {
    baseline: { dateFrom: baseline.dateFrom, dateTo: baseline.dateTo },
    pulls: touching.map(pull => ({
      ...pull,
      pages: pull.pages.map(page => pageImpact(page, before, after))
    })),
    withoutPages: pulls.length - touching.length,
    more
  }
}

export function pooledShare(counts: readonly (FeedbackCounts | null)[]): number | null {
  const known = counts.filter((c): c is FeedbackCounts => c !== null)
  const total = known.reduce((sum, c) => sum + c.total, 0)
  if (known.length === 0 || total <= 0) return null
  return known.reduce((sum, c) => sum + c.thumbsDown, 0) / total
}

export function sums(pages: readonly PageImpact[]): Sums {
  const views = (of: 'before' | 'after'): number => pages.reduce((sum, p) => sum + p.views[of], 0)
  return {
    views: { before: views('before'), after: views('after') },
    negative: {
      before: pooledShare(pages.map(p => p.feedback.before)),
      after: pooledShare(pages.map(p => p.feedback.after))
    }
  }
}

/** Every touched page once (the first pull request listing it gives its figures). */
export function distinctPages(result: ImpactResult): PageImpact[] {
  const pages = new Map<string, PageImpact>()
  for (const pull of result.pulls) {
    for (const page of pull.pages) if (!pages.has(page.path)) pages.set(page.path, page)
  }
  return [...pages.values()]
}

/** The `impact` object of the JSON file (its shape: docs/reference.md, "Did last period's changes help?"). */
export function impactJson(result: ImpactResult): Record<string, unknown> {
  const share = (c: FeedbackCounts | null): number | null => (c ? c.thumbsDown / c.total : null)
  return {
    baseline: result.baseline,
    pulls: result.pulls.map(pull => ({
      ...pull,
      pages: pull.pages.map(page => ({
        path: page.path,
        status: page.status,
        views: page.views,
        negative: { before: share(page.feedback.before), after: share(page.feedback.after) }
      }))
    }))
  }
}
