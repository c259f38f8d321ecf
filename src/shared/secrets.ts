/**
 * Secret inputs are masked before anything can log them: each as given and as trimmed, since either
 * form may be echoed. The runner then hides them in the log; `redact` cuts them out of a text bound
 * for a summary, a comment, an output or the failure message, which the runner does not mask.
 */
import * as core from '@actions/core'
import type { InputReader } from './inputs.js'

export function maskSecretInputs(
  read: InputReader,
  names: readonly string[]
): (text: string) => string {
  const forms = new Set<string>()
  for (const name of names) {
    const raw = read(name)
    for (const form of [raw, raw.trim()]) {
      if (form.length === 0 || forms.has(form)) continue
      forms.add(form)
      core.setSecret(form)
    }
  }
  return text => [...forms].reduce((out, form) => out.split(form).join('***'), text)
}
