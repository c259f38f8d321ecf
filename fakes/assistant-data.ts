/**
 * The emulator's AI assistant data (analytics-openapi.json: `assistant`, `assistant/caller-stats`):
 * the conversations tests set, as many generated on demand as the bench reads, and the demo's default,
 * in which some questions went unanswered.
 */
import type { CursorItems } from './analytics-data.js'

/** One conversation as the service answers it (the response text included). */
export interface AssistantItem {
  id: string
  timestamp: string
  query: string
  response: string
  responseType?: 'answer' | 'clarifying_question'
  sources: { title: string; url: string }[]
  resolutionStatus: 'answered' | 'unanswered'
  queryCategory: string | null
  pageUrl: string | null
}

export interface CallerStatsItem {
  web: number
  api: number
  other: number
  total: number
}

export interface AssistantData {
  conversations: CursorItems<AssistantItem>
  callerStats: CallerStatsItem
}

const DOCS = 'https://docs.example.com'
const CATEGORIES = ['Getting started', 'Authentication', 'API reference', 'Deployment', null]

/**
 * Conversation `i` of a generated set: the same every time. Every fourth is unanswered: half of
 * those are asked again and again (50 questions), half are each asked once, so the number of
 * distinct questions grows with the set.
 */
function generatedConversation(i: number): AssistantItem {
  const unanswered = i % 4 === 0
  const query = !unanswered
    ? `How do I use feature ${i % 200}?`
    : i % 8 === 0
      ? `How do I set up integration ${i}?`
      : `How do I rotate the keys of service ${i % 50}?`
  const page = `${DOCS}/docs/page-${i % 300}`
  return {
    id: `conv_${i}`,
    timestamp: new Date(Date.UTC(2024, 2, 1) + i * 1000).toISOString(),
    query,
    response: `An answer of some length, as the assistant would give it. `.repeat(4),
    sources: unanswered ? [] : [{ title: `Page ${i % 300}`, url: page }],
    resolutionStatus: unanswered ? 'unanswered' : 'answered',
    queryCategory: CATEGORIES[i % CATEGORIES.length],
    pageUrl: i % 10 === 9 ? null : page
  }
}

/** n generated conversations made on demand: 1,000,000 cost no memory. */
export function generatedAssistant(n: number): AssistantData {
  return {
    conversations: { length: n, at: i => (i < n ? generatedConversation(i) : undefined) },
    callerStats: { web: n - Math.floor(n / 10), api: Math.floor(n / 10), other: 0, total: n }
  }
}

/** Given conversations; the caller split defaults to all of them from the web. */
export function assistantData(
  items: AssistantItem[],
  callerStats?: CallerStatsItem
): AssistantData {
  const copy = items.map(item => ({ ...item }))
  const n = copy.length
  return {
    conversations: copy,
    callerStats: callerStats ? { ...callerStats } : { web: n, api: 0, other: 0, total: n }
  }
}

function demo(
  n: number,
  query: string,
  status: 'answered' | 'unanswered',
  category: string | null,
  page: string
): AssistantItem {
  return {
    id: `01HZDEMO${String(n).padStart(18, '0')}`,
    timestamp: `2024-03-0${1 + (n % 9)}T1${n % 10}:00:00Z`,
    query,
    response: status === 'answered' ? 'See the guide linked below.' : 'I could not find that.',
    sources: status === 'answered' ? [{ title: 'Guide', url: `${DOCS}${page}` }] : [],
    resolutionStatus: status,
    queryCategory: category,
    pageUrl: `${DOCS}${page}`
  }
}

/** The demo's default: a few answered questions, and unanswered ones asked more than once. */
export const DEMO_ASSISTANT: AssistantData = assistantData(
  [
    demo(1, 'How do I install the CLI?', 'answered', 'Getting started', '/quickstart'),
    demo(2, 'How do I rotate my API key?', 'unanswered', 'Authentication', '/api/auth'),
    demo(3, 'how do i rotate my  API key?', 'unanswered', 'Authentication', '/api/auth'),
    demo(4, 'Can I deploy to a private network?', 'unanswered', 'Deployment', '/deploy'),
    demo(5, 'What is the rate limit?', 'answered', 'API reference', '/api/limits'),
    demo(6, 'Does SSO work with Okta?', 'unanswered', 'Authentication', '/settings/sso'),
    demo(7, 'How do I add a custom domain?', 'answered', 'Deployment', '/deploy/domains'),
    demo(8, 'How do I rotate my API key?', 'unanswered', 'Authentication', '/quickstart')
  ],
  { web: 6, api: 2, other: 0, total: 8 }
)
