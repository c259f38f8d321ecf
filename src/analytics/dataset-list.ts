/**
 * The datasets and their facts, as data. Nothing here imports the export, so the settings can read it.
 */

export const DATASETS = ['views', 'visitors', 'searches', 'feedback', 'assistant'] as const
export type Dataset = (typeof DATASETS)[number]

/** The outputs a dataset may set besides `rows` and `file` (analytics/action.yml declares them). */
export type DatasetOutput =
  'total' | 'human' | 'ai' | 'pages' | 'previous-total' | 'change' | 'prompt'

export interface DatasetFacts {
  maxPageSize: number
  fileStem: string
  label: string
  title: string
  /** What one row of the file is in the report ("page", "term"). */
  rowName: string
  /** Whether `compare: previous` applies (per-page counts with totals). */
  comparable: boolean
  /** The outputs it sets, in the order it sets them (an undefined value is not set). */
  outputs: readonly DatasetOutput[]
}

/** `title` is `label` and `comparable` false unless they say otherwise. */
type Written = Omit<DatasetFacts, 'title' | 'comparable'> &
  Partial<Pick<DatasetFacts, 'title' | 'comparable'>>

function facts(written: Written): DatasetFacts {
  return { title: written.label, comparable: false, ...written }
}

const TRAFFIC = { maxPageSize: 250, rowName: 'page', comparable: true }

const FACTS: Record<Dataset, DatasetFacts> = {
  views: facts({
    ...TRAFFIC,
    fileStem: 'page-views',
    label: 'page views',
    outputs: ['total', 'human', 'ai', 'pages', 'previous-total', 'change']
  }),
  visitors: facts({
    ...TRAFFIC,
    fileStem: 'visitors',
    label: 'unique visitors',
    outputs: ['total', 'human', 'ai', 'previous-total', 'change']
  }),
  searches: facts({
    maxPageSize: 100,
    fileStem: 'searches',
    label: 'search terms',
    rowName: 'term',
    outputs: ['total', 'prompt']
  }),
  feedback: facts({
    maxPageSize: 100,
    fileStem: 'feedback',
    label: 'feedback',
    rowName: 'entry',
    outputs: ['total', 'prompt']
  }),
  assistant: facts({
    maxPageSize: 1000,
    fileStem: 'assistant',
    label: 'assistant conversations',
    title: 'assistant questions',
    rowName: 'conversation',
    outputs: ['total', 'prompt']
  })
}

export function datasetFacts(name: Dataset): DatasetFacts {
  return FACTS[name]
}
