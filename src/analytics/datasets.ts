/**
 * The five datasets the export reads, and what differs between them: the endpoint's page limit, how it
 * pages, the default file name, and the words the log and the report use.
 */
export const DATASETS = ['views', 'visitors', 'searches', 'feedback', 'assistant'] as const
export type Dataset = (typeof DATASETS)[number]

export interface DatasetInfo {
  /** The most rows one request may ask for (the endpoint's `limit` maximum). */
  maxPageSize: number
  paging: 'offset' | 'cursor'
  /** The default output file, before `.json` or `.csv`. */
  fileStem: string
  /** "page views", for the log and the report's title. */
  label: string
  /** Whether `compare: previous` applies (per-page counts with totals). */
  comparable: boolean
}

export const DATASET_INFO: Record<Dataset, DatasetInfo> = {
  views: {
    maxPageSize: 250,
    paging: 'offset',
    fileStem: 'page-views',
    label: 'page views',
    comparable: true
  },
  visitors: {
    maxPageSize: 250,
    paging: 'offset',
    fileStem: 'visitors',
    label: 'unique visitors',
    comparable: true
  },
  searches: {
    maxPageSize: 100,
    paging: 'cursor',
    fileStem: 'searches',
    label: 'search terms',
    comparable: false
  },
  feedback: {
    maxPageSize: 100,
    paging: 'cursor',
    fileStem: 'feedback',
    label: 'feedback',
    comparable: false
  },
  assistant: {
    maxPageSize: 1000,
    paging: 'cursor',
    fileStem: 'assistant',
    label: 'assistant conversations',
    comparable: false
  }
}
