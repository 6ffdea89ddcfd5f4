// The section's pure pieces: its messages in both languages, the storage form's folding of `meta`,
// durations, and the detail page's reading of `?start=`.
import { expect } from '@open-wc/testing';
import { i18n, loadLanguage } from '../../../src/core/i18n/index.ts';
import { durationText } from '../../../src/pages/terminal/cells.tsx';
import { sessionDetailPath } from '../../../src/pages/terminal/api.ts';
import { COMMAND_TYPES, REPLAY_TYPES, storageForm } from '../../../src/pages/terminal/storage-meta.ts';
import '../../../src/pages/terminal/i18n.ts';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree)
    .flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`)))
    .sort();
const section = (lang: string) => (i18n.getResourceBundle(lang, 'translation') as Tree).terminal as Tree;

describe('terminal: section helpers', () => {
  it('has every message in Chinese and English, the terminate answer worded as 2.3', async () => {
    await loadLanguage('en'); // English comes in its own chunk (core/i18n)
    expect(keys(section('en'))).to.deep.equal(keys(section('zh')));
    expect((section('en').message as Tree).terminateSent).to.equal('Terminate task has been send, Please check later');
  });

  it("folds the chosen type's fields into meta, leaving out a blank secret and the other types' keys", () => {
    const form = storageForm(REPLAY_TYPES, 'replay');
    const body = form.beforeSubmit({
      name: 'r',
      type: 's3',
      comment: '',
      meta_bucket: ' b ',
      meta_access_key: 'AK',
      meta_secret_key: '',
      meta_endpoint: 'http://127.0.0.1:9',
      meta_container_name: 'ignored',
    });
    expect(body).to.deep.equal({
      name: 'r',
      type: 's3',
      comment: '',
      meta: { BUCKET: 'b', ACCESS_KEY: 'AK', ENDPOINT: 'http://127.0.0.1:9' },
    });
    expect(form.fields).to.include.members(['meta_bucket', 'meta_container_name', 'meta_region']);
    const bucket = form.overrides.meta_bucket;
    expect(bucket.enableWhen!({ type: 'ceph' })).to.equal(true);
    expect(bucket.enableWhen!({ type: 'azure' })).to.equal(false);
    expect(form.overrides.meta_secret_key.widget).to.equal('password');
  });

  it('reads meta back without secrets, and Elasticsearch hosts as a comma list both ways', () => {
    const replay = storageForm(REPLAY_TYPES, 'replay');
    expect(replay.fromObject({ meta: { BUCKET: 'b', SECRET_KEY: 'never' } })).to.deep.equal({ meta_bucket: 'b' });
    const command = storageForm(COMMAND_TYPES, 'command');
    expect(
      command.fromObject({ meta: { HOSTS: ['http://127.0.0.1:9200', 'http://127.0.0.2:9200'] } }).meta_hosts,
    ).to.equal('http://127.0.0.1:9200,http://127.0.0.2:9200');
    expect(
      command.beforeSubmit({ type: 'es', meta_hosts: 'http://127.0.0.1:9200, http://127.0.0.2:9200' }).meta,
    ).to.deep.equal({ HOSTS: ['http://127.0.0.1:9200', 'http://127.0.0.2:9200'], INDEX: '', DOC_TYPE: '' });
  });

  it('spells durations and the session detail address at a command', () => {
    expect(durationText('2026-01-01 10:00:00 +0000', '2026-01-01 11:02:03 +0000')).to.equal('1h 2m 3s');
    expect(durationText('2026-01-01 10:00:00 +0000', '2026-01-01 10:00:09 +0000')).to.equal('9s');
    expect(durationText('', null)).to.equal('');
    expect(sessionDetailPath('abc', 42)).to.equal('/terminal/sessions/abc?start=42');
    expect(sessionDetailPath('abc')).to.equal('/terminal/sessions/abc');
  });
});
