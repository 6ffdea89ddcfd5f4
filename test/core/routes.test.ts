import { expect } from '@open-wc/testing'
import { ROLE } from '../../src/core/permissions.ts'
import {
  $routes, filterRoutes, flattenRoutes, matchRoute, pathOf, setRouteTable, type RouteRecord,
} from '../../src/core/routes.ts'
import { adminRoutes, table } from './support/route-table.ts'

const names = (records: RouteRecord[]) => flattenRoutes(records).map((r) => r.name).filter(Boolean)
const licensed = { XPACK_LICENSE_IS_VALID: true, SECURITY_COMMAND_EXECUTION: true }

describe('filterRoutes', () => {
  it('keeps for an org admin only what ADMIN or AUDIT admits', () => {
    const kept = names(filterRoutes(adminRoutes, ROLE.ORG_ADMIN, licensed))
    expect(kept).to.include.members(['dashboard', 'UserList', 'UserGroupDetail', 'LoginLog', 'TaskList'])
    expect(kept).not.to.include.members(['Settings'])
    expect(kept).not.to.include('TaskMonitor')
  })

  it('gives an org auditor the audit routes but none that need the default ADMIN', () => {
    const kept = names(filterRoutes(adminRoutes, ROLE.ORG_AUDITOR, licensed))
    expect(kept).to.deep.equal(['dashboard', 'Audits', 'LoginLog'])
  })

  it('gives the super admin the SUPER-only routes', () => {
    const kept = names(filterRoutes(adminRoutes, ROLE.SUPER_ADMIN, licensed))
    expect(kept).to.include.members(['Settings', 'TaskMonitor'])
  })

  it('drops a route whose hidden function says so for these settings', () => {
    const off = names(filterRoutes(adminRoutes, ROLE.SUPER_ADMIN, { ...licensed, SECURITY_COMMAND_EXECUTION: false }))
    expect(off).not.to.include('BatchCommand')
    expect(names(filterRoutes(adminRoutes, ROLE.SUPER_ADMIN, licensed))).to.include('BatchCommand')
  })

  it('drops licence-only routes without a valid licence', () => {
    expect(names(filterRoutes(adminRoutes, ROLE.SUPER_ADMIN, {}))).not.to.include('RemoteAppList')
    expect(names(filterRoutes(adminRoutes, ROLE.SUPER_ADMIN, licensed))).to.include('RemoteAppList')
  })

  it('keeps hidden:true routes routable', () => {
    expect(names(filterRoutes(adminRoutes, ROLE.ORG_ADMIN, {}))).to.include('UserCreate')
  })
})

describe('flattenRoutes and matchRoute', () => {
  const flat = flattenRoutes(adminRoutes)

  it('joins relative child paths to their parent', () => {
    expect(flat.find((r) => r.name === 'UserUpdate')?.fullPath).to.equal('/users/users/:id/update')
    expect(flat.find((r) => r.name === 'Settings')?.fullPath).to.equal('/settings')
  })

  it('prefers a static segment over a param, with or without a trailing slash', () => {
    expect(matchRoute(flat, '/users/users/create/')?.route.name).to.equal('UserCreate')
    const detail = matchRoute(flat, '/users/users/0a4c1d2e-5b6f-4a7b-8c9d-0e1f2a3b4c5d/?tab=info')
    expect(detail?.route.name).to.equal('UserDetail')
    expect(detail?.params).to.deep.equal({ id: '0a4c1d2e-5b6f-4a7b-8c9d-0e1f2a3b4c5d' })
  })

  it('falls through to the catch-all only when nothing else matches', () => {
    expect(matchRoute(flat, '/nowhere/at/all')?.route.record.redirect).to.equal('/404')
    expect(matchRoute(flat, '/users/groups')?.route.name).to.equal('UserGroupList')
  })

  it('does not match without a catch-all', () => {
    expect(matchRoute(flattenRoutes(table.user), '/users/users')).to.equal(null)
  })
})

describe('pathOf', () => {
  it('builds the path of a named route with its params', () => {
    setRouteTable(table)
    $routes.set([])
    expect(pathOf('UserUpdate', { id: 'abc' })).to.equal('/users/users/abc/update')
    expect(pathOf('UserList')).to.equal('/users/users')
    expect(() => pathOf('NoSuchRoute')).to.throw('NoSuchRoute')
  })

  it('prefers the allowed routes and follows every change of them', () => {
    setRouteTable(table)
    $routes.set([{ path: '/mine', name: 'UserList', meta: { title: 'mine' } }])
    expect(pathOf('UserList')).to.equal('/mine')
    $routes.set([])
    expect(pathOf('UserList')).to.equal('/users/users')
    setRouteTable({ ...table, constant: [...table.constant, { path: '/later', name: 'Later' }] })
    expect(pathOf('Later')).to.equal('/later')
  })
})
