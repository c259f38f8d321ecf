/**
 * Reading a webhook payload without trusting its shape: a field that is not an object reads as an
 * empty one, a field that is not a string as ''. Used by the triggers that read fields one by one.
 */
import { isRecord } from '../mintlify/types.js'

export type Json = Record<string, unknown>

export function record(value: unknown): Json {
  return isRecord(value) ? value : {}
}

export function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}
