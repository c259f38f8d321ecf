/**
 * Who the token is: GET /user (a personal token reads its user; an installation token may not: 403)
 * and the one GraphQL query the action sends, `viewer { login __typename }`.
 */
import { NOT_ACCESSIBLE, route, type Route } from '../answers.js'
import type { GitHubWire } from '../wire.js'

export function identityRoutes(wire: GitHubWire): Route[] {
  const { state } = wire
  return [
    route('GET', '/user', () =>
      state.poster.type === 'Bot' ? NOT_ACCESSIBLE : { status: 200, body: wire.user(state.poster) }
    ),
    route('POST', '/graphql', (_m, call) => {
      const query = (call.body as { query?: unknown } | undefined)?.query
      if (typeof query !== 'string' || !/\bviewer\b/.test(query)) {
        return { status: 200, body: { errors: [{ message: 'the fake answers viewer only' }] } }
      }
      const isBot = state.poster.type === 'Bot'
      // GraphQL names an app's bot without the [bot] suffix that REST shows on its comments.
      const login = isBot ? state.poster.login.replace(/\[bot\]$/, '') : state.poster.login
      return {
        status: 200,
        body: { data: { viewer: { login, __typename: isBot ? 'Bot' : 'User' } } }
      }
    })
  ]
}
