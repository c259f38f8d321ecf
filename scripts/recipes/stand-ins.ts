/**
 * Other people's actions, by small stand-ins that do what their docs say to the workspace and the
 * outputs: actions/checkout writes the repository's files, actions/upload-artifact collects the
 * paths (warning when none matches, as `if-no-files-found: warn` does), and
 * actions/create-github-app-token makes a token with the `permission-*` it asks for. The `gh` of a
 * `run:` step is a stand-in too (`gh issue create`), talking to the GitHub fake.
 */
import { existsSync, mkdirSync, writeFileSync, chmodSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { PROJECT_ROOT } from '../../fakes/action-env.js'
import type { World } from './world.js'

/** What a stand-in touches: the world, the job's workspace, the step's environment. */
interface StandInContext {
  world: World
  state: { workspace: string }
  env: Record<string, string>
}

interface StandInResult {
  code: number
  stdout: string
  /** GITHUB_OUTPUT lines. */
  outputs: string
}

type StandIn = (inputs: Record<string, string>, ctx: StandInContext) => StandInResult

const ok = (outputs: Record<string, string>, stdout = ''): StandInResult => ({
  code: 0,
  stdout,
  outputs: Object.entries(outputs)
    .map(([name, value]) => `${name}<<EOF_STAND_IN\n${value}\nEOF_STAND_IN\n`)
    .join('')
})
const fail = (message: string): StandInResult => ({
  code: 1,
  stdout: `::error::${message}\n`,
  outputs: ''
})

function required(inputs: Record<string, string>, names: string[]): string | undefined {
  const missing = names.find(name => (inputs[name] ?? '') === '')
  return missing && `Input required and not supplied: ${missing}`
}

const STAND_INS: Record<string, StandIn> = {
  'actions/checkout': (_inputs, ctx) => {
    for (const [path, text] of Object.entries(ctx.world.files)) {
      const file = join(ctx.state.workspace, path)
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, text)
    }
    return ok({ ref: 'refs/heads/main', commit: ctx.env.GITHUB_SHA ?? '' })
  },
  'actions/upload-artifact': (inputs, ctx) => {
    const missingInput = required(inputs, ['path'])
    if (missingInput) return fail(missingInput)
    const paths = inputs.path
      .split('\n')
      .map(p => p.trim())
      .filter(p => p !== '')
    const found = paths.filter(p => existsSync(resolve(ctx.state.workspace, p)))
    if (found.length === 0) {
      const text = `No files were found with the provided path: ${paths.join('\n')}. No artifacts will be uploaded.`
      return { code: 0, stdout: `::warning::${text}\n`, outputs: '' }
    }
    const name = inputs.name || 'artifact'
    if (ctx.world.artifacts.has(name)) return fail(`an artifact named ${name} exists already`)
    ctx.world.artifacts.set(name, found)
    return ok({
      'artifact-id': String(ctx.world.artifacts.size),
      'artifact-url': `https://github.com/acme/docs/actions/runs/4242/artifacts/${ctx.world.artifacts.size}`
    })
  },
  'actions/create-github-app-token': (inputs, ctx) => {
    const missing = required(inputs, ['app-id', 'private-key'])
    if (missing) return fail(missing)
    const token = `ghs_app_${inputs['app-id']}_${Date.now()}`
    const scopes = Object.fromEntries(
      Object.entries(inputs)
        .filter(([name]) => name.startsWith('permission-'))
        .map(([name, level]) => [name.slice('permission-'.length), level as 'read' | 'write'])
    )
    ctx.world.gh.grantToken(token, scopes)
    return ok({ token, 'installation-id': '4711', 'app-slug': 'docs-app' })
  }
}

export function standIn(
  uses: string,
  inputs: Record<string, string>,
  ctx: StandInContext
): Promise<StandInResult> {
  const name = uses.replace(/@.*$/, '')
  const run = STAND_INS[name]
  if (!run)
    return Promise.resolve(fail(`no stand-in for ${uses}: add one to scripts/recipes/stand-ins.ts`))
  return Promise.resolve(run(inputs, ctx))
}

/** The `gh` a run: step finds on PATH: `gh issue create --title … --body …`, printing the URL. */
export function installGh(binDir: string): void {
  mkdirSync(binDir, { recursive: true })
  const program = join(binDir, 'gh.mjs')
  writeFileSync(
    program,
    `const args = process.argv.slice(2)
const flag = name => { const i = args.indexOf(name); return i === -1 ? undefined : args[i + 1] }
if (args[0] !== 'issue' || args[1] !== 'create') { console.error('gh stand-in: only "issue create"'); process.exit(2) }
const answer = await fetch(process.env.GITHUB_API_URL + '/repos/' + process.env.GH_REPO + '/issues', {
  method: 'POST',
  headers: { authorization: 'token ' + process.env.GH_TOKEN, 'content-type': 'application/json' },
  body: JSON.stringify({ title: flag('--title'), body: flag('--body') ?? '' })
})
const body = await answer.json()
if (!answer.ok) { console.error('HTTP ' + answer.status + ': ' + body.message); process.exit(1) }
console.log(body.html_url)
`
  )
  const gh = join(binDir, 'gh')
  writeFileSync(
    gh,
    `#!/usr/bin/env bash\nexec bash "${join(PROJECT_ROOT, 'scripts', 'node24.sh')}" "${program}" "$@"\n`
  )
  chmodSync(gh, 0o755)
}
