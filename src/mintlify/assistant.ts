/**
 * The AI assistant's analytics (analytics-openapi.json): its conversations, cursor paged, and the
 * split of its use by caller. The assistant's own response text is not kept: it is the service's
 * words, large, and the export never writes it.
 */
import { cursorEnvelope, type CursorQuery } from './analytics-types.js'
import type { MintlifyClient } from './client.js'
import type { CallOptions } from './request-shape.js'
import { cursorParams, rangeParams } from './query-params.js'
import { count, isRecord, optionalString, ShapeError } from './types.js'

type AssistantSource = { title: string; url: string }

export interface AssistantConversation {
  id: string
  timestamp: string
  /** The reader's question. */
  query: string
  /** `answer` or `clarifying_question` (the service's default when absent: `answer`). */
  responseType: string
  /** `answered` or `unanswered` (not covered by the documentation). */
  resolutionStatus: string
  queryCategory: string | null
  /** The full URL of the page the conversation started on. */
  pageUrl: string | null
  sources: AssistantSource[]
}

export interface AssistantPage {
  conversations: AssistantConversation[]
  nextCursor: string | null
  hasMore: boolean
}

export type CallerStats = { web: number; api: number; other: number; total: number }

function parseSources(value: unknown, at: string): AssistantSource[] {
  if (!Array.isArray(value)) throw new ShapeError(`${at}.sources is not an array`)
  return value.map((source: unknown, j) => {
    if (!isRecord(source)) throw new ShapeError(`${at}.sources[${j}] is not an object`)
    return {
      title: optionalString(source.title, `${at}.sources[${j}].title`) ?? '',
      url: optionalString(source.url, `${at}.sources[${j}].url`) ?? ''
    }
  })
}

function parseConversation(row: unknown, i: number): AssistantConversation {
  const at = `conversations[${i}]`
  if (!isRecord(row) || typeof row.id !== 'string' || typeof row.query !== 'string') {
    throw new ShapeError(`${at} has no "id" or "query"`)
  }
  return {
    id: row.id,
    timestamp: optionalString(row.timestamp, `${at}.timestamp`) ?? '',
    query: row.query,
    responseType: optionalString(row.responseType, `${at}.responseType`) ?? 'answer',
    resolutionStatus: optionalString(row.resolutionStatus, `${at}.resolutionStatus`) ?? '',
    queryCategory: optionalString(row.queryCategory, `${at}.queryCategory`) ?? null,
    pageUrl: optionalString(row.pageUrl, `${at}.pageUrl`) ?? null,
    sources: parseSources(row.sources ?? [], at)
  }
}

function parseAssistantPage(body: unknown): AssistantPage {
  const { rows, nextCursor, hasMore } = cursorEnvelope(body, 'conversations', 'assistant')
  return { conversations: rows.map(parseConversation), nextCursor, hasMore }
}

function parseCallerStats(body: unknown): CallerStats {
  if (!isRecord(body)) throw new ShapeError('the caller stats answer is not a JSON object')
  const field = (name: keyof CallerStats): number => count(body[name], name)
  return { web: field('web'), api: field('api'), other: field('other'), total: field('total') }
}

/** One page of conversations (`limit` always sent: the service's own default is 100). */
export function getAssistant(
  client: MintlifyClient,
  query: CursorQuery,
  call: CallOptions = {}
): Promise<AssistantPage> {
  return client.read('get-assistant', cursorParams(query), parseAssistantPage, call)
}

/** Assistant queries by caller (web, API, other) over the date range: one request. */
export function getAssistantCallerStats(
  client: MintlifyClient,
  range: { dateFrom?: string; dateTo?: string },
  call: CallOptions = {}
): Promise<CallerStats> {
  return client.read('get-assistant-caller-stats', rangeParams(range), parseCallerStats, call)
}
