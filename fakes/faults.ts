/**
 * Fault injection shared by the service emulator and the GitHub fake: a rule names which requests it
 * hits, the fault says how the answer goes wrong.
 */
import type { ServerResponse } from 'node:http'

type FaultKind = 'reset' | 'hang' | 'malformed' | 'reset-after-body'

export interface Fault {
  /** Status of the HTTP answer: default 500 (200 for `malformed`). */
  status?: number
  headers?: Record<string, string>
  /** Raw body text; default: the server's own error shape for `status` (`{"error": ...}` / `{"message": ...}`). */
  body?: string
  /**
   * reset: the socket is destroyed instead of an answer.
   * hang: no answer at all until the server closes.
   * malformed: a 200 whose JSON body is cut in half.
   * reset-after-body: the server reads and carries out the request (a job is created, a comment posted),
   *   then destroys the socket without answering: the client cannot know the outcome.
   */
  kind?: FaultKind
  /**
   * Carry the request out before the fault answers (a 502 after the job was created, a hang after the
   * comment was posted). Always true for `reset-after-body`; default false otherwise.
   */
  process?: boolean
}

export interface FaultRule {
  /** Any method when absent (compared case-insensitively). */
  method?: string
  /** A string is compared with the whole URL path (no query); a RegExp is tested against it. Any path when absent. */
  path?: string | RegExp
  /** How many matching requests the rule hits (default 1; `Infinity` for all). */
  times?: number
  fault: Fault
}

/** GitHub's secondary rate limit answer. */
export function secondaryRateLimit(retryAfterSeconds = 1): Fault {
  return {
    status: 403,
    headers: { 'retry-after': String(retryAfterSeconds) },
    body: JSON.stringify({
      message: 'You have exceeded a secondary rate limit',
      documentation_url:
        'https://docs.github.com/free-pro-team@latest/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
      status: '403'
    })
  }
}

/** Rules in the order they were injected; the first rule that matches a request is used (and counted). */
export class FaultQueue {
  private readonly rules: { rule: FaultRule; left: number }[] = []

  add(rule: FaultRule): void {
    const left = rule.times ?? 1
    if (!(left > 0)) throw new Error(`fault rule "times" must be > 0, got ${left}`)
    this.rules.push({ rule, left })
  }

  /** The fault for this request, if any rule matches; consumes one use of that rule. */
  take(method: string, path: string): Fault | undefined {
    const index = this.rules.findIndex(({ rule }) => matches(rule, method, path))
    if (index < 0) return undefined
    const entry = this.rules[index]
    entry.left -= 1
    if (entry.left <= 0) this.rules.splice(index, 1)
    return entry.rule.fault
  }

  /** Rules not used up yet. */
  get pending(): number {
    return this.rules.length
  }
}

function matches(rule: FaultRule, method: string, path: string): boolean {
  if (rule.method !== undefined && rule.method.toUpperCase() !== method.toUpperCase()) return false
  if (rule.path === undefined) return true
  if (typeof rule.path === 'string') return rule.path === path
  rule.path.lastIndex = 0
  return rule.path.test(path)
}

/** Whether the server should carry out the request before the fault answers. */
function faultProcesses(fault: Fault): boolean {
  return fault.kind === 'reset-after-body' || fault.process === true
}

/**
 * Answers with the fault. `realBody` is the body the server would have sent (when it processed the
 * request); `errorBody` renders the server's own error shape for a status.
 */
function answerWithFault(
  res: ServerResponse,
  fault: Fault,
  realBody: string | undefined,
  errorBody: (status: number) => string
): void {
  switch (fault.kind) {
    case 'reset':
    case 'reset-after-body':
      res.socket?.destroy()
      return
    case 'hang':
      // Left open on purpose; the server's close() destroys the socket.
      return
    case 'malformed': {
      const whole = realBody ?? '{"id":"fault","status":"active","items":[1,2,3]}'
      const body = fault.body ?? whole.slice(0, Math.max(1, Math.floor(whole.length / 2)))
      res.writeHead(fault.status ?? 200, {
        'content-type': 'application/json; charset=utf-8',
        ...fault.headers
      })
      res.end(body)
      return
    }
    default: {
      const status = fault.status ?? 500
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...fault.headers })
      res.end(fault.body ?? errorBody(status))
    }
  }
}

/**
 * A request's answer through the fault that may stand in for it: a fault that cuts in before the
 * work answers alone and `work` never runs; one that comes after it (a reset once the body is sent,
 * `process`) gets the text the work would have sent. Undefined when the fault answered; else what
 * `work` made, for the server to send.
 */
export function throughFault<T extends { text: string }>(
  res: ServerResponse,
  fault: Fault | undefined,
  work: () => T,
  errorBody: (status: number) => string
): T | undefined {
  if (fault !== undefined && !faultProcesses(fault)) {
    answerWithFault(res, fault, undefined, errorBody)
    return undefined
  }
  const done = work()
  if (fault === undefined) return done
  answerWithFault(res, fault, done.text, errorBody)
  return undefined
}
