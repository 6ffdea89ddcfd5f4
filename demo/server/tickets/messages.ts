// Ticket texts (zh, en), 2.3's where it has them (apps/tickets/exceptions.py, api/request_asset_perm.py).
import { L } from '../core/lib/i18n.ts';

export const TICKET_TEXT = {
  closed: L('工单已关闭', 'Ticket closed'),
  onlyAssignee: L('只有审批人可以操作工单', 'Only assignee can operate ticket'),
  cannotOperate: L('工单不能被操作', 'Ticket can not be operated'),
  succeed: L('成功', 'Succeed'),
  confirmAssets: L('请先确认资产', 'Confirm assets first'),
  assetsChanged: L('确认的资产已变更', 'Confirmed assets changed'),
  confirmSystemUser: L('请先确认系统用户', 'Confirm system-user first'),
  systemUserChanged: L('确认的系统用户已变更', 'Confirmed system-user changed'),
  notOrgAdmin: L('只有该组织的管理员可以审批此工单', "Only an admin of the ticket's organization can approve it"),
  invalidOrg: L('无效的 `org_id`', 'Invalid `org_id`'),
  badAssignees: L(
    '字段 `assignees` 必须是组织管理员或者超级管理员',
    'Field `assignees` must be organization admin or superuser',
  ),
  notInOrg: L('不属于工单所在的组织: {value}', "Not in the ticket's organization: {value}"),
  windowOrder: L('失效日期必须晚于开始日期', 'Date expired must be later than date start'),
  permissionName: L('来自工单的授权: {user} {id}', 'From request ticket: {user} {id}'),
  permissionComment: L(
    '{user} 申请资产，由 {assignee} 批准；工单 {id}',
    '{user} request assets, approved by {assignee}; ticket {id}',
  ),
  /** Comment bodies as 2.3 writes them: "<user> <action> this ticket". */
  performed: L('{user} {action} 了这个工单', '{user} {action} this ticket'),
  approve: L('批准', 'Approve'),
  reject: L('拒绝', 'Reject'),
  close: L('关闭', 'Closed'),
  open: L('打开', 'Open'),
  ipGroup: L('IP组', 'IP group'),
  hostname: L('主机名', 'Hostname'),
  systemUser: L('系统用户', 'System user'),
  confirmedAssets: L('确认的资产', 'Confirmed assets'),
  confirmedSystemUser: L('确认的系统用户', 'Confirmed system user'),
  type: L('类型', 'Type'),
  user: L('用户', 'User'),
  dateStart: L('开始日期', 'Date start'),
  dateExpired: L('失效日期', 'Date expired'),
  newTicketSubject: L('新工单: {title}', 'New ticket: {title}'),
  newTicketBody: L(
    '你有一个新工单待审批\n\n{body}\n\n点击这里审批: {url}',
    'You have a new ticket to review\n\n{body}\n\nReview it here: {url}',
  ),
  repliedSubject: L('工单已被回复: {title}', 'Ticket has been replied: {title}'),
  repliedBody: L(
    '你的工单已被回复\n\n标题: {title}\n审批人: {assignee}\n状态: {status}\n\n{url}',
    'Your ticket has been replied\n\nTitle: {title}\nAssignee: {assignee}\nStatus: {status}\n\n{url}',
  ),
  approved: L('已批准', 'Approved'),
  rejected: L('已拒绝', 'Rejected'),
} as const;
