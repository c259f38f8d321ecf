/**
 * Stand-in for the emulator's old place, kept only for mintlify.with-retry.test.ts, which is being
 * changed on another branch: switch its import to ../fakes/service-emulator.js and delete this file.
 */
export * from '../../fakes/service-emulator.js'
