/**
 * `${{ }}` and `if:` as the runner evaluates them, with GitHub's own expression library: the
 * contexts as JSON, and the functions the runner adds (the status functions and `hashFiles`).
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Evaluator, Lexer, Parser, data } from '@actions/expressions'
import { truthy } from '@actions/expressions/result'

/** What the status functions read: whether an earlier step (or needed job) failed or was cancelled. */
export interface JobState {
  failed: boolean
  cancelled: boolean
  workspace: string
}

type Contexts = Record<string, unknown>

function functionsOf(state: JobState) {
  const flag = (name: string, value: () => boolean) => ({
    name,
    minArgs: 0,
    maxArgs: 0,
    call: () => new data.BooleanData(value())
  })
  return [
    flag('success', () => !state.failed && !state.cancelled),
    flag('failure', () => state.failed && !state.cancelled),
    flag('cancelled', () => state.cancelled),
    flag('always', () => true),
    {
      name: 'hashFiles',
      minArgs: 1,
      maxArgs: 255,
      call: (...patterns: data.ExpressionData[]) => {
        // Literal paths only: enough for a recipe; a glob that matches nothing hashes to ''.
        const files = patterns
          .map(p => join(state.workspace, p.coerceString()))
          .filter(path => existsSync(path))
        if (files.length === 0) return new data.StringData('')
        const hash = createHash('sha256')
        for (const file of files)
          hash.update(createHash('sha256').update(readFileSync(file)).digest())
        return new data.StringData(hash.digest('hex'))
      }
    }
  ]
}

/** Evaluates one expression (without `${{ }}`) over the contexts. */
function evaluate(expression: string, contexts: Contexts, state: JobState): data.ExpressionData {
  const functions = functionsOf(state)
  const lexed = new Lexer(expression).lex()
  const tree = new Parser(lexed.tokens, Object.keys(contexts), functions).parse()
  const context = JSON.parse(JSON.stringify(contexts), data.reviver) as data.Dictionary
  return new Evaluator(tree, context, new Map(functions.map(f => [f.name, f]))).evaluate()
}

/** Whether a condition (the converted `if:`, status function included) holds. */
export function holds(expression: string, contexts: Contexts, state: JobState): boolean {
  return truthy(evaluate(expression, contexts, state))
}

/** A string with every `${{ }}` replaced by its value, as the runner does for `with`, `env`, `run`. */
export function interpolate(text: string, contexts: Contexts, state: JobState): string {
  return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, expression: string) => {
    const value = evaluate(expression.trim(), contexts, state)
    return value.kind === data.Kind.Null ? '' : stringOf(value)
  })
}

function stringOf(value: data.ExpressionData): string {
  if (value.kind === data.Kind.Dictionary || value.kind === data.Kind.Array) {
    return JSON.stringify(value, data.replacer, 2)
  }
  return value.coerceString()
}
