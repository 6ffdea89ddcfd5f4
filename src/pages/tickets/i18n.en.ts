import type { Translation } from '../../core/i18n/index.ts';
import type { zh } from './i18n.ts';

// Loaded when the console speaks English (core/i18n registerMessages); the type keeps its keys those of zh.
const en: Translation<typeof zh> = {
  tickets: {
    tabs: { mine: 'My tickets', assigned: 'Assigned to me' },
    request: 'Request asset permission',
    state: { open: 'Open', approved: 'Approved', rejected: 'Rejected', closed: 'Closed' },
    groups: { basic: 'Basic', request: 'Requested permission' },
    field: {
      ips: 'IP group',
      ipsHelp: 'IP addresses separated by commas',
      hostname: 'Hostname',
      hostnameHelp: 'Fuzzy match',
      actions: 'Actions',
      org: 'Organization',
      assignees: 'Assignees',
      window: 'Window',
    },
    info: {
      title: 'Ticket',
      request: 'Request',
      assignees: 'Assignees',
      assignee: 'Assignee',
      org: 'Organization',
      actions: 'Actions',
    },
    comments: { title: 'Messages', reply: 'Reply', empty: 'No messages yet', placeholder: 'Write a reply' },
    act: {
      title: 'Review',
      assets: 'Assets',
      systemUser: 'System user',
      approve: 'Accept',
      reject: 'Reject',
      close: 'Close',
      needBoth: 'Confirm the assets and the system user first',
      approved: 'Ticket approved',
      rejected: 'Ticket rejected',
      closed: 'Ticket closed',
      replied: 'Reply sent',
      confirmReject: 'Reject this ticket?',
      confirmClose: 'Close this ticket?',
    },
    badIp: 'Not a valid IP address: {{ip}}',
    windowOrder: 'Date expired must be later than date start',
  },
};

export default en;
