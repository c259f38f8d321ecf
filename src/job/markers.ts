/**
 * Hidden HTML-comment markers in the action's own comments. They let a re-run find its tracking
 * comment (and the job in it), let a follow-up find the thread's job, and keep the action from ever
 * answering itself. A marker counts only in a comment of ours (`ownMarker`); each kind has its own
 * fields.
 */
import type { IssueComment } from '../github/comments.js'
import { isOwnComment, type Identity } from '../github/identity.js'

const PREFIX = 'mintlify-docs-agent'

const TRACKING_STATES = ['pending', 'job', 'unknown'] as const
export type TrackingState = (typeof TRACKING_STATES)[number]

const JOB_PHASES = ['following', 'left', 'ended'] as const
type JobPhase = (typeof JOB_PHASES)[number]

/** A job's tracking comment: its wire fields. What each means is read in one place, life.ts. */
export interface TrackingMarker {
  kind: 'tracking'
  request?: string
  job?: string
  state?: TrackingState
  run?: string
  phase?: JobPhase
  /** Epoch seconds. */
  deadline?: string
  since?: string
  until?: string
  pulls?: string
  notes?: string
  status?: string
  pr?: string
  label?: string
  automation?: string
  instance?: string
}

/** The back-link on a docs PR; a reply without a tracking comment; a digest's note on a code PR. */
interface BackLinkMarker {
  kind: 'back-link'
  job?: string
}
interface ReplyMarker {
  kind: 'reply'
  request?: string
}
interface NoteMarker {
  kind: 'note'
  request?: string
}

/**
 * A deploy comment: its project and branch (`:production` for the deployment branch), and while it
 * does not show its deployment's end, what the sweep needs to finish it. The status id is `update`:
 * an earlier version's `status` field (the status itself) is read and dropped.
 */
export interface DeployMarker {
  kind: 'deploy'
  project?: string
  branch?: string
  update?: string
  run?: string
  /** Epoch seconds. */
  deadline?: string
  preview?: string
}

/** An analytics step's report comment: the run and the step (`job/step`) whose report it is. */
export interface ReportMarker {
  kind: 'report'
  run?: string
  step?: string
}

export type Marker =
  TrackingMarker | BackLinkMarker | ReplyMarker | NoteMarker | DeployMarker | ReportMarker
type MarkerKind = Marker['kind']

/** Every field name a marker of some kind has. */
type Field = Exclude<
  | keyof TrackingMarker
  | keyof BackLinkMarker
  | keyof ReplyMarker
  | keyof NoteMarker
  | keyof DeployMarker
  | keyof ReportMarker,
  'kind'
>

/** The value `choices` holds, else undefined: a field read from a comment is checked, never cast. */
function oneOf<T extends string>(choices: readonly T[], value: string | undefined): T | undefined {
  return choices.find(choice => choice === value)
}

/** Each kind's fields, in the order written: both ways go through it, so no kind takes another's. */
const KINDS: {
  [K in MarkerKind]: (read: (field: Field) => string | undefined) => Extract<Marker, { kind: K }>
} = {
  tracking: read => ({
    kind: 'tracking',
    request: read('request'),
    job: read('job'),
    state: oneOf(TRACKING_STATES, read('state')),
    run: read('run'),
    phase: oneOf(JOB_PHASES, read('phase')),
    deadline: read('deadline'),
    since: read('since'),
    until: read('until'),
    pulls: read('pulls'),
    notes: read('notes'),
    status: read('status'),
    pr: read('pr'),
    label: read('label'),
    automation: read('automation'),
    instance: read('instance')
  }),
  'back-link': read => ({ kind: 'back-link', job: read('job') }),
  reply: read => ({ kind: 'reply', request: read('request') }),
  note: read => ({ kind: 'note', request: read('request') }),
  deploy: read => ({
    kind: 'deploy',
    project: read('project'),
    branch: read('branch'),
    update: read('update'),
    run: read('run'),
    deadline: read('deadline'),
    preview: read('preview')
  }),
  report: read => ({ kind: 'report', run: read('run'), step: read('step') })
}

const MARKER_KINDS = Object.keys(KINDS)

function isKind(value: string): value is MarkerKind {
  return MARKER_KINDS.includes(value)
}

/** Letters, digits and `._:-` as they are, the rest percent-encoded: job ids' shape is not promised. */
function encodeValue(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!~*'()]/g, char => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%3A/gi, ':')
}

function decodeValue(value: string): string | undefined {
  try {
    return decodeURIComponent(value)
  } catch {
    return undefined
  }
}

export function renderMarker(marker: Marker): string {
  const values: Partial<Record<Field, string>> = marker
  const fields = Object.entries(KINDS[marker.kind](field => values[field]))
    .filter(([key, value]) => key !== 'kind' && value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${encodeValue(String(value))}`)
  return `<!-- ${PREFIX}:${[marker.kind, ...fields].join(' ')} -->`
}

const MARKER_PATTERN = new RegExp(
  `<!-- ${PREFIX}:(${MARKER_KINDS.join('|')})((?: [a-z]+=[A-Za-z0-9._:%-]+)*) -->`,
  'g'
)

function readMarkers(body: string): Marker[] {
  const markers: Marker[] = []
  for (const match of body.matchAll(MARKER_PATTERN)) {
    const kind = match[1]
    if (!isKind(kind)) continue
    const values = new Map<string, string>()
    for (const pair of match[2].trim().split(' ').filter(Boolean)) {
      const [key, raw] = pair.split('=')
      const value = decodeValue(raw)
      if (value !== undefined) values.set(key, value)
    }
    markers.push(KINDS[kind](field => values.get(field)))
  }
  return markers
}

/** The marker that ends a body, the only one trusted: quoted text (a job id, a prLink) is before it. */
export function readFinalMarker(body: string): Marker | undefined {
  const text = body.trimEnd()
  const last = [...text.matchAll(MARKER_PATTERN)].at(-1)
  if (last === undefined || last.index + last[0].length !== text.length) return undefined
  return readMarkers(last[0])[0]
}

/** The marker of a comment of ours, the one rule for whose counts: anyone can type a marker. */
export function ownMarker(comment: IssueComment, identity: Identity): Marker | undefined {
  if (!isOwnComment(comment, identity)) return undefined
  return readFinalMarker(comment.body) ?? readFirstReportLine(comment.body)
}

/** A report's marker as the analytics action first wrote it: its first line, still edited by a re-run. */
function readFirstReportLine(body: string): ReportMarker | undefined {
  const line = /^<!-- mintlify-analytics-report run:(\S+) step:(\S+) -->/.exec(body)
  return line ? { kind: 'report', run: line[1], step: line[2] } : undefined
}

/** Any comment written by this action, whatever its kind. */
export function isActionComment(body: string): boolean {
  return body.includes(`<!-- ${PREFIX}:`)
}
