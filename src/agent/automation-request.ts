/**
 * A request as an automation's (`automation`): it triggers that automation instead of sending a
 * prompt, so it has no instruction, and its key joins the event's key with the automation id (a
 * workflow's own key hashes the id already: trigger.ts). Applied once the change is read and
 * guarded, so a push of a merged pull request shares the merge's key. Pure.
 */
import { automationRequestKey } from './request-key.js'
import type { AgentRequest } from './request.js'

export function automationRequest(request: AgentRequest, automation: string): AgentRequest {
  const requestKey =
    request.origin === 'manual'
      ? request.requestKey
      : automationRequestKey(request.requestKey, automation)
  return { ...request, automation, instruction: '', requestKey }
}
