/** GET /repos/{o}/{r}/collaborators/{login}/permission: a login's role; logins never set answer 404. */
import { notFound, REPO, route, type Route } from '../answers.js'
import { permissionKey, userOf, type Permission } from '../model.js'
import type { GitHubWire } from '../wire.js'

/** GitHub's legacy `permission` for each role: maintain reads as write, triage as read. */
const LEGACY_PERMISSION: Record<Permission, string> = {
  admin: 'admin',
  maintain: 'write',
  write: 'write',
  triage: 'read',
  read: 'read',
  none: 'none'
}
const RANK: Permission[] = ['none', 'read', 'triage', 'write', 'maintain', 'admin']

export function collaboratorRoutes(wire: GitHubWire): Route[] {
  return [
    route('GET', `${REPO}/collaborators/([^/]+)/permission`, ([, owner, repo, login]) => {
      const name = decodeURIComponent(login)
      const role = wire.state.permissions.get(permissionKey(owner, repo, name))
      if (role === undefined) return notFound()
      const at = (least: Permission): boolean => RANK.indexOf(role) >= RANK.indexOf(least)
      return {
        status: 200,
        body: {
          permission: LEGACY_PERMISSION[role],
          role_name: role,
          user: {
            ...wire.user(userOf(name)),
            permissions: {
              admin: at('admin'),
              maintain: at('maintain'),
              push: at('write'),
              triage: at('triage'),
              pull: at('read')
            },
            role_name: role
          }
        }
      }
    })
  ]
}
