/**
 * Set up before each unit test file: while it runs, opening a socket, listening or starting a process
 * throws, so a test that needs the fakes, a server or a bundle cannot pass as a unit test. Restored
 * after the file, as the jest worker goes on to other tests.
 */
import { afterAll, beforeAll } from '@jest/globals'
import { ChildProcess } from 'node:child_process'
import { Server, Socket } from 'node:net'

type Methods = Record<string, unknown>
// ChildProcess.prototype.spawn is what child_process.spawn, exec and fork all call (not typed).
const guarded = [
  { owner: Server.prototype as unknown as Methods, method: 'listen', what: 'listens on a port' },
  { owner: Socket.prototype as unknown as Methods, method: 'connect', what: 'opens a connection' },
  { owner: ChildProcess.prototype as unknown as Methods, method: 'spawn', what: 'starts a process' }
]

const originals = guarded.map(({ owner, method }) => owner[method])

beforeAll(() => {
  for (const { owner, method, what } of guarded)
    Object.assign(owner, {
      [method]: () => {
        throw new Error(`A unit test ${what}: it belongs with the integration tests.`)
      }
    })
})

afterAll(() => {
  guarded.forEach(({ owner, method }, i) => Object.assign(owner, { [method]: originals[i] }))
})
