/**
 * Assistant conversations: the caller split first (one request: a fault there costs no page read), then
 * the conversations by cursor. The response text is not written; CSV counts the sources.
 */
import {
  getAssistant,
  getAssistantCallerStats,
  type AssistantConversation
} from '../../mintlify/assistant.js'
import { fetchPage } from '../export/context.js'
import { exportCursor } from '../export/cursor-export.js'
import { rowFormat } from '../export/writers.js'
import { assistantBlocks } from '../report/assistant-sections.js'
import { AssistantTally, type AssistantSummary } from '../report/assistant-summary.js'
import { assistantPrompt } from '../report/prompt.js'
import { defineDataset } from './descriptor.js'

const ASSISTANT_ROWS = rowFormat<AssistantConversation>(
  'conversations',
  [
    'id',
    'timestamp',
    'query',
    'responseType',
    'resolutionStatus',
    'queryCategory',
    'pageUrl',
    ['sources', c => c.sources.map(source => ({ title: source.title, url: source.url }))]
  ],
  { sources: c => c.sources.length }
)

export const assistant = defineDataset<AssistantSummary>('assistant', {
  read: async ctx => {
    const { settings, client } = ctx
    const range = { dateFrom: settings.dateFrom, dateTo: settings.dateTo }
    const request = { operation: 'get-assistant-caller-stats', page: 'Caller stats' } as const
    const callers = await fetchPage(ctx, request, signal =>
      getAssistantCallerStats(client, range, { signal })
    )
    const tally = new AssistantTally(settings.summaryRows, callers)
    return exportCursor(ctx, tally, {
      operation: 'get-assistant',
      rowFormat: ASSISTANT_ROWS,
      read: async (query, signal) => {
        const page = await getAssistant(client, query, { signal })
        return { ...page, rows: page.conversations }
      },
      tail: () => ({ ...tally.counts, callers })
    })
  },
  outputValues: ({ summary }, range) => ({
    total: String(summary.conversations),
    prompt: assistantPrompt(summary, range)
  }),
  sections: assistantBlocks
})
