export default {
  id: 7,
  name: 'task_owner_and_login_indexes',
  sql: `
      -- A task's log is shown to its creator and to the admins/auditors of the org it was started in
      -- (rows from before: '' = DEFAULT, no creator id: system roles only).
      ALTER TABLE celery_tasks ADD COLUMN creator_id TEXT NOT NULL DEFAULT '';
      ALTER TABLE celery_tasks ADD COLUMN org_id TEXT NOT NULL DEFAULT '';
      -- A password change ends every login of that user.
      CREATE INDEX sessions_user ON sessions (user_id);
      CREATE INDEX bearer_tokens_user ON bearer_tokens (user_id);
    `,
};
