/** The assistant summary in the report; readers' questions redacted, inert and cut. */
import { plural } from '../../shared/plural.js'
import type { AssistantSummary } from './assistant-summary.js'
import { barChart, chartAfter } from './charts.js'
import { dateCell } from '../../shared/human-dates.js'
import { fixed, formatCount, pathCell, percent, table, type Block } from './layout.js'
import { pagePath } from './prompt.js'
import { readersCell } from './readers-words.js'

/** The summary shows this much of a question, then `…` (the file has it whole). */
const QUESTION_SHOWN_CHARS = 200

function callerTable(summary: AssistantSummary): Block {
  const { web, api, other, total } = summary.callers
  const row = (label: string, value: number): string =>
    `| ${label} | ${formatCount(value)} | ${percent(value, total)} |`
  return fixed(
    '#### Questions by caller',
    '',
    '| Caller | Questions | Share |',
    '| --- | ---: | ---: |',
    row('Web (the docs site)', web),
    row('API', api),
    row('Other', other),
    `| **Total** | **${formatCount(total)}** | ${total > 0 ? '100%' : '–'} |`,
    ''
  )
}

function categoryTable(summary: AssistantSummary): Block {
  const count = plural(summary.categoryCount, 'category', 'categories')
  const heading = `#### Categories with the most unanswered questions (${count} in all)`
  const columns = '| # | Category | Unanswered | All questions | Unanswered share |'
  const rows = summary.categories.map(
    (c, i) =>
      `| ${i + 1} | ${pathCell(c.category)} | ${formatCount(c.unanswered)} | ` +
      `${formatCount(c.total)} | ${percent(c.unanswered, c.total)} |`
  )
  return table([heading, '', columns, '| ---: | --- | ---: | ---: | ---: |'], rows)
}

function latestTable(summary: AssistantSummary): Block {
  const heading = `#### Latest ${plural(summary.latest.length, 'unanswered question')}`
  const rows = summary.latest.map(
    (q, i) =>
      `| ${i + 1} | “${readersCell(q.query, QUESTION_SHOWN_CHARS)}” | ${dateCell(q.timestamp)} | ` +
      `${q.pageUrl ? pathCell(pagePath(q.pageUrl)) : '–'} | ${pathCell(q.category ?? '–')} |`
  )
  const columns = '| # | Question | Asked | Page | Category |'
  return table([heading, '', columns, '| ---: | --- | --- | --- | --- |'], rows)
}

export function assistantBlocks(summary: AssistantSummary, { chart }: { chart: boolean }): Block[] {
  const { conversations, answered, unanswered } = summary
  const blocks: Block[] = [
    fixed(
      `- **Questions:** ${formatCount(conversations)}, ${formatCount(answered)} answered ` +
        `(${percent(answered, conversations)}) and ${formatCount(unanswered)} unanswered ` +
        `(${percent(unanswered, conversations)})`,
      ''
    ),
    callerTable(summary)
  ]
  if (unanswered === 0) {
    return [...blocks, fixed('_The assistant answered every question in this range._')]
  }
  blocks.push(
    categoryTable(summary),
    ...chartAfter(
      barChart({
        title: 'Unanswered questions by category',
        yAxis: 'unanswered',
        labels: summary.categories.map(c => c.category),
        bars: summary.categories.map(c => c.unanswered)
      }),
      chart
    ),
    fixed(''),
    latestTable(summary)
  )
  return blocks
}
