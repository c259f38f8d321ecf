/**
 * The service's published OpenAPI documents as a validator (ajv), for the operations this project uses:
 * path and query parameters, request bodies, and response bodies per status. The emulator runs every
 * request and answer through it, so a test fails loudly when the client or the emulator drifts from
 * the documents.
 */
import { existsSync, readFileSync } from 'node:fs'
import type { IncomingHttpHeaders } from 'node:http'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import formatsPlugin from 'ajv-formats'

type Json = Record<string, unknown>
type Dialect = 'openapi-3.0' | 'openapi-3.1'

/** The operations the project uses; everything else in the documents is out of scope. */
const SOURCES: {
  file: string
  dialect: Dialect
  /** The document's server path (`/v1`): its paths are relative to it. */
  basePath?: string
  /** Statuses every operation of the document may answer although none declares them. */
  extraStatuses?: number[]
  operations: [string, string][]
}[] = [
  {
    file: 'admin-openapi.json',
    dialect: 'openapi-3.0',
    operations: [
      ['POST', '/v2/agent/{projectId}/job'],
      ['GET', '/v2/agent/{projectId}/job/{id}'],
      ['POST', '/v2/agent/{projectId}/job/{id}/message']
    ]
  },
  {
    file: 'analytics-openapi.json',
    dialect: 'openapi-3.1',
    operations: [
      ['GET', '/v1/analytics/{projectId}/feedback/by-page'],
      ['GET', '/v1/analytics/{projectId}/views'],
      ['GET', '/v1/analytics/{projectId}/assistant'],
      ['GET', '/v1/analytics/{projectId}/assistant/caller-stats'],
      ['GET', '/v1/analytics/{projectId}/visitors'],
      ['GET', '/v1/analytics/{projectId}/searches'],
      ['GET', '/v1/analytics/{projectId}/feedback']
    ]
  },
  {
    file: 'platform-openapi.json',
    dialect: 'openapi-3.0',
    basePath: '/v1',
    // The documented rate limits (previews, deployments and automation triggers: 5 a minute) answer 429.
    extraStatuses: [429],
    operations: [
      ['POST', '/project/update/{projectId}'],
      ['POST', '/project/preview/{projectId}'],
      ['GET', '/project/update-status/{statusId}'],
      ['POST', '/workflow/{projectId}/{workflowSchemaId}/trigger']
    ]
  }
]

/**
 * Statuses allowed on every operation although not declared per operation: the service documents
 * bearer auth globally (401) and answers unknown projects and jobs with 404.
 */
const GLOBAL_STATUSES: readonly number[] = [401, 404]

/** The service's error shape, used for the globally allowed statuses. */
const SERVICE_ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' } }
}

/**
 * The folder holding the OpenAPI documents: `$MINTLIFY_SPEC_DIR`, else the committed copy in
 * `<project>/spec`.
 */
function specDir(): string {
  const projectRoot = fileURLToPath(new URL('../', import.meta.url))
  const candidates = [
    process.env.MINTLIFY_SPEC_DIR,
    // The committed copy of the service's published documents (spec/README.md).
    join(projectRoot, 'spec')
  ].filter((dir): dir is string => dir !== undefined && dir !== '')
  const found = candidates.find(dir => existsSync(join(dir, SOURCES[0].file)))
  if (found === undefined) {
    throw new Error(`OpenAPI documents not found; looked in: ${candidates.join(', ')}`)
  }
  return found
}

interface CompiledOperation {
  method: string
  template: string
  pattern: RegExp
  paramNames: string[]
  bearer: boolean
  pathParams: ValidateFunction
  query: ValidateFunction
  body?: { required: boolean; validate?: ValidateFunction }
  /** Key: '201', '4XX' or 'default'; value: the body validator, or null when no JSON body is declared. */
  responses: Map<string, ValidateFunction | null>
  /** Undeclared statuses this operation's document allows (answered with the service's error shape). */
  extraStatuses: readonly number[]
}

export interface RequestExtras {
  headers?: IncomingHttpHeaders
  /** The body as received; lets the check tell "no body" from "not JSON". */
  rawBody?: string
}

export class Contract {
  private readonly operations: CompiledOperation[] = []
  private readonly serviceError: ValidateFunction

