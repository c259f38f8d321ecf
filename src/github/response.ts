/**
 * Checks on what GitHub answered. Octokit hands back a cut or non-JSON body as a string, which would
 * otherwise turn into comments with undefined ids. A malformed answer counts as transient: reads are
 * retried, and a create looks for what it may have posted.
 */
export class MalformedResponseError extends Error {
  constructor(what: string) {
    super(`GitHub answered ${what} with an unreadable body`)
    this.name = 'MalformedResponseError'
  }
}

/** `data` when it is an object with a numeric `id`; otherwise MalformedResponseError. */
export function expectRecord<T extends { id: number }>(data: T, what: string): T {
  const value: unknown = expectObject(data, what).id
  if (typeof value !== 'number') throw new MalformedResponseError(what)
  return data
}

/** `data` when it is an object (for answers without an `id`); otherwise MalformedResponseError. */
export function expectObject<T extends object>(data: T, what: string): T {
  const value: unknown = data
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new MalformedResponseError(what)
  }
  return data
}

export function expectArray<T>(data: T[], what: string): T[] {
  if (!Array.isArray(data)) throw new MalformedResponseError(what)
  return data
}
