/**
 * Whose comments are ours: the identity the token posts as, learned once a run before any marker is
 * trusted (docs/behaviour.md, "Whose comments are ours"). A personal token can read `GET /user`; an installation
 * token (the workflow's, or a GitHub App's) cannot, and asks GraphQL for its `viewer`. When neither
 * answers, the workflow token's own bot is assumed.
 */
import type { Runtime } from '../shared/runtime.js'
import type { IssueComment } from './comments.js'
import type { Octokit } from './octokit.js'
import { sendRepeatable } from './request.js'

export interface Identity {
  /** As GitHub shows it on a comment: `github-actions[bot]`, `my-app[bot]`, `docs-bot`. */
  login: string
  isBot: boolean
}

export const WORKFLOW_BOT: Identity = { login: 'github-actions[bot]', isBot: true }

/** Tokens that belong to a person (classic and fine-grained PATs, OAuth and user-to-server). */
const PERSONAL_TOKEN = /^(ghp_|github_pat_|gho_|ghu_)/
/** Installation tokens: the workflow token and GitHub App tokens. */
const INSTALLATION_TOKEN = /^ghs_/

/** An account as `Identity` keeps it: a bot's login as its comments show it (`…[bot]`). */
function identityOf(login: string, isBot: boolean): Identity {
  return { login: isBot && !login.endsWith('[bot]') ? `${login}[bot]` : login, isBot }
}

/** A bot by its account type or by its `[bot]` login: the one rule for every author and requester. */
export function isBotUser(user: { login?: string; type?: string } | null | undefined): boolean {
  return user?.type === 'Bot' || (user?.login ?? '').endsWith('[bot]')
}

/** Pure: whether this comment was written by `identity`. */
export function isOwnComment(comment: IssueComment, identity: Identity): boolean {
  const isBot = comment.userType === 'Bot'
  return (
    isBot === identity.isBot && comment.userLogin.toLowerCase() === identity.login.toLowerCase()
  )
}

async function fromUser(octokit: Octokit, rt: Runtime): Promise<Identity> {
  const get = (signal?: AbortSignal) => octokit.rest.users.getAuthenticated({ request: { signal } })
  const { data } = await sendRepeatable(get, rt)
  return identityOf(data.login, data.type === 'Bot')
}

async function fromViewer(octokit: Octokit, rt: Runtime): Promise<Identity> {
  type Viewer = { viewer: { login: string; __typename: string } }
  const ask = (signal?: AbortSignal) =>
    octokit.graphql<Viewer>('query { viewer { login __typename } }', { request: { signal } })
  const { viewer } = await sendRepeatable(ask, rt)
  return identityOf(viewer.login, viewer.__typename === 'Bot')
}

/** Asks GitHub who `token` posts as: one call for a token whose kind its prefix tells. */
export async function learnIdentity(
  octokit: Octokit,
  token: string,
  rt: Runtime
): Promise<Identity> {
  const order = INSTALLATION_TOKEN.test(token)
    ? [fromViewer]
    : PERSONAL_TOKEN.test(token)
      ? [fromUser]
      : [fromUser, fromViewer]
  for (const ask of order) {
    try {
      const identity = await ask(octokit, rt)
      if (identity.login) return identity
    } catch {
      rt.signal.throwIfAborted()
      // Try the next way, then the default.
    }
  }
  rt.log.info(`Could not learn who the token posts as; trusting ${WORKFLOW_BOT.login} only.`)
  return WORKFLOW_BOT
}

/** The identity, learned on first need and then kept for the run. */
export class IdentityOnce {
  private learned?: Promise<Identity>

  constructor(
    private readonly octokit: Octokit,
    private readonly token: string,
    private readonly rt: Runtime
  ) {}

  get(): Promise<Identity> {
    this.learned ??= learnIdentity(this.octokit, this.token, this.rt)
    return this.learned
  }
}

/** What a run that has a token reaches GitHub with: the client and who it posts as. */
export type GitHubAccess = { octokit: Octokit; identity: IdentityOnce }