  constructor(dir = specDir()) {
    for (const source of SOURCES) {
      const doc = JSON.parse(readFileSync(join(dir, source.file), 'utf8')) as Json
      const docId = `mintlify:${source.file}`
      const bodies = makeAjv(source.dialect, false)
      const params = makeAjv(source.dialect, true)
      const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Json
      for (const ajv of [bodies, params])
        ajv.addSchema({ $id: docId, $defs: rebase(schemas, docId) })
      for (const [method, template] of source.operations) {
        const operation = compileOperation(doc, docId, method, template, bodies, params)
        if (source.basePath) {
          operation.pattern = new RegExp(`^${source.basePath}${operation.pattern.source.slice(1)}`)
        }
        operation.extraStatuses = source.extraStatuses ?? []
        this.operations.push(operation)
      }
    }
    this.serviceError = makeAjv('openapi-3.0', false).compile(SERVICE_ERROR_SCHEMA)
  }

  /** Whether the documents describe this method and path (among the operations in scope). */
  isDocumented(method: string, path: string): boolean {
    return this.find(method, path) !== undefined
  }

  /** Every way the request departs from the documents; empty when it conforms. */
  checkRequest(
    method: string,
    path: string,
    query: Record<string, string>,
    body: unknown,
    extras: RequestExtras = {}
  ): string[] {
    const where = `request ${method.toUpperCase()} ${path}`
    const found = this.find(method, path)
    if (found === undefined) return [`${where}: no such operation in the OpenAPI documents`]
    const { operation, params } = found
    const problems: string[] = []
    if (!operation.pathParams(params))
      problems.push(...describe(where, 'path', operation.pathParams.errors))
    const queryCopy = { ...query }
    if (!operation.query(queryCopy))
      problems.push(...describe(where, 'query', operation.query.errors))

    const { headers, rawBody } = extras
    if (headers !== undefined && operation.bearer) {
      const auth = headers.authorization
      if (auth === undefined || !/^bearer\s+\S/i.test(auth)) {
        problems.push(`${where}: missing "Authorization: Bearer <key>" header`)
      }
    }
    const sentSomething = body !== undefined || (rawBody !== undefined && rawBody.trim() !== '')
    if (operation.body === undefined) {
      if (sentSomething) problems.push(`${where}: a body was sent but the operation declares none`)
      return problems
    }
    if (!sentSomething) {
      if (operation.body.required) problems.push(`${where}: the required JSON body is missing`)
      return problems
    }
    if (headers !== undefined && !/^application\/json\b/i.test(headers['content-type'] ?? '')) {
      problems.push(
        `${where}: content-type is ${JSON.stringify(headers['content-type'] ?? null)}, not application/json`
      )
    }
    if (body === undefined) {
      problems.push(`${where}: the body is not valid JSON`)
    } else if (operation.body.validate !== undefined && !operation.body.validate(body)) {
      problems.push(...describe(where, 'body', operation.body.validate.errors))
    }
    return problems
  }

  /** Every way the answer departs from the documents; `body` is the parsed JSON (undefined if none). */
  checkResponse(method: string, path: string, status: number, body: unknown): string[] {
    const where = `response ${status} to ${method.toUpperCase()} ${path}`
    const found = this.find(method, path)
    if (found === undefined) return [`${where}: no such operation in the OpenAPI documents`]
    const { responses } = found.operation
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find(k => responses.has(k))
    let validate: ValidateFunction | null | undefined
    if (key !== undefined) validate = responses.get(key)
    else if ([...GLOBAL_STATUSES, ...found.operation.extraStatuses].includes(status)) {
      validate = this.serviceError
    } else return [`${where}: status ${status} is not declared for this operation`]
    if (validate === null || validate === undefined) return []
    if (body === undefined) return [`${where}: the body is not JSON`]
    return validate(body) ? [] : describe(where, 'body', validate.errors)
  }

  private find(
    method: string,
    path: string
  ): { operation: CompiledOperation; params: Record<string, string> } | undefined {
    for (const operation of this.operations) {
      if (operation.method !== method.toUpperCase()) continue
      const match = operation.pattern.exec(path)
      if (match === null) continue
      const params: Record<string, string> = {}
      operation.paramNames.forEach((name, i) => {
        params[name] = safeDecode(match[i + 1])
      })
      return { operation, params }
    }
    return undefined
  }
}

let shared: Contract | undefined

/** The contract built from the default spec folder, compiled once per module instance. */
export function contract(): Contract {
  shared ??= new Contract()
  return shared
}

export function checkRequest(
  method: string,
  path: string,
  query: Record<string, string>,
  body: unknown,
  extras?: RequestExtras
): string[] {
  return contract().checkRequest(method, path, query, body, extras)
}

export function checkResponse(
  method: string,
  path: string,
  status: number,
  body: unknown
): string[] {
  return contract().checkResponse(method, path, status, body)
}

