/**
 * The service's answers kept while a step of several datasets reads, so a file can be written again with
 * its sections without asking twice: `live` keeps, `replay` answers from what was kept.
 */
import type { MintlifyClient } from '../../mintlify/client.js'

/** A read of the client: its method and its query (the call options, a signal, are not part of it). */
function keyOf(method: string, args: readonly unknown[]): string {
  // `read` takes its query as URLSearchParams, which JSON would write as {}.
  const query = JSON.stringify(args[0], (_key, value: unknown) =>
    value instanceof URLSearchParams ? value.toString() : value
  )
  return `${method} ${query}`
}

export class KeptAnswers {
  private readonly answers = new Map<string, unknown>()

  constructor(private readonly client: MintlifyClient) {}

  live(): MintlifyClient {
    return this.wrap(async (method, args, call) => {
      const answer = await call()
      this.answers.set(keyOf(method, args), answer)
      return answer
    })
  }

  replay(): MintlifyClient {
    return this.wrap(async (method, args) => {
      const key = keyOf(method, args)
      if (!this.answers.has(key)) {
        throw new Error(`The answer to ${key} was not read before the file was written again`)
      }
      return this.answers.get(key)
    })
  }

  private wrap(
    read: (method: string, args: unknown[], call: () => Promise<unknown>) => Promise<unknown>
  ): MintlifyClient {
    const client = this.client
    return new Proxy(client, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver)
        if (typeof value !== 'function' || typeof property !== 'string') return value
        // Reads only: every analytics method is a `get…` or the generic `read`.
        if (!/^(get|read$)/.test(property)) return value
        const method = value as (...args: unknown[]) => Promise<unknown>
        return (...args: unknown[]) =>
          read(property, args, () => method.apply(target, args) as Promise<unknown>)
      }
    })
  }
}
