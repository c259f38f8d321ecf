/**
 * Hidden HTML-comment markers in the action's own comments. They let a re-run find its tracking
 * comment (and the job in it), let a follow-up find the thread's job, and keep the action from ever
 * answering itself.
 */

const PREFIX = 'mintlify-docs-agent'

export type MarkerKind = 'tracking' | 'back-link' | 'reply'

/** pending: tracking comment written, create not answered yet; job: the job exists. */
export type TrackingState = 'pending' | 'job' | 'unknown'

export interface Marker {
  kind: MarkerKind
  /** Which request the comment answers: comment-123, review-45, issue-7, run-999. */
  request?: string
  job?: string
  state?: TrackingState
}

const SAFE_VALUE = /^[A-Za-z0-9._:-]+$/

export function renderMarker(marker: Marker): string {
  const fields = (['request', 'job', 'state'] as const)
    .filter(key => marker[key] !== undefined && SAFE_VALUE.test(String(marker[key])))
    .map(key => `${key}=${marker[key]}`)
  return `<!-- ${PREFIX}:${[marker.kind, ...fields].join(' ')} -->`
}

const MARKER_PATTERN = new RegExp(`<!-- ${PREFIX}:(tracking|back-link|reply)((?: [a-z]+=[A-Za-z0-9._:-]+)*) -->`, 'g')

export function readMarkers(body: string): Marker[] {
  const markers: Marker[] = []
  for (const match of body.matchAll(MARKER_PATTERN)) {
    const marker: Marker = { kind: match[1] as MarkerKind }
    for (const pair of match[2].trim().split(' ').filter(Boolean)) {
      const [key, value] = pair.split('=')
      if (key === 'request') marker.request = value
      if (key === 'job') marker.job = value
      if (key === 'state') marker.state = value as TrackingState
    }
    markers.push(marker)
  }
  return markers
}

/** Any comment written by this action, whatever its kind. */
export function isActionComment(body: string): boolean {
  return body.includes(`<!-- ${PREFIX}:`)
}
