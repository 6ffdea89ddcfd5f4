export default {
  id: 4,
  name: 'celery_tasks',
  sql: `
      -- The in-process task runner (demo/server/tasks): one row per task, its log appended line by line.
      CREATE TABLE celery_tasks (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, state TEXT NOT NULL DEFAULT 'PENDING', result TEXT,
        date_created TEXT NOT NULL, date_start TEXT, date_finished TEXT, creator TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX celery_tasks_date_created ON celery_tasks (date_created);
      CREATE TABLE celery_task_logs (
        id INTEGER PRIMARY KEY AUTOINCREMENT, task_id TEXT NOT NULL REFERENCES celery_tasks(id) ON DELETE CASCADE,
        line TEXT NOT NULL
      );
      CREATE INDEX celery_task_logs_task ON celery_task_logs (task_id, id);
    `,
};
