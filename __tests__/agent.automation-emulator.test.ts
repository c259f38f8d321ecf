/**
 * The emulator's Trigger automation (spec/platform-openapi.json), as the client sees it over HTTP:
 * a custom-schedule automation runs as an agent job, the others answer 400 and an unknown one 404,
 * the 5-a-minute limit is shared with deployments and previews, the switch that hides automation
 * jobs from the job read, and the contract check of the operation.
 */
import { describe, expect, it } from '@jest/globals'
import { checkRequest, checkResponse } from '../fakes/contract.js'
import { TRIGGER_LIMIT_PER_MINUTE } from '../fakes/platform.js'
import { MintlifyError } from '../src/mintlify/errors.js'
import { useEmulator } from './helpers/emulator-client.js'

const service = useEmulator(2_000)

async function refusal(call: Promise<unknown>): Promise<MintlifyError> {
  const error = await call.then(
    () => undefined,
    (failure: unknown) => failure
  )
  if (!(error instanceof MintlifyError)) throw new Error(`expected a MintlifyError, got ${error}`)
  return error
}

describe('Trigger automation in the emulator', () => {
  it('runs a custom-schedule automation as an agent job, followed to its PR', async () => {
    const { emu } = service
    emu.platform.addAutomation('update-docs')
    const client = service.clientFor()
    const run = await client.triggerAutomation('update-docs')
    expect(run).toEqual({ schemaId: 'update-docs', instanceId: 'run_1', jobId: 'job_1' })
    expect(emu.job('job_1')?.prompt).toBe('Mintlify automation update-docs')
    await client.getJob('job_1')
    await client.getJob('job_1')
    const ended = await client.getJob('job_1')
    expect(ended).toMatchObject({
      status: 'completed',
      prLink: 'https://github.com/acme/docs/pull/1'
    })
    const [trigger] = emu.requestsTo('POST', /\/trigger$/)
    expect(trigger.path).toBe(`/v1/workflow/${emu.projectId}/update-docs/trigger`)
    expect(trigger.rawBody).toBe('')
    expect(emu.contractViolations).toEqual([])
  })

  it('400 for a malformed id, an automation without a custom schedule or not active; 404 for one the project lacks', async () => {
    const { emu } = service
    emu.platform.addAutomation('on-merge', { trigger: 'code-change' })
    emu.platform.addAutomation('paused', { active: false })
    const client = service.clientFor()
    const notCustom = await refusal(client.triggerAutomation('on-merge'))
    expect(notCustom).toMatchObject({
      status: 400,
      serviceMessage: 'Automation is not configured with a custom schedule',
      target: 'automation on-merge'
    })
    expect(await refusal(client.triggerAutomation('paused'))).toMatchObject({ status: 400 })
    expect(await refusal(client.triggerAutomation('nope'))).toMatchObject({ status: 404 })
    expect(await refusal(client.triggerAutomation('not an id!'))).toMatchObject({
      status: 400,
      serviceMessage: 'The automation ID is malformed'
    })
    expect(emu.platform.automationRuns).toEqual([])
    expect(emu.contractViolations).toEqual([])
  })

  it('shares 5 triggers a minute with deployments and previews: the sixth gets 429 with Retry-After', async () => {
    const { emu } = service
    emu.platform.addAutomation('a')
    const client = service.clientFor()
    await client.triggerDeployment()
    await client.triggerPreview('docs/x')
    for (let i = 2; i < TRIGGER_LIMIT_PER_MINUTE; i++) await client.triggerAutomation('a')
    const limited = await refusal(client.triggerAutomation('a'))
    expect(limited.status).toBe(429)
    expect(limited.retryAfterMs).toBeGreaterThan(0)
    expect((await refusal(client.triggerDeployment())).status).toBe(429)
    expect(emu.contractViolations).toEqual([])
  })

  it('the switch hides automation jobs from the job read (404); other jobs still answer', async () => {
    const { emu } = service
    emu.platform.addAutomation('a')
    emu.hideAutomationJobs = true
    const client = service.clientFor()
    const { jobId } = await client.triggerAutomation('a')
    expect(await refusal(client.getJob(jobId))).toMatchObject({ status: 404 })
    const other = emu.addJob()
    expect((await client.getJob(other)).id).toBe(other)
  })

  it('hiddenAutomations hides the jobs of those automations only (the soak runs both)', async () => {
    const { emu } = service
    emu.platform.addAutomation('shown')
    emu.platform.addAutomation('hidden')
    emu.hiddenAutomations.add('hidden')
    const client = service.clientFor()
    const hidden = await client.triggerAutomation('hidden')
    const shown = await client.triggerAutomation('shown')
    expect(await refusal(client.getJob(hidden.jobId))).toMatchObject({ status: 404 })
    expect((await client.getJob(shown.jobId)).id).toBe(shown.jobId)
    expect(emu.job(hidden.jobId)?.automation).toBe('hidden')
  })

  it('an answer without jobId or instanceId breaks the schema: an error, never a guess', async () => {
    const { emu } = service
    emu.inject({
      method: 'POST',
      path: `/v1/workflow/${emu.projectId}/a/trigger`,
      fault: { status: 202, body: JSON.stringify({ schemaId: 'a' }) }
    })
    const error = await refusal(service.clientFor().triggerAutomation('a'))
    expect(error).toMatchObject({ kind: 'invalid-response', schemaBroken: true })
  })
})

describe('the contract of Trigger automation', () => {
  it('knows the operation under /v1: no body; 202, 400, 404 and the 429 of the limit', () => {
    const path = '/v1/workflow/p/a/trigger'
    expect(checkRequest('POST', path, {}, undefined)).toEqual([])
    expect(
      checkResponse('POST', path, 202, { schemaId: 'a', instanceId: 'r', jobId: 'j' })
    ).toEqual([])
    expect(checkResponse('POST', path, 202, { jobId: 7 })).toEqual([
      `response 202 to POST ${path}: body/jobId must be string`
    ])
    expect(checkResponse('POST', path, 400, { error: 'not custom' })).toEqual([])
    expect(checkResponse('POST', path, 429, { error: 'slow down' })).toEqual([])
  })
})
