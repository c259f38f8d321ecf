/**
 * The datasets the export reads, by the name the `dataset` input takes. A new dataset is its
 * descriptor (datasets/<name>.ts), its summary in report/, and its name here.
 */
import { assistant } from './assistant.js'
import type { DatasetDescriptor, DatasetOutput } from './descriptor.js'
import { feedback } from './feedback.js'
import { searches } from './searches.js'
import { views } from './views.js'
import { visitors } from './visitors.js'

export const DATASETS = ['views', 'visitors', 'searches', 'feedback', 'assistant'] as const
export type Dataset = (typeof DATASETS)[number]

const REGISTRY: Record<Dataset, DatasetDescriptor> = {
  views,
  visitors,
  searches,
  feedback,
  assistant
}

export function datasetOf(name: Dataset): DatasetDescriptor {
  return REGISTRY[name]
}

/**
 * The outputs each dataset sets besides `rows` and `file` (analytics.action-yml.test.ts checks that
 * analytics/action.yml declares them).
 */
export function datasetOutputs(): [Dataset, readonly DatasetOutput[]][] {
  return DATASETS.map(name => [name, REGISTRY[name].outputs])
}
