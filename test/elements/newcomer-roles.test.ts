// The newcomer's walk (newcomer-admin.test.ts) as org admins and the super auditor, on their pages, in both languages, licensed
// (the menu then has Tickets too): no translation key, foreign time, other language, or page leaving the console.
import { newcomerSuite } from './support/newcomer-walk.ts';

newcomerSuite('newcomer: every page of org admins and the super auditor in Chinese and English', [
  ['orgadmin', '/dashboard', 40],
  ['sysauditor', '/dashboard', 8],
]);
