import { describe, expect, it } from '@jest/globals'
import { useGitHubFake } from './helpers/github-client.js'
import { getCollaboratorPermission } from '../src/github/permissions.js'

const repo = { owner: 'acme', repo: 'docs' }
const path = (login: string): string => `/repos/acme/docs/collaborators/${login}/permission`
const github = useGitHubFake()

/** The permission call for `login`, run to its end. */
const permissionOf = (login: string): Promise<string> =>
  github.call(getCollaboratorPermission(github.octokit, { repo, login }, github.rt))

describe('getCollaboratorPermission', () => {
  it.each(['admin', 'write', 'read'] as const)('reads %s', async permission => {
    github.fake.setPermission('acme', 'docs', 'alice', permission)
    await expect(permissionOf('alice')).resolves.toBe(permission)
  })

  it('role_name maintain beats permission write', async () => {
    github.fake.setPermission('acme', 'docs', 'alice', 'maintain')
    await expect(permissionOf('alice')).resolves.toBe('maintain')
  })

  it('role_name triage beats permission read', async () => {
    github.fake.setPermission('acme', 'docs', 'alice', 'triage')
    await expect(permissionOf('alice')).resolves.toBe('triage')
  })

  it('permission 404 is none', async () => {
    await expect(permissionOf('mallory')).resolves.toBe('none')
    expect(github.fake.calls).toHaveLength(1)
  })

  it('retries a 500 and a reset, then reads the permission', async () => {
    github.fake.setPermission('acme', 'docs', 'alice', 'write')
    github.fake.inject({ method: 'GET', path: path('alice'), fault: { status: 500 } })
    github.fake.inject({ method: 'GET', path: path('alice'), fault: { kind: 'reset' } })
    await expect(permissionOf('alice')).resolves.toBe('write')
    expect(github.fake.calls).toHaveLength(3)
  })

  it('throws a lasting 500 after four attempts, so the caller fails closed', async () => {
    github.fake.setPermission('acme', 'docs', 'alice', 'admin')
    github.fake.inject({
      method: 'GET',
      path: path('alice'),
      times: Infinity,
      fault: { status: 500 }
    })
    await expect(permissionOf('alice')).rejects.toMatchObject({
      status: 500
    })
    expect(github.fake.calls).toHaveLength(4)
  })

  it('throws a 403 (the token may not read collaborators)', async () => {
    github.fake.setPermission('acme', 'docs', 'alice', 'admin')
    github.fake.denyRepo('acme', 'docs', 403)
    await expect(permissionOf('alice')).rejects.toMatchObject({
      status: 403
    })
    expect(github.fake.calls).toHaveLength(1)
  })

  it('throws when the answer is unreadable every time', async () => {
    github.fake.setPermission('acme', 'docs', 'alice', 'admin')
    github.fake.inject({
      method: 'GET',
      times: Infinity,
      fault: { kind: 'malformed', process: true }
    })
    await expect(permissionOf('alice')).rejects.toThrow(/unreadable/)
  })
})
