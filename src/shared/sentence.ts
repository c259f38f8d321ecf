/**
 * Ends `text` with exactly one full stop: a message that ends in its own (a service's "Invalid key.")
 * is not given a second.
 */
export function sentence(text: string): string {
  const trimmed = text.trimEnd()
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`
}
