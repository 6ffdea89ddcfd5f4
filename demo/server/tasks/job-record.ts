// A job as data (see jobs.ts): what the runner is told a task does, and the 2.3 AdHoc version that job
// is recorded as. Imports nothing, so the runner, the work modules and the job center all may use it.

/** The two jobs on assets over their admin user. */
export type AssetAction = 'test' | 'refresh';

export type JobRecord =
  | { kind: 'assets'; action: AssetAction; assets: string[] }
  | { kind: 'system_user_test'; system_user: string; assets: string[] }
  | { kind: 'push'; system_user: string; assets: string[]; username?: string }
  | { kind: 'asset_user_test'; accounts: string[]; assets: string[] }
  /** A batch command: built by ops/command-executions.ts (it checks grants and filters first). */
  | { kind: 'command'; command: string; run_as: string; hosts: string[]; user: string };

/** 2.3's AdHoc `tasks`: one Ansible task, `{name, action: {module, args}}`. */
export interface AdhocTask {
  name: string;
  action: { module: string; args: string };
}

/** The version fields of a job (2.3's AdHoc), the same for the same job so that versions repeat. */
export interface AdhocShape {
  tasks: AdhocTask[];
  pattern: string;
  options: Record<string, unknown>;
  hosts: string[];
  run_as_admin: boolean;
  run_as: string;
  become: Record<string, unknown>;
}

const OPTIONS = { timeout: 10, forks: 10 };

/** What 2.3 would have stored as the AdHoc of this job (its modules are the Ansible ones it used). */
export function adhocShape(job: JobRecord): AdhocShape {
  const base = { pattern: 'all', options: OPTIONS, become: {} };
  switch (job.kind) {
    case 'assets':
      return job.action === 'test'
        ? {
            ...base,
            tasks: [{ name: 'test_ping', action: { module: 'ping', args: '' } }],
            hosts: job.assets,
            run_as_admin: true,
            run_as: '',
          }
        : {
            ...base,
            tasks: [{ name: 'get host info', action: { module: 'setup', args: '' } }],
            hosts: job.assets,
            run_as_admin: true,
            run_as: '',
          };
    case 'system_user_test':
      return {
        ...base,
        tasks: [{ name: 'ping', action: { module: 'ping', args: '' } }],
        hosts: job.assets,
        run_as_admin: false,
        run_as: job.system_user,
      };
    case 'push':
      return {
        ...base,
        tasks: [
          {
            name: `Add user ${job.username ?? ''}`.trim(),
            action: { module: 'user', args: job.username ? `name=${job.username}` : '' },
          },
        ],
        hosts: job.assets,
        run_as_admin: true,
        run_as: job.system_user,
        become: { method: 'sudo', user: 'root' },
      };
    case 'asset_user_test':
      return {
        ...base,
        tasks: [{ name: 'ping', action: { module: 'ping', args: '' } }],
        hosts: job.assets,
        run_as_admin: false,
        run_as: '',
      };
    case 'command':
      return {
        ...base,
        tasks: [{ name: 'run command', action: { module: 'shell', args: job.command } }],
        hosts: job.hosts,
        run_as_admin: false,
        run_as: job.run_as,
      };
  }
}
