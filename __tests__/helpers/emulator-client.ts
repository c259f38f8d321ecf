/** For tests of the service client: a fresh emulator for each test and clients pointed at it. */
import { afterEach, beforeEach } from '@jest/globals'
import { MintlifyClient } from '../../src/mintlify/client.js'
import type { MintlifyClientOptions } from '../../src/mintlify/request-shape.js'
import { ServiceEmulator } from '../../fakes/service-emulator.js'
import type { Fault } from '../../fakes/faults.js'

export interface EmulatorClient {
  emu: ServiceEmulator
  /** A client of the current emulator, with the per-request timeout given to useEmulator. */
  clientFor(overrides?: Partial<MintlifyClientOptions>): MintlifyClient
  /** The next `times` creates of an agent job (default 1) meet the fault. */
  failCreate(fault: Fault, times?: number): void
  /** The next `times` reads of that job (default 1) meet the fault. */
  failJobRead(jobId: string, fault: Fault, times?: number): void
}

export function useEmulator(requestTimeoutMs: number): EmulatorClient {
  const current = {
    clientFor: overrides =>
      new MintlifyClient({
        baseUrl: current.emu.url,
        apiKey: current.emu.apiKey,
        projectId: current.emu.projectId,
        requestTimeoutMs,
        ...overrides
      }),
    failCreate: (fault, times = 1) =>
      current.emu.inject({ method: 'POST', path: jobPath(), times, fault }),
    failJobRead: (jobId, fault, times = 1) =>
      current.emu.inject({ method: 'GET', path: `${jobPath()}/${jobId}`, times, fault })
  } as EmulatorClient
  const jobPath = (): string => `/v2/agent/${current.emu.projectId}/job`
  beforeEach(async () => {
    current.emu = await ServiceEmulator.start()
  })
  afterEach(async () => {
    await current.emu.close()
  })
  return current
}
