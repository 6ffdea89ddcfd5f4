import { expect } from '@open-wc/testing';
import { listCellText, metaToColumns, COLUMN_WIDTH } from '../../../src/core/resource/columns.ts';
import type { FieldsMeta } from '../../../src/core/resource/metadata.ts';

const GET: FieldsMeta = {
  name: { type: 'string', label: '名称', order: true, filter: true },
  role: { type: 'choice', label: '角色', choices: [{ value: 'Admin', display_name: '超级管理员' }] },
  is_valid: { type: 'boolean', label: '有效', read_only: true },
  date_created: { type: 'datetime', label: '创建日期', read_only: true },
  comment: { type: 'string', label: '备注' },
};

describe('metaToColumns', () => {
  it('takes labels from the metadata and links the name to the detail page', () => {
    const columns = metaToColumns(GET, ['name', 'comment']);
    expect(columns.map((c) => [c.prop, c.label, c.kind])).to.deep.equal([
      ['name', '名称', 'link'],
      ['comment', '备注', 'text'],
    ]);
  });

  it('maps choice, boolean and datetime types to their cells with the spec widths', () => {
    const [role, valid, created, actions] = metaToColumns(GET, ['role', 'is_valid', 'date_created', 'actions']);
    expect(role.kind).to.equal('choice');
    expect(valid).to.include({ kind: 'boolean', width: COLUMN_WIDTH.validity });
    expect(created).to.include({ kind: 'datetime', width: 160 });
    expect(actions).to.include({ kind: 'actions', width: 150 });
  });

  it('marks only ordering fields sortable and drops columns the server did not describe', () => {
    const columns = metaToColumns(GET, ['name', 'secret', 'comment']);
    expect(columns.map((c) => c.prop)).to.deep.equal(['name', 'comment']);
    expect(columns.map((c) => c.sortable)).to.deep.equal([true, false]);
  });

  it('lets a definition override label, kind and width', () => {
    const [name] = metaToColumns(GET, ['name'], { overrides: { name: { label: 'Name', kind: 'text', width: 90 } } });
    expect(name).to.include({ label: 'Name', kind: 'text', width: 90 });
  });
});

describe('listCellText', () => {
  const name = (item: unknown) => String((item as { name?: string }).name ?? item);
  const uuid = '5b8c6f0e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';

  it('counts the ids of a relation, by metadata or by their shape', () => {
    expect(listCellText(['a', 'b'], { type: 'field' }, name)).to.equal('2');
    expect(listCellText([uuid, uuid.replace('5b', '6b')], { type: 'list' }, name)).to.equal('2');
    expect(listCellText([3, 4, 5], undefined, name)).to.equal('3');
    expect(listCellText([], { type: 'list', child: { type: 'field' } }, name)).to.equal('0');
  });

  it('names objects and joins plain strings', () => {
    expect(listCellText([{ name: 'ops' }, { name: 'dev' }], { type: 'field' }, name)).to.equal('ops, dev');
    expect(listCellText(['ssh/22', 'rdp/3389'], { type: 'list' }, name)).to.equal('ssh/22, rdp/3389');
  });
});

describe('display columns', () => {
  it("label a `<field>_display` column with its field's label, as plain text that is not sortable", () => {
    const [mode] = metaToColumns({ login_mode: { type: 'choice', label: '登录模式', order: true } }, [
      'login_mode_display',
    ]);
    expect(mode).to.include({ prop: 'login_mode_display', label: '登录模式', kind: 'text', sortable: false });
  });

  it('keeps a column the metadata lacks when the definition labels it (a computed list without OPTIONS)', () => {
    const columns = metaToColumns({}, ['user_display', 'other'], { overrides: { user_display: { label: 'User' } } });
    expect(columns.map((c) => [c.prop, c.label, c.kind])).to.deep.equal([['user_display', 'User', 'text']]);
  });
});
