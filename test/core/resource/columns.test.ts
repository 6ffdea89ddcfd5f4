import { expect } from '@open-wc/testing'
import { metaToColumns, COLUMN_WIDTH } from '../../../src/core/resource/columns.ts'
import type { FieldsMeta } from '../../../src/core/resource/metadata.ts'

const GET: FieldsMeta = {
  name: { type: 'string', label: '名称', order: true, filter: true },
  role: { type: 'choice', label: '角色', choices: [{ value: 'Admin', display_name: '超级管理员' }] },
  is_valid: { type: 'boolean', label: '有效', read_only: true },
  date_created: { type: 'datetime', label: '创建日期', read_only: true },
  comment: { type: 'string', label: '备注' },
}

describe('metaToColumns', () => {
  it('takes labels from the metadata and links the name to the detail page', () => {
    const columns = metaToColumns(GET, ['name', 'comment'])
    expect(columns.map((c) => [c.prop, c.label, c.kind])).to.deep.equal([
      ['name', '名称', 'link'], ['comment', '备注', 'text'],
    ])
  })

  it('maps choice, boolean and datetime types to their cells with the spec widths', () => {
    const [role, valid, created, actions] = metaToColumns(GET, ['role', 'is_valid', 'date_created', 'actions'])
    expect(role.kind).to.equal('choice')
    expect(valid).to.include({ kind: 'boolean', width: COLUMN_WIDTH.validity })
    expect(created).to.include({ kind: 'datetime', width: 160 })
    expect(actions).to.include({ kind: 'actions', width: 150 })
  })

  it('marks only ordering fields sortable and drops columns the server did not describe', () => {
    const columns = metaToColumns(GET, ['name', 'secret', 'comment'])
    expect(columns.map((c) => c.prop)).to.deep.equal(['name', 'comment'])
    expect(columns.map((c) => c.sortable)).to.deep.equal([true, false])
  })

  it('lets a definition override label, kind and width', () => {
    const [name] = metaToColumns(GET, ['name'], { overrides: { name: { label: 'Name', kind: 'text', width: 90 } } })
    expect(name).to.include({ label: 'Name', kind: 'text', width: 90 })
  })
})
