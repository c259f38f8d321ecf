/** Every agent input, parsed once; each wrong form is one InputError raised before any request. */
import {
  InputError,
  parseBoolean,
  parseChoice,
  parseIssueNumber,
  parseList,
  readString,
  type InputReader
} from '../shared/inputs.js'
import { parseServiceSettings, type ServiceSettings } from '../shared/service-settings.js'
import type { RepoPermission } from '../github/permissions.js'
import { parseWaitInputs } from '../shared/wait-inputs.js'
import { AGENT_DEFAULTS } from './defaults.js'
import { parseDigestSettings, type DigestSettings } from './digest/settings.js'

const PERMISSION_CHOICES = ['read', 'triage', 'write', 'maintain', 'admin'] as const

export interface AgentSettings {
  service: ServiceSettings
  /** The instruction from `prompt` or `prompt-file`; undefined: take it from the event. */
  prompt?: string
  triggerPhrase: string
  jobId?: string
  wait: boolean
  maxWaitMs: number
  pollIntervalMs: number
  maxPollIntervalMs: number
  githubToken: string
  issueNumber?: number
  comment: boolean
  requiredPermission: Exclude<RepoPermission, 'none'>
  /** Lower-cased bot logins that may trigger. */
  allowedBots: string[]
  failOnError: boolean
  includeContext: boolean
  followUp: boolean
  backLink: boolean
  /** A job still running at max-wait-minutes (at once with wait: false) is left to the sweep. */
  detach: boolean
  /** Code changes: a pull request with this label starts no job; undefined: none. */
  skipLabel?: string
  /** Code changes: globs of files that neither start a job alone nor go into the diff. */
  ignorePaths: string[]
  /** Code changes: add a bounded diff of the changed, not-ignored files to the context. */
  includeDiff: boolean
  /** Adding this label to an open issue or pull request asks the agent; undefined: off. */
  labelTrigger?: string
  /** A label-trigger request's label comes off its thread when its job ends completed. */
  labelRemove: boolean
  /** `digest: true`: this run is a digest of the pull requests merged since the last one. */
  digest?: DigestSettings
  /** A Mintlify automation to trigger instead of creating a job. */
  automation?: string
  /** `dry-run: true`: everything read and decided, nothing written or sent (dry-run.ts). */
  dryRun: boolean
}

/** Its prompt lives in Mintlify; the id goes into the URL path and the tracking marker as it is. */
function parseAutomation(read: InputReader): string | undefined {
  const automation = readString(read, 'automation') || undefined
  if (automation === undefined) return undefined
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(automation)) {
    throw new InputError(
      'automation',
      "must be an automation id of letters, digits, `-` and `_` (copy it from the automation's settings on the Automations page of the Mintlify dashboard)",
      automation
    )
  }
  const other = (['prompt', 'prompt-file', 'job-id'] as const).find(name => readString(read, name))
  if (other) {
    throw new InputError(
      'automation',
      `must be empty when \`${other}\` is set: an automation's prompt lives in Mintlify (give one of the two)`
    )
  }
  return automation
}

/** Reads a prompt file's bytes; throws when it cannot. Injected so parsing stays testable. */
export type ReadFile = (path: string) => Uint8Array

/** `now`: epoch ms the run started at, for the relative dates of `digest-since`. */
export function parseAgentSettings(
  read: InputReader,
  readFile: ReadFile,
  now: number = Date.now()
): AgentSettings {
  // In the order of the inputs: with several wrong, the first is the one reported.
  const service = parseServiceSettings(read)
  // Before the prompt is read: given with one, the input to fix is `automation`.
  const automation = parseAutomation(read)
  const prompt = parsePrompt(read, readFile)
  const triggerPhrase = readString(read, 'trigger-phrase') || AGENT_DEFAULTS['trigger-phrase']
  if (/\s/.test(triggerPhrase)) {
    throw new InputError('trigger-phrase', 'must be one word such as /mintlify', triggerPhrase)
  }
  const jobId = readString(read, 'job-id') || undefined
  // The service does not document its id format, and the id is URL-encoded in the path: any id a
  // job was reported with (the timed-out comment prints it) must be accepted back here.
  if (jobId !== undefined && !/^[^\s\p{C}]{1,200}$/u.test(jobId)) {
    throw new InputError('job-id', 'must be an agent job id, one word without spaces', jobId)
  }
  const waits = parseWaitInputs(read, AGENT_DEFAULTS)
  const allowedBots = parseAllowedBots(read)
  const issueNumber = parseIssueNumber(read, 'issue-number')
  const comment = parseBoolean(read, 'comment', { fallback: AGENT_DEFAULTS.comment })
  const githubToken = readString(read, 'github-token')
  return {
    service,
    prompt,
    triggerPhrase,
    jobId,
    wait: parseBoolean(read, 'wait', { fallback: AGENT_DEFAULTS.wait }),
    ...waits,
    githubToken,
    issueNumber,
    comment,
    requiredPermission: parseChoice(read, 'required-permission', {
      choices: PERMISSION_CHOICES,
      fallback: AGENT_DEFAULTS['required-permission']
    }),
    allowedBots,
    failOnError: parseBoolean(read, 'fail-on-error', { fallback: AGENT_DEFAULTS['fail-on-error'] }),
    includeContext: parseBoolean(read, 'include-context', {
      fallback: AGENT_DEFAULTS['include-context']
    }),
    followUp: parseBoolean(read, 'follow-up', { fallback: AGENT_DEFAULTS['follow-up'] }),
    backLink: parseBoolean(read, 'back-link', { fallback: AGENT_DEFAULTS['back-link'] }),
    detach: parseBoolean(read, 'detach', { fallback: AGENT_DEFAULTS.detach }),
    ...parseCodeChangeInputs(read),
    digest: parseDigestSettings(read, { issueNumber, jobId, comment, githubToken, now }),
    automation,
    dryRun: parseDryRun(read, jobId)
  }
}

