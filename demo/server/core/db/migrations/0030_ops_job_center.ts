export default {
  id: 30,
  name: 'ops_job_center',
  sql: `
      -- The job center (§2.7, 2.3's ops Task / AdHoc / AdHocExecution): every job the task runner takes is a
      -- task (one per name and org), its versions (what it ran: module and arguments, hosts, run-as) and its
      -- runs. A run's id is its runner task's id (celery_tasks), whose log is the run's log.
      CREATE TABLE ops_tasks (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, interval INTEGER NOT NULL DEFAULT 24, crontab TEXT NOT NULL DEFAULT '',
        is_periodic INTEGER NOT NULL DEFAULT 0, callback TEXT NOT NULL DEFAULT '', is_deleted INTEGER NOT NULL DEFAULT 0,
        comment TEXT NOT NULL DEFAULT '', date_created TEXT NOT NULL, date_updated TEXT NOT NULL,
        latest_adhoc TEXT, latest_execution TEXT, total_run_amount INTEGER NOT NULL DEFAULT 0,
        success_run_amount INTEGER NOT NULL DEFAULT 0, created_by TEXT NOT NULL DEFAULT '', org_id TEXT NOT NULL DEFAULT '',
        UNIQUE (org_id, name)
      );
      CREATE INDEX ops_tasks_org_date ON ops_tasks (org_id, date_updated);
      -- A version. \`job\` is the runner's job record (tasks/job-record.ts): what "run again" builds anew.
      CREATE TABLE ops_adhocs (
        id TEXT PRIMARY KEY, task TEXT NOT NULL REFERENCES ops_tasks(id) ON DELETE CASCADE,
        tasks TEXT NOT NULL DEFAULT '[]', pattern TEXT NOT NULL DEFAULT 'all', options TEXT NOT NULL DEFAULT '{}',
        hosts TEXT NOT NULL DEFAULT '[]', run_as_admin INTEGER NOT NULL DEFAULT 0, run_as TEXT NOT NULL DEFAULT '',
        become TEXT NOT NULL DEFAULT '{}', job TEXT NOT NULL, created_by TEXT NOT NULL DEFAULT '',
        date_created TEXT NOT NULL, org_id TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX ops_adhocs_task ON ops_adhocs (task, date_created);
      CREATE TABLE ops_adhoc_executions (
        id TEXT PRIMARY KEY, task TEXT REFERENCES ops_tasks(id) ON DELETE SET NULL, task_display TEXT NOT NULL DEFAULT '',
        adhoc TEXT REFERENCES ops_adhocs(id) ON DELETE SET NULL, hosts_amount INTEGER NOT NULL DEFAULT 0,
        date_start TEXT NOT NULL, date_finished TEXT, timedelta REAL NOT NULL DEFAULT 0,
        is_finished INTEGER NOT NULL DEFAULT 0, is_success INTEGER NOT NULL DEFAULT 0,
        result TEXT NOT NULL DEFAULT '{}', summary TEXT NOT NULL DEFAULT '{}', created_by TEXT NOT NULL DEFAULT '',
        org_id TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX ops_adhoc_executions_task ON ops_adhoc_executions (task, date_start);
      CREATE INDEX ops_adhoc_executions_adhoc ON ops_adhoc_executions (adhoc, date_start);
      CREATE INDEX ops_adhoc_executions_org ON ops_adhoc_executions (org_id, date_start);
      -- Batch commands are real now: a seeded row is a sample (kept only until a real run exists) and says so.
      ALTER TABLE command_executions ADD COLUMN is_sample INTEGER NOT NULL DEFAULT 0;
      UPDATE command_executions SET is_sample = 1;
      CREATE INDEX command_executions_user ON command_executions (user, date_created);
    `,
};
