/**
 * The repository's own workflows do what CONTRIBUTING.md promises (CI, Releases): CI runs every check of .ci/run plus a
 * self-test of the three actions against the emulator; the release workflow tags, releases with the
 * CHANGELOG section and moves the major tag; Dependabot watches npm and the actions.
 */
import { describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { PROJECT_ROOT } from '../fakes/action-env.js'
import { readActionYaml } from '../scripts/action-docs.js'

interface Step {
  id?: string
  name?: string
  if?: string
  uses?: string
  run?: string
  with?: Record<string, string | number | boolean>
  env?: Record<string, string>
}
interface Job {
  permissions?: Record<string, string>
  steps: Step[]
}
interface Workflow {
  on: Record<string, { branches?: string[] } | null>
  permissions?: Record<string, string>
  jobs: Record<string, Job>
}

const read = (file: string): string => readFileSync(join(PROJECT_ROOT, file), 'utf8')
const ci = parse(read('.github/workflows/ci.yml')) as Workflow
const release = parse(read('.github/workflows/release.yml')) as Workflow

describe('ci.yml', () => {
  const runs = Object.values(ci.jobs)
    .flatMap(job => job.steps)
    .map(step => step.run ?? '')
    .join('\n')

  it('runs on pushes to main and on pull requests', () => {
    expect(ci.on.push?.branches).toEqual(['main'])
    expect(ci.on).toHaveProperty('pull_request')
  })

  it('runs every command .ci/run runs', () => {
    const commands = read('.ci/run')
      .split('\n')
      .map(line => line.trim())
      .filter(line => /^(npm (test|run \S+|ci)|bash scripts\/)/.test(line))
      .map(line => line.replace(/ -- --json.*$/, '').replace(/ >\/dev\/null$/, ''))
    expect(commands).toEqual(
      expect.arrayContaining([
        'npm test',
        'npm run lint',
        'npm run build',
        'npm run lint:workflows',
        'npm run recipes'
      ])
    )
    for (const command of commands) expect(runs).toContain(command.replace(/^npm ci.*/, 'npm ci'))
  })

  describe('the self-test', () => {
    const job = ci.jobs['self-test']
    const actions = {
      './': 'action.yml',
      './analytics': 'analytics/action.yml',
      './sweep': 'sweep/action.yml',
      './deploy': 'deploy/action.yml'
    }

    it('starts the emulator, then runs the four actions from this checkout', () => {
      const starts = job.steps.findIndex(step => step.run?.includes('npm run emulator'))
      expect(starts).toBeGreaterThan(-1)
      const uses = job.steps.map(step => step.uses).filter(uses => uses?.startsWith('./'))
      expect(uses).toEqual(Object.keys(actions))
      for (const [index, step] of job.steps.entries())
        if (step.uses?.startsWith('./')) expect(index).toBeGreaterThan(starts)
    })

    it('reads the emulator address, key and project id from what npm run emulator prints', () => {
      const start = job.steps.find(step => step.run?.includes('npm run emulator'))!
      for (const name of ['INPUT_API-KEY', 'INPUT_PROJECT-ID', 'INPUT_API-URL'])
        expect(start.run).toContain(name)
      // scripts/emulator.ts prints these names and the line the step waits for.
      const printer = read('scripts/emulator.ts')
      expect(printer).toContain('Ctrl-C stops both.')
      expect(start.run).toContain('Ctrl-C stops both')
    })

    it('gives each action only inputs it declares, every required one, and the emulator URL', () => {
      expect.hasAssertions()
      for (const step of job.steps.filter(s => s.uses?.startsWith('./'))) {
        const action = readActionYaml(PROJECT_ROOT, actions[step.uses as keyof typeof actions])
        const given = Object.keys(step.with ?? {})
        for (const name of given) expect(Object.keys(action.inputs ?? {})).toContain(name)
        for (const [name, input] of Object.entries(action.inputs ?? {}))
          if (input.required) expect(given).toContain(name)
        expect(step.with?.['api-url']).toBe('${{ steps.emulator.outputs.api-url }}')
      }
    })

    it('checks declared outputs of each of the four steps', () => {
      const check = job.steps[job.steps.length - 1]
      const read = Object.values(check.env ?? {}).join('\n')
      for (const step of job.steps.filter(s => s.uses?.startsWith('./'))) {
        const action = readActionYaml(PROJECT_ROOT, actions[step.uses as keyof typeof actions])
        const names = [
          ...read.matchAll(new RegExp(`steps\\.${step.id}\\.outputs\\.([a-z-]+)`, 'g'))
        ]
        expect(names.length).toBeGreaterThan(0)
        for (const [, name] of names) expect(Object.keys(action.outputs ?? {})).toContain(name)
      }
      expect(check.run).toContain('exit "$fail"')
    })
  })
})

describe('release.yml', () => {
  const job = release.jobs.release
  const step = (predicate: (s: Step) => boolean): Step => {
    const found = job.steps.find(predicate)
    if (!found) throw new Error('no such step')
    return found
  }

  it('runs on pushes to main, with contents: write for the release job only', () => {
    expect(release.on.push?.branches).toEqual(['main'])
    expect(release.permissions).toEqual({ contents: 'read' })
    expect(job.permissions).toEqual({ contents: 'write' })
  })

  it('creates the tag vX.Y.Z and the release with the CHANGELOG section, after checking dist/', () => {
    const names = job.steps.map(s => s.name ?? s.uses ?? '')
    const dist = names.indexOf('dist/ is current')
    const notes = step(s => s.run?.includes('release-notes') === true)
    const publish = step(s => s.uses?.startsWith('softprops/action-gh-release@') === true)
    expect(dist).toBeGreaterThan(-1)
    expect(job.steps.indexOf(publish)).toBeGreaterThan(dist)
    expect(publish.with?.tag_name).toBe('v${{ steps.version.outputs.version }}')
    expect(publish.with?.target_commitish).toBe('${{ github.sha }}')
    expect(notes.run).toContain('>"$RUNNER_TEMP/notes.md"')
    expect(publish.with?.body_path).toBe('${{ runner.temp }}/notes.md')
    const version = job.steps.findIndex(s => s.id === 'version')
    for (const s of job.steps.slice(version + 1))
      expect(s.if).toBe("steps.version.outputs.release == 'true'")
  })

  it('moves the major tag to this commit after the release', () => {
    const move = job.steps[job.steps.length - 1]
    expect(move.run).toContain('git tag -f "$MAJOR" "$GITHUB_SHA"')
    expect(move.run).toContain('git push -f origin "refs/tags/$MAJOR"')
    expect(move.env?.MAJOR).toBe('${{ steps.version.outputs.major }}')
  })

  it('its version step releases a version without a tag, and not one that has it', () => {
    const script = step(s => s.id === 'version').run!
    const dir = mkdtempSync(join(tmpdir(), 'release-version-'))
    const git = (...args: string[]): string =>
      execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
        cwd: dir,
        encoding: 'utf8'
      })
    const outputs = (): Record<string, string> => {
      const file = join(dir, 'output')
      writeFileSync(file, '')
      execFileSync('bash', ['-e', '-c', script], {
        cwd: dir,
        env: { ...process.env, GITHUB_OUTPUT: file },
        stdio: 'ignore'
      })
      return Object.fromEntries(
        readFileSync(file, 'utf8')
          .trim()
          .split('\n')
          .map(line => line.split('=') as [string, string])
      )
    }
    try {
      git('init', '-q')
      writeFileSync(join(dir, 'package.json'), '{"version": "2.3.4"}\n')
      git('add', '.')
      git('commit', '-qm', 'x')
      expect(outputs()).toEqual({ version: '2.3.4', major: 'v2', release: 'true' })
      git('tag', 'v2.3.4')
      expect(outputs().release).toBe('false')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('dependabot.yml', () => {
  it('keeps the npm packages and the workflows’ actions current', () => {
    const config = parse(read('.github/dependabot.yml')) as {
      version: number
      updates: { 'package-ecosystem': string; directory: string }[]
    }
    expect(config.version).toBe(2)
    expect(config.updates.map(u => [u['package-ecosystem'], u.directory])).toEqual(
      expect.arrayContaining([
        ['npm', '/'],
        ['github-actions', '/']
      ])
    )
  })
})
