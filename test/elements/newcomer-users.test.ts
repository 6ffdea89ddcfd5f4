// The newcomer's walk (newcomer-admin.test.ts) as org auditors and plain users, on their pages, in both languages, licensed
// (the menu then has Tickets too): no translation key, foreign time, other language, or page leaving the console.
import { newcomerSuite } from './support/newcomer-walk.ts';

// A plain user reaches the ticket form from a button, not the menu.
newcomerSuite('newcomer: every page of org auditors and plain users in Chinese and English', [
  ['orgauditor', '/dashboard', 8],
  ['user', '/', 4, ['/tickets/tickets/request-asset-perm/create']],
]);