/** A dry run sends nothing; `job-id` follows a job that was sent already. */
function parseDryRun(read: InputReader, jobId: string | undefined): boolean {
  const dryRun = parseBoolean(read, 'dry-run', { fallback: AGENT_DEFAULTS['dry-run'] })
  if (!dryRun || jobId === undefined) return dryRun
  throw new InputError('dry-run', 'must be false when `job-id` is set: that job was sent already')
}

// The runner passes the defaults of `skip-label` and `ignore-paths` when the workflow sets nothing:
// an empty value here was set empty on purpose.
function parseCodeChangeInputs(
  read: InputReader
): Pick<
  AgentSettings,
  'skipLabel' | 'ignorePaths' | 'includeDiff' | 'labelTrigger' | 'labelRemove'
> {
  const skipLabel = parseLabel(read, 'skip-label')
  // One glob a line, never split at commas: a glob's braces hold them (`*.{md,mdx}`).
  const ignorePaths = readString(read, 'ignore-paths')
    .split('\n')
    .map(line => line.trim())
    .filter(line => line.length > 0 && !line.startsWith('#'))
  for (const glob of ignorePaths) {
    if (glob.startsWith('/') || glob.includes('\\')) {
      throw new InputError(
        'ignore-paths',
        'must be globs relative to the repository root, one a line, with forward slashes (for example docs/**)',
        glob
      )
    }
  }
  return {
    skipLabel,
    ignorePaths,
    includeDiff: parseBoolean(read, 'include-diff', { fallback: AGENT_DEFAULTS['include-diff'] }),
    labelTrigger: parseLabel(read, 'label-trigger'),
    labelRemove: parseBoolean(read, 'label-remove', { fallback: AGENT_DEFAULTS['label-remove'] })
  }
}

/** One label name; undefined when empty. GitHub's labels are at most 50 characters. */
function parseLabel(read: InputReader, name: string): string | undefined {
  const label = readString(read, name) || undefined
  if (label !== undefined && (label.length > 50 || /[\r\n]/.test(label))) {
    throw new InputError(name, 'must be one label name of at most 50 characters', label)
  }
  return label
}

/** `prompt` or the text of `prompt-file` (never both); undefined: the event gives it. */
function parsePrompt(read: InputReader, readFile: ReadFile): string | undefined {
  const inlinePrompt = readString(read, 'prompt')
  const promptFile = readString(read, 'prompt-file')
  if (inlinePrompt && promptFile) {
    throw new InputError('prompt-file', 'must be empty when `prompt` is set (give one of the two)')
  }
  if (!promptFile) return inlinePrompt || undefined
  let bytes: Uint8Array
  try {
    bytes = readFile(promptFile)
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable'
    throw new InputError(
      'prompt-file',
      `must be the path of a readable text file (${reason})`,
      promptFile
    )
  }
  const text = decodeText(bytes)
  if (text === undefined) {
    throw new InputError(
      'prompt-file',
      'must name a UTF-8 text file (it holds NUL bytes or is not valid UTF-8, so it is not a prompt)',
      promptFile
    )
  }
  if (!text.trim()) {
    throw new InputError('prompt-file', 'must name a file that holds a prompt (it is empty)')
  }
  return text.trim()
}

function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}

function parseAllowedBots(read: InputReader): string[] {
  const allowedBots = parseList(read, 'allowed-bots').map(login => login.toLowerCase())
  for (const login of allowedBots) {
    if (!/^[A-Za-z0-9-]+(\[bot\])?$/.test(login)) {
      throw new InputError(
        'allowed-bots',
        'must be comma-separated logins such as renovate[bot]',
        login
      )
    }
  }
  return allowedBots
}
