/**
 * The inputs of one step that reads several datasets under one request budget: the `dataset` list,
 * `request-budget` and `daily`, and the rules that hold only with several datasets (`page-size`
 * empty, `compare` needing views or visitors in the list). Pure, like the rest of the settings.
 */
import {
  InputError,
  parseChoice,
  parseList,
  parseNumber,
  readString,
  type InputReader
} from '../shared/inputs.js'
import { datasetFacts, DATASETS, type Dataset } from './dataset-list.js'
import { ANALYTICS_DEFAULTS } from './defaults.js'
import { REQUEST_LIMIT } from './export/budget.js'

const DAILY_MODES = ['auto', 'true', 'false'] as const
/** `auto`: with charts and both dates, as it fits; `true`: whenever both dates are set; `false`: never. */
export type DailyMode = (typeof DAILY_MODES)[number]

/** The datasets in the order the report shows them; one name is today's single dataset. */
export function parseDatasets(read: InputReader): Dataset[] {
  const raw = readString(read, 'dataset')
  // One name keeps the single dataset's own check and message.
  if (!/[,\n]/.test(raw)) {
    return [
      parseChoice(read, 'dataset', { choices: DATASETS, fallback: ANALYTICS_DEFAULTS.dataset })
    ]
  }
  const names = parseList(read, 'dataset').map(name => name.toLowerCase())
  const choices = DATASETS.map(name => `\`${name}\``).join(', ')
  const seen = new Set<string>()
  for (const name of names) {
    if (!(DATASETS as readonly string[]).includes(name)) {
      throw new InputError(
        'dataset',
        `lists ${JSON.stringify(name)}: each name must be one of ${choices}`,
        raw
      )
    }
    if (seen.has(name)) {
      throw new InputError('dataset', `lists ${name} twice: name each dataset once`, raw)
    }
    seen.add(name)
  }
  if (names.length === 0) {
    throw new InputError('dataset', `must name at least one of ${choices}`, raw)
  }
  return names as Dataset[]
}

export function parseRequestBudget(read: InputReader): number {
  return parseNumber(read, 'request-budget', {
    fallback: ANALYTICS_DEFAULTS['request-budget'],
    expected: `a whole number of requests from 1 to ${REQUEST_LIMIT} (the service allows ${REQUEST_LIMIT} an hour per organization)`,
    integer: true,
    min: 1,
    max: REQUEST_LIMIT
  })
}

export function parseDailyMode(read: InputReader): DailyMode {
  return parseChoice(read, 'daily', { choices: DAILY_MODES, fallback: ANALYTICS_DEFAULTS.daily })
}

/** With several datasets each uses its own maximum page size: a `page-size` is an input error. */
export function checkSeveralPageSize(read: InputReader): void {
  const raw = readString(read, 'page-size')
  if (raw) {
    throw new InputError(
      'page-size',
      'must be empty with several datasets: each dataset uses its own maximum (250 for views and visitors, 100 for searches and feedback, 1,000 for assistant)',
      raw
    )
  }
}

/** `compare` applies to views and visitors: the dataset, or one in the list, must be one of them. */
export function checkCompare(datasets: readonly Dataset[], compare: string): void {
  if (datasets.some(name => datasetFacts(name).comparable)) return
  const which =
    datasets.length > 1
      ? `and the list (${datasets.join(', ')}) has neither`
      : `not to ${datasets[0]}`
  throw new InputError(
    'compare',
    `applies to the views and visitors datasets only, ${which}: use \`none\``,
    compare
  )
}
