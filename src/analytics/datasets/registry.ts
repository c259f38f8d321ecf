/**
 * The descriptor of each dataset. A new dataset is its facts (dataset-list.ts), its descriptor
 * (datasets/<name>.ts), its summary in report/, and its entry here.
 */
import type { Dataset } from '../dataset-list.js'
import { assistant } from './assistant.js'
import type { DatasetDescriptor } from './descriptor.js'
import { feedback } from './feedback.js'
import { searches } from './searches.js'
import { views, visitors } from './traffic.js'

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
