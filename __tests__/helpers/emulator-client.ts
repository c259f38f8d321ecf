/** For tests of the service client: a fresh emulator for each test and clients pointed at it. */
import { afterEach, beforeEach } from '@jest/globals'
import { MintlifyClient, type MintlifyClientOptions } from '../../src/mintlify/client.js'
import { ServiceEmulator } from '../../fakes/service-emulator.js'

export interface EmulatorClient {
  emu: ServiceEmulator
  /** A client of the current emulator, with the per-request timeout given to useEmulator. */
  clientFor(overrides?: Partial<MintlifyClientOptions>): MintlifyClient
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
      })
  } as EmulatorClient
  beforeEach(async () => {
    current.emu = await ServiceEmulator.start()
  })
  afterEach(async () => {
    await current.emu.close()
  })
  return current
}
