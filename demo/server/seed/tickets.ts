// Demo tickets, so the Tickets pages are not empty: in Engineering an open request of the demo user
// (assigned to orgadmin), an approved one (with the permission it made) and a rejected one; an open
// request in Operations and one in DEFAULT. Assets and system users are named as seeded (127.x hosts).
import { userLabel } from '../core/operate-log-store.ts';
import type { DB } from '../core/db/open.ts';
import { uuid } from '../core/lib/ids.ts';
import { isoAt } from '../core/lib/time.ts';
import { actionsMask } from '../perms/actions.ts';
import { linkGrantedToSystemUsers } from '../perms/permission-rules.ts';
import { addComment, insertTicket, performAction, setAssignees, setConfirmedTargets } from '../tickets/ticket-store.ts';
import { insertPermission, linkPermission } from '../perms/permission-store.ts';
import { idNamedInOrg, orgsByName } from './seed-store.ts';
import { userByUsername } from '../users/user-store.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface SeedTicket {
  org: string;
  user: string;
  assignees: string[];
  title: string;
  ips: string[];
  hostname: string;
  systemUser: string;
  actions: string[];
  days: number;
  ageHours: number;
  comment: string;
  /** Approved or rejected by the first assignee with these assets and system user; replies before that. */
  outcome?: { action: 'approve' | 'reject'; assets: string[]; systemUser: string; reply: string };
}

const TICKETS: SeedTicket[] = [
  {
    org: 'Engineering',
    user: 'user',
    assignees: ['orgadmin', 'admin'],
    title: 'Database access for the schema migration',
    ips: ['127.10.3.25'],
    hostname: 'bj-db',
    systemUser: 'ops',
    actions: ['connect', 'download_file'],
    days: 3,
    ageHours: 2,
    comment: 'Release 4.2 migrates the orders schema on Thursday.',
  },
  {
    org: 'Engineering',
    user: 'liwei',
    assignees: ['orgadmin'],
    title: 'Debug the frontend cache',
    ips: [],
    hostname: 'bj-web-01',
    systemUser: 'deploy',
    actions: ['connect'],
    days: 7,
    ageHours: 30,
    comment: 'Stale assets after the last deploy.',
    outcome: {
      action: 'approve',
      assets: ['bj-web-01'],
      systemUser: 'deploy',
      reply: 'Approved for a week, please close the session when done.',
    },
  },
  {
    org: 'Engineering',
    user: 'akumar',
    assignees: ['orgadmin'],
    title: 'Root on all batch hosts',
    ips: [],
    hostname: 'sh-batch',
    systemUser: 'root',
    actions: ['all'],
    days: 30,
    ageHours: 50,
    comment: 'Need to tune the nightly jobs.',
    outcome: {
      action: 'reject',
      assets: [],
      systemUser: '',
      reply: 'Too broad: ask for the one host and the deploy account.',
    },
  },
  {
    org: 'Operations',
    user: 'zhangmin',
    assignees: ['wangfang'],
    title: 'Redis failover drill',
    ips: ['127.20.1.24', '127.20.1.25'],
    hostname: '',
    systemUser: 'ops',
    actions: ['connect'],
    days: 1,
    ageHours: 5,
    comment: 'Quarterly drill, two replicas.',
  },
  {
    org: '',
    user: 'chenjie',
    assignees: ['admin'],
    title: 'Office desktop for the audit week',
    ips: [],
    hostname: 'office-win-01',
    systemUser: 'windows-rdp',
    actions: ['connect'],
    days: 5,
    ageHours: 1,
    comment: 'External audit, on site next week.',
  },
];

export function seedTickets(db: DB, nowMs: number): void {
  const orgs = orgsByName(db);
  const orgId = (name: string) => (name ? orgs.get(name)! : '');
  const user = (username: string) => userByUsername(db, username)!;
  for (const seed of TICKETS) {
    const org = orgId(seed.org);
    const requester = user(seed.user);
    const id = uuid();
    const created = nowMs - seed.ageHours * HOUR;
    const start = created + HOUR;
    const end = start + seed.days * DAY;
    const body = [
      `Type: Request asset permission`,
      `User: ${userLabel(requester)}`,
      `IP group: ${seed.ips.join(', ')}`,
      `Hostname: ${seed.hostname}`,
      `System user: ${seed.systemUser}`,
      `Date start: ${isoAt(start)}`,
      `Date expired: ${isoAt(end)}`,
    ].join('\n');
    insertTicket(db, {
      id,
      user: requester.id,
      user_display: userLabel(requester),
      title: seed.title,
      body,
      type: 'request_asset',
      org_id: org,
      ips: JSON.stringify(seed.ips),
      hostname: seed.hostname,
      system_user: seed.systemUser,
      date_start: isoAt(start),
      date_expired: isoAt(end),
      actions: actionsMask(seed.actions),
      comment: seed.comment,
      date_created: isoAt(created),
      date_updated: isoAt(created),
    });
    setAssignees(
      db,
      id,
      seed.assignees.map((name) => user(name).id),
    );
    if (!seed.outcome) continue;
    const assignee = user(seed.assignees[0]);
    addComment(db, id, assignee, seed.outcome.reply, created + 2 * HOUR);
    const assets = seed.outcome.assets
      .map((hostname) => idNamedInOrg(db, 'assets', hostname, org))
      .filter((a): a is string => !!a);
    const systemUser = seed.outcome.systemUser
      ? (idNamedInOrg(db, 'system_users', seed.outcome.systemUser, org) ?? '')
      : '';
    setConfirmedTargets(db, id, assets, systemUser);
    performAction(db, id, seed.outcome.action, assignee, 'en', created + 3 * HOUR);
    if (seed.outcome.action !== 'approve' || !systemUser) continue;
    const permission = uuid();
    insertPermission(db, {
      id: permission,
      name: `From request ticket: ${userLabel(requester)} ${id}`,
      date_start: isoAt(start),
      date_expired: isoAt(end),
      actions: actionsMask(seed.actions),
      comment: `${userLabel(requester)} request assets, approved by ${userLabel(assignee)}; ticket ${id}`,
      org_id: org,
      created_by: assignee.name,
      date_created: isoAt(created + 3 * HOUR),
      date_updated: isoAt(created + 3 * HOUR),
    });
    linkPermission(db, 'users', permission, requester.id);
    for (const asset of assets) linkPermission(db, 'assets', permission, asset);
    linkPermission(db, 'system_users', permission, systemUser);
    linkGrantedToSystemUsers(db, permission);
  }
}
