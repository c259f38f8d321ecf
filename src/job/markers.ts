/**
 * Hidden HTML-comment markers in the action's own comments. They let a re-run find its tracking
 * comment (and the job in it), let a follow-up find the thread's job, and keep the action from ever
 * answering itself. A marker counts only in a comment of ours (`ownMarker`); each kind has its own
 * fields.
 */
import type { IssueComment } from '../github/comments.js'
import { isOwnComment, type Identity } from '../github/identity.js'

const PREFIX = 'mintlify-docs-agent'

/** pending: tracking comment written, create not answered yet; job: the job exists. */
const TRACKING_STATES = ['pending', 'job', 'unknown'] as const
export type TrackingState = (typeof TRACKING_STATES)[number]

const JOB_PHASES = ['following', 'left', 'ended'] as const
type JobPhase = (typeof JOB_PHASES)[number]

/** A job's tracking comment: the re-run protocol's fields, and a digest's. */
export interface TrackingMarker {
  kind: 'tracking'
  /** Which request the comment answers: comment-123, review-45, issue-7, run-999, digest-…. */
  request?: string
  job?: string
  state?: TrackingState
  /** The workflow run (GITHUB_RUN_ID) that wrote it: a second delivery knows whose claim it is. */
  run?: string
  /**
   * Of a comment with a job: `following` while a run follows it, `left` when no run does and the
   * job's end is not shown yet (timed out, cancelled, detached, not waited for), `ended` when it is.
   */
  phase?: JobPhase
  /** Epoch seconds: the run that claimed or follows the job stops by then (max-wait-minutes). */
  deadline?: string
  /** A digest's window: the positions after which it starts and with which it ends (`<epoch s>.<n>`). */
  since?: string
  until?: string
  /** A digest's included pull requests (numbers, comma-separated). */
  pulls?: string
  /** A digest whose notes on its code PRs are off (`digest-notify: false`): `off`. */
  notes?: string
  /** How a digest's job ended (completed, failed, archived) and its docs PR: the next digest reads them. */
  status?: string
  pr?: string
  /**
   * The `label-trigger` label of the request, when it comes off the thread as the job ends completed
   * (`label-remove`): the sweep, finishing the comment, removes it as the run would have.
   */
  label?: string
  /**
   * The Mintlify automation the request triggered (`automation`), and its run (`instanceId`) once
   * known: the sweep finishes such a comment as the run would (`triggered` when its job reads 404).
   */
  automation?: string
  instance?: string
}

/** The back-link on a docs PR: the job that opened it. */
interface BackLinkMarker {
  kind: 'back-link'
  job?: string
}

/** A reply to a request (where the action answers without a tracking comment). */
interface ReplyMarker {
  kind: 'reply'
  request?: string
}

/** A digest's note on one of its code PRs. */
interface NoteMarker {
  kind: 'note'
  request?: string
}

/**
 * A deploy comment: its project and branch (`:production` for the deployment branch). While the
 * comment does not show its deployment's end (queued, timed out, cancelled), also the run that wrote
 * it, that run's deadline and the deployment's status id, so the sweep can finish the comment. The status id is `update`, not `status`: a deploy marker of an earlier version
 * carried a `status` field (the status, not its id), which is read and dropped.
 */
export interface DeployMarker {
  kind: 'deploy'
  project?: string
  branch?: string
  /** The status id (`GET /v1/project/update-status/{update}`). */
  update?: string
  /** The workflow run (GITHUB_RUN_ID) that follows or followed it. */
  run?: string
  /** Epoch seconds: that run stops following by then (max-wait-minutes). */
  deadline?: string
  /** A preview's URL, as the trigger answered it: the sweep's report names it. */
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

/**
 * Each kind's marker from a field reader: its fields only, in the order they are written. Both ways
 * go through it, so a kind writes only its own fields and a reader takes back only those (a deploy
 * marker of an earlier version carried `status`: it is read and left out).
 */
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

/**
 * A value as it is written into a marker: letters, digits and `._:-` as they are, anything else
 * percent-encoded. The service does not say what its job ids look like; a job id that could not be
 * written down would leave a re-run without the job to re-attach to.
 */
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

/**
 * The marker that ends a comment body, the only one the action trusts: every comment it writes ends
 * with its marker, while text it quotes from elsewhere (a job id or a prLink from the service, in a
 * code span) sits before it. A marker-like string inside that text is never read as the action's own.
 */
export function readFinalMarker(body: string): Marker | undefined {
  const text = body.trimEnd()
  const last = [...text.matchAll(MARKER_PATTERN)].at(-1)
  if (last === undefined || last.index + last[0].length !== text.length) return undefined
  return readMarkers(last[0])[0]
}

/**
 * The marker of a comment of ours: the one rule for whose marker counts. Anyone can type a marker;
 * nobody else can post as the identity the token posts as, so a marker in a comment of another
 * account is never read (it would let that account take over a request, a job or a comment).
 */
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
