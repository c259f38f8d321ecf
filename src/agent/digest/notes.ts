/** After a digest's job, in the agent's flow: the notes on the included code PRs. */
import type { GitHubAccess } from '../../github/identity.js'
import { notifyDigest, type DigestEnd } from '../../job/digest-notes.js'
import { plural } from '../../shared/plural.js'
import type { Runtime } from '../../shared/runtime.js'

/** The digest's notes from the run that saw its job end (`digest-notify`); the sweep posts the rest. */
export async function notifyFromRun(
  end: DigestEnd,
  github: GitHubAccess,
  rt: Runtime
): Promise<void> {
  const access = { octokit: github.octokit, identity: await github.identity.get() }
  const posted = await notifyDigest(access, end, rt)
  if (posted === undefined) return
  rt.log.info(`Posted ${plural(posted, 'note')} on the digest's code pull requests.`)
}
