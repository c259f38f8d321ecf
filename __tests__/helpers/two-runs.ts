/**
 * Two real runs on one thread at once: a comment run of the committed bundle (run 5555) whose
 * create meets a rate limit, so that its claim stays `pending` for 3 s while another run starts.
 */
import { commentScenario, runAgentBundle, type World } from './world.js'

/** Resolves once `ready()` holds (real time, checked every 10 ms). */
function until(ready: () => boolean): Promise<void> {
  return new Promise(resolve => {
    const timer = setInterval(() => {
      if (!ready()) return
      clearInterval(timer)
      resolve()
    }, 10)
  })
}

/**
 * Starts the comment run on issue #11 and waits until its create was refused once: its claim is
 * pending now. `finished` is the comment run, to await after the second run.
 */
export async function startHeldCommentRun(
  world: World
): Promise<{ finished: ReturnType<typeof runAgentBundle> }> {
  world.svc.scriptJobs({ activePolls: 0, prLink: null })
  world.svc.inject({
    method: 'POST',
    path: /\/job$/,
    fault: { status: 429, headers: { 'retry-after': '3' }, body: '{"error":"rate limited"}' }
  })
  const finished = runAgentBundle(world, {
    ...commentScenario(world, { thread: { number: 11 } }),
    env: { GITHUB_RUN_ID: '5555' }
  })
  await until(() => world.creates().length === 1)
  return { finished }
}
