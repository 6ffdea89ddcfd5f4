import { expect } from '@open-wc/testing';
import { i18n, loadLanguage } from '../../../src/core/i18n/index.ts';
import '../../../src/pages/perms/i18n.ts';
import '../../../src/pages/applications/i18n.ts';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree)
    .flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`)))
    .sort();
const section = (lang: string, name: string) => (i18n.getResourceBundle(lang, 'translation') as Tree)[name] as Tree;

describe('perms and applications: messages', () => {
  before(() => loadLanguage('en')); // English comes in its own chunk (core/i18n)

  for (const name of ['perms', 'applications']) {
    it(`has every ${name} key in Chinese and English`, () => {
      expect(keys(section('zh', name)).length).to.be.greaterThan(10);
      expect(keys(section('en', name))).to.deep.equal(keys(section('zh', name)));
    });
  }
});
