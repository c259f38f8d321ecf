/**
 * Where each analytics read goes: the operation names the resource, and every one of them is a GET
 * of `/v1/analytics/{project}/{resource}?params`.
 */
import type { Operation } from './errors.js'

const ANALYTICS_RESOURCES = {
  'get-assistant': 'assistant',
  'get-assistant-caller-stats': 'assistant/caller-stats',
  'get-feedback-by-page': 'feedback/by-page',
  'get-page-views': 'views',
  'get-visitors': 'visitors',
  'get-searches': 'searches',
  'get-feedback': 'feedback'
} as const satisfies Partial<Record<Operation, string>>

export type AnalyticsRead = keyof typeof ANALYTICS_RESOURCES

/** The path (and query) of one analytics read of the project. */
export function analyticsPath(
  projectId: string,
  operation: AnalyticsRead,
  params: URLSearchParams
): string {
  const project = encodeURIComponent(projectId)
  return `/v1/analytics/${project}/${ANALYTICS_RESOURCES[operation]}?${params}`
}
