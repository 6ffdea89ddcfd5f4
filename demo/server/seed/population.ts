// The demo population. Usernames of the first six are relied on by the console's tests and docs.
import type { OrgRole, SystemRole } from '../core/context.ts';

export interface SeedUser {
  username: string;
  name: string;
  email: string;
  role: SystemRole;
  firstLogin?: boolean;
  orgs?: Record<string, OrgRole[]>;
  phone?: string;
  wechat?: string;
  comment?: string;
}

export const SEED_ORGS = [
  { name: 'Engineering', comment: 'Product development and build infrastructure' },
  { name: 'Operations', comment: 'Production servers, databases and network gear' },
];

export const SEED_USERS: SeedUser[] = [
  {
    username: 'admin',
    name: 'Administrator',
    email: 'admin@bastion.example.com',
    role: 'Admin',
    comment: 'Built-in super administrator',
  },
  { username: 'sysauditor', name: 'System Auditor', email: 'auditor@bastion.example.com', role: 'Auditor' },
  {
    username: 'orgadmin',
    name: 'Olivia Chen',
    email: 'olivia.chen@bastion.example.com',
    role: 'User',
    orgs: { Engineering: ['Admin'] },
  },
  {
    username: 'orgauditor',
    name: 'Oscar Wang',
    email: 'oscar.wang@bastion.example.com',
    role: 'User',
    orgs: { Engineering: ['Auditor'] },
  },
  {
    username: 'user',
    name: 'Demo User',
    email: 'user@bastion.example.com',
    role: 'User',
    orgs: { Engineering: ['User'] },
  },
  { username: 'newuser', name: 'New User', email: 'newuser@bastion.example.com', role: 'User', firstLogin: true },
  {
    username: 'liwei',
    name: '李伟',
    email: 'li.wei@bastion.example.com',
    role: 'User',
    orgs: { Engineering: ['User'] },
    phone: '13800138001',
  },
  {
    username: 'zhangmin',
    name: '张敏',
    email: 'zhang.min@bastion.example.com',
    role: 'User',
    orgs: { Operations: ['User'] },
    wechat: 'zhangmin_ops',
  },
  {
    username: 'wangfang',
    name: '王芳',
    email: 'wang.fang@bastion.example.com',
    role: 'User',
    orgs: { Operations: ['Admin'] },
  },
  {
    username: 'jsmith',
    name: 'John Smith',
    email: 'john.smith@bastion.example.com',
    role: 'User',
    orgs: { Engineering: ['User'], Operations: ['User'] },
  },
  {
    username: 'mgarcia',
    name: 'Maria Garcia',
    email: 'maria.garcia@bastion.example.com',
    role: 'User',
    orgs: { Operations: ['Auditor'] },
  },
  {
    username: 'akumar',
    name: 'Arjun Kumar',
    email: 'arjun.kumar@bastion.example.com',
    role: 'User',
    orgs: { Engineering: ['User'] },
  },
  {
    username: 'ewilson',
    name: 'Emma Wilson',
    email: 'emma.wilson@bastion.example.com',
    role: 'User',
    orgs: { Operations: ['User'] },
  },
  {
    username: 'chenjie',
    name: '陈杰',
    email: 'chen.jie@bastion.example.com',
    role: 'User',
    comment: 'Contractor, DEFAULT organisation only',
  },
];

/** User groups per org ('' = DEFAULT) and their members by username (members of that org). */
export const SEED_GROUPS: { org: string; name: string; comment: string; members: string[] }[] = [
  { org: '', name: 'Contractors', comment: 'External staff with time-limited access', members: ['chenjie', 'newuser'] },
  { org: '', name: 'Everyone', comment: 'All staff', members: ['user', 'liwei', 'jsmith', 'zhangmin'] },
  { org: 'Engineering', name: 'Developers', comment: 'Application developers', members: ['user', 'liwei', 'akumar'] },
  { org: 'Engineering', name: 'Build team', comment: 'CI and build infrastructure', members: ['jsmith'] },
  { org: 'Operations', name: 'SRE', comment: 'Site reliability engineers', members: ['zhangmin', 'ewilson'] },
  { org: 'Operations', name: 'DBA', comment: 'Database administrators', members: ['jsmith'] },
];
