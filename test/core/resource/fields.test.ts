import { expect } from '@open-wc/testing';
import { metaToFields, validationTrigger } from '../../../src/core/resource/fields.ts';
import type { FieldsMeta } from '../../../src/core/resource/metadata.ts';

const choices = (n: number) => Array.from({ length: n }, (_, i) => ({ value: i, display_name: `c${i}` }));

const POST: FieldsMeta = {
  id: { type: 'string', read_only: true },
  name: { type: 'string', required: true, max_length: 128, label: 'Name' },
  email: { type: 'email', required: true, max_length: 128 },
  password: { type: 'string', write_only: true },
  comment: { type: 'string', max_length: 128 },
  description: { type: 'string' },
  mfa_level: { type: 'choice', choices: choices(3) },
  source: { type: 'choice', choices: choices(5) },
  is_active: { type: 'boolean' },
  date_expired: { type: 'datetime' },
  groups: { type: 'list', child: { type: 'field' } },
  admin_user: { type: 'field' },
  priority: { type: 'integer', min_value: 1, max_value: 100 },
};

describe('metaToFields', () => {
  const byId = Object.fromEntries(metaToFields(POST, Object.keys(POST)).map((f) => [f.id, f]));

  it('never renders read-only fields', () => {
    expect(byId.id).to.equal(undefined);
  });

  it('maps names and types to the spec widgets', () => {
    expect(byId.name.widget).to.equal('input');
    expect(byId.email.widget).to.equal('email');
    expect(byId.password.widget).to.equal('password');
    expect(byId.comment.widget).to.equal('textarea');
    expect(byId.is_active.widget).to.equal('switch');
    expect(byId.date_expired.widget).to.equal('datetime');
    expect(byId.admin_user.widget).to.equal('remote-select');
    expect(byId.groups).to.include({ widget: 'remote-select', multiple: true });
    expect(byId.priority).to.include({ widget: 'number', min: 1, max: 100 });
  });

  it('uses a radio group up to 4 choices and a filtering select above', () => {
    expect(byId.mfa_level.widget).to.equal('radio');
    expect(byId.source.widget).to.equal('select');
  });

  it('renders a string without max_length as a 3-row textarea', () => {
    expect(byId.description).to.include({ widget: 'textarea', rows: 3 });
  });

  it('keeps the definition order and applies overrides', () => {
    const fields = metaToFields(POST, ['mfa_level', 'name'], { name: { label: 'Username', helpText: 'h' } });
    expect(fields.map((f) => f.id)).to.deep.equal(['mfa_level', 'name']);
    expect(fields[1]).to.include({ label: 'Username', helpText: 'h', required: true });
  });
});

describe('validationTrigger', () => {
  it('validates required text on blur, required selects on change, the rest on input', () => {
    expect(validationTrigger({ widget: 'input', required: true })).to.equal('blur');
    expect(validationTrigger({ widget: 'select', required: true })).to.equal('change');
    expect(validationTrigger({ widget: 'input', required: false })).to.equal('input');
  });
});
