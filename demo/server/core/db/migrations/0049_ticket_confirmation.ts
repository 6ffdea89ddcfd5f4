export default {
  id: 49,
  name: 'ticket_confirmation',
  // What an assignee of a request ticket confirmed, frozen when they confirmed it (tickets/confirmation.ts):
  // JSON {assets, system_user, actions, date_start, date_expired}. Approval grants exactly this; the
  // requester changing the request empties it (and the confirmed fields), so it must be confirmed again.
  sql: `
      ALTER TABLE tickets ADD COLUMN confirmation TEXT;
    `,
};
