/**
 * Hidden HTML-comment markers in the action's own comments. They let a re-run find its tracking
 * comment (and the job in it), let a follow-up find the thread's job, and keep the action from ever
 * answering itself.
 */

const PREFIX = 'mintlify-docs-agent'

const MARKER_KINDS = ['tracking', 'back-link', 'reply', 'note', 'deploy'] as const
export type MarkerKind = (typeof MARKER_KINDS)[number]

/** pending: tracking comment written, create not answered yet; job: the job exists. */
const TRACKING_STATES = ['pending', 'job', 'unknown'] as const
export type TrackingState = (typeof TRACKING_STATES)[number]

/** Whether `value` is one of `choices`: a field read from a comment is checked, never cast. */
function isOneOf<T extends string>(choices: readonly T[], value: string): value is T {
  return (choices as readonly string[]).includes(value)
}

export interface Marker {
  kind: MarkerKind
  /** Which request the comment answers: comment-123, review-45, issue-7, run-999. */
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
  /** Epoch seconds: the following run stops by then (max-wait-minutes). */
  deadline?: string
  /** A digest's window: the positions after which it starts and with which it ends (`<epoch s>.<n>`). */
  since?: string
  until?: string
  /** A digest's included pull requests (numbers, comma-separated). */
  pulls?: string
  /** A digest whose notes on its code PRs are off (`digest-notify: false`): `off`. */
  notes?: string
  /** How a digest's job ended, and its docs PR: the next digest's watermark and follow-up read them. */
  status?: string
  pr?: string
  /** A deploy comment's project and branch (`:production` for the deployment branch). */
  project?: string
  branch?: string
}

const JOB_PHASES = ['following', 'left', 'ended'] as const
export type JobPhase = (typeof JOB_PHASES)[number]

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

/** The fields a marker writes, in this order; a reader takes back only these. */
const MARKER_FIELDS = [
  'request',
  'job',
  'state',
  'run',
  'phase',
  'deadline',
  'since',
  'until',
  'pulls',
  'notes',
  'status',
  'pr',
  'project',
  'branch'
] as const
type TextField = Exclude<(typeof MARKER_FIELDS)[number], 'state' | 'phase'>
const TEXT_FIELDS: readonly string[] = MARKER_FIELDS.filter(f => f !== 'state' && f !== 'phase')

export function renderMarker(marker: Marker): string {
  const fields = (MARKER_FIELDS as readonly (keyof Marker)[])
    .filter(key => marker[key] !== undefined && marker[key] !== '')
    .map(key => `${key}=${encodeValue(String(marker[key]))}`)
  return `<!-- ${PREFIX}:${[marker.kind, ...fields].join(' ')} -->`
}

const MARKER_PATTERN = new RegExp(
  `<!-- ${PREFIX}:(${MARKER_KINDS.join('|')})((?: [a-z]+=[A-Za-z0-9._:%-]+)*) -->`,
  'g'
)

export function readMarkers(body: string): Marker[] {
  const markers: Marker[] = []
  for (const match of body.matchAll(MARKER_PATTERN)) {
    const kind = match[1]
    if (!isOneOf(MARKER_KINDS, kind)) continue
    const marker: Marker = { kind }
    for (const pair of match[2].trim().split(' ').filter(Boolean)) {
      const [key, raw] = pair.split('=')
      const value = decodeValue(raw)
      if (value === undefined) continue
      if (TEXT_FIELDS.includes(key)) marker[key as TextField] = value
      if (key === 'state' && isOneOf(TRACKING_STATES, value)) marker.state = value
      if (key === 'phase' && isOneOf(JOB_PHASES, value)) marker.phase = value
    }
    markers.push(marker)
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

/** Any comment written by this action, whatever its kind. */
export function isActionComment(body: string): boolean {
  return body.includes(`<!-- ${PREFIX}:`)
}