function makeAjv(dialect: Dialect, coerceTypes: boolean): Ajv {
  const options: Options = { allErrors: true, strict: true, coerceTypes }
  // OpenAPI 3.1 schemas are JSON Schema 2020-12; 3.0 schemas are draft-04-like plus `nullable`,
  // which ajv's default (draft-07) instance understands natively.
  const ajv = dialect === 'openapi-3.1' ? new Ajv2020(options) : new Ajv(options)
  formatsPlugin.default(ajv)
  // The assistant's cursors: 26 characters of Crockford's base 32, the first at most 7.
  ajv.addFormat('ulid', /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/)
  // OpenAPI annotation keywords that carry no validation.
  ajv.addVocabulary(['example', 'xml', 'externalDocs'])
  return ajv
}

function compileOperation(
  doc: Json,
  docId: string,
  method: string,
  template: string,
  bodies: Ajv,
  params: Ajv
): CompiledOperation {
  const pathItem = resolve(doc, (doc.paths as Json)[template]) as Json
  const op = resolve(doc, pathItem[method.toLowerCase()]) as Json | undefined
  if (op === undefined) throw new Error(`${method} ${template} is not in the OpenAPI document`)
  const parameters = [
    ...((pathItem.parameters as unknown[]) ?? []),
    ...((op.parameters as unknown[]) ?? [])
  ].map(p => resolve(doc, p) as Json)
  const paramSchema = (where: 'path' | 'query'): Json => {
    const own = parameters.filter(p => p.in === where)
    return {
      type: 'object',
      properties: Object.fromEntries(own.map(p => [p.name, rebase(p.schema ?? {}, docId)])),
      required: own.filter(p => p.required === true).map(p => p.name)
    }
  }

  const paramNames: string[] = []
  const source = template
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\{([^}]+)\}/g, (_, name: string) => {
      paramNames.push(name)
      return '([^/]+)'
    })

  let body: CompiledOperation['body']
  if (op.requestBody !== undefined) {
    const requestBody = resolve(doc, op.requestBody) as Json
    const schema = jsonSchemaOf(requestBody)
    body = {
      required: requestBody.required === true,
      validate: schema === undefined ? undefined : bodies.compile(rebase(schema, docId))
    }
  }

  const responses = new Map<string, ValidateFunction | null>()
  for (const [status, response] of Object.entries((op.responses as Json) ?? {})) {
    const schema = jsonSchemaOf(resolve(doc, response) as Json)
    responses.set(
      status.toUpperCase(),
      schema === undefined ? null : bodies.compile(rebase(schema, docId))
    )
  }

  const security = (op.security ?? doc.security ?? []) as Json[]
  return {
    method: method.toUpperCase(),
    template,
    pattern: new RegExp(`^${source}$`),
    paramNames,
    bearer: security.some(requirement => 'bearerAuth' in requirement),
    pathParams: params.compile(paramSchema('path')),
    query: params.compile(paramSchema('query')),
    body,
    responses,
    extraStatuses: []
  }
}

function jsonSchemaOf(holder: Json): Json | undefined {
  const content = holder.content as Record<string, Json> | undefined
  return content?.['application/json']?.schema as Json | undefined
}

/** Follows an OpenAPI-level `$ref` (parameters, request bodies, responses) within the document. */
function resolve(doc: Json, value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null || !('$ref' in value)) return value
  if (depth > 20) throw new Error('OpenAPI $ref chain too deep')
  const ref = (value as { $ref: string }).$ref
  if (!ref.startsWith('#/')) throw new Error(`external $ref not supported: ${ref}`)
  const target = ref
    .slice(2)
    .split('/')
    .map(part => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (node as Json | undefined)?.[part], doc)
  if (target === undefined) throw new Error(`unresolved $ref: ${ref}`)
  return resolve(doc, target, depth + 1)
}

/**
 * A copy of a schema whose `#/components/schemas/X` references point at `X` in the registered
 * schema `docId` (which holds the document's component schemas under `$defs`).
 */
function rebase(schema: unknown, docId: string): Json {
  const prefix = '#/components/schemas/'
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk)
    if (typeof node !== 'object' || node === null) return node
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => {
        if (key !== '$ref' || typeof value !== 'string') return [key, walk(value)]
        if (!value.startsWith(prefix)) throw new Error(`unsupported schema $ref: ${value}`)
        return [key, `${docId}#/$defs/${value.slice(prefix.length)}`]
      })
    )
  }
  return walk(schema) as Json
}

function describe(where: string, part: string, errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map(error => {
    const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues
    const suffix = allowed === undefined ? '' : ` (${allowed.join(', ')})`
    return `${where}: ${part}${error.instancePath} ${error.message ?? 'is invalid'}${suffix}`
  })
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
