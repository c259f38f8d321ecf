import { describe, expect, it } from '@jest/globals'
import {
  meetsPermission,
  permissionFromResponse,
  permissionRank,
  type RepoPermission
} from '../src/github/permissions.js'

describe('permission order', () => {
  it('ranks none < read < triage < write < maintain < admin', () => {
    const order: RepoPermission[] = ['none', 'read', 'triage', 'write', 'maintain', 'admin']
    const ranks = order.map(permissionRank)
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks)
    expect(new Set(ranks).size).toBe(order.length)
  })

  it.each<[RepoPermission, RepoPermission, boolean]>([
    ['admin', 'write', true],
    ['maintain', 'write', true],
    ['write', 'write', true],
    ['triage', 'write', false],
    ['read', 'write', false],
    ['none', 'read', false],
    ['triage', 'triage', true],
    ['write', 'maintain', false],
    ['maintain', 'admin', false]
  ])('%s meets %s: %s', (actual, required, expected) => {
    expect(meetsPermission(actual, required)).toBe(expected)
  })
})

describe('permissionFromResponse', () => {
  it('role_name maintain beats permission write', () => {
    expect(permissionFromResponse({ permission: 'write', role_name: 'maintain' })).toBe('maintain')
  })

  it('role_name triage beats permission read', () => {
    expect(permissionFromResponse({ permission: 'read', role_name: 'triage' })).toBe('triage')
  })

  it('a custom role falls back to its base permission', () => {
    expect(permissionFromResponse({ permission: 'write', role_name: 'docs-editor' })).toBe('write')
  })

  it('an unknown or missing permission is none', () => {
    expect(permissionFromResponse({ permission: 'superuser' })).toBe('none')
    expect(permissionFromResponse({})).toBe('none')
  })
})
