// The terminal's heartbeat: every interval it reports its open sessions and load on terminals/status/,
// and its data folder's state (free space, the storage fault in force and the last one: fields a 2.3
// server ignores), and the answer brings the pending tasks; a kill_session task ends that session (with a
// message to its user) and is marked finished.
import { freemem, loadavg, totalmem } from 'node:os';
import type { Services } from './services.ts';

interface Task {
  id: string;
  name: string;
  args: string;
}

const CONFIG_REFRESH_MS = 60_000;

export async function beat(services: Services): Promise<void> {
  const sessions = [...services.sessions.keys()];
  const tasks = await services.api.post<Task[]>('/api/v1/terminal/terminals/status/', {
    sessions,
    session_online: sessions.length,
    cpu_load: Number(loadavg()[0].toFixed(2)),
    memory_used: totalmem() - freemem(),
    ...services.storage.report(),
    // Our extension (server: terminal/terminal-report.ts): where the doors listen, and the object-store uploads.
    ...(services.doors
      ? { ssh_port: services.doors.sshPort, http_port: services.doors.httpPort, http_host: services.doors.httpHost }
      : {}),
    replay_store: services.recordings.status(),
  });
  for (const task of Array.isArray(tasks) ? tasks : []) {
    if (task.name === 'kill_session') {
      const session = services.sessions.get(String(task.args));
      // The task is done once the session is gone; ending it uploads in the background.
      if (session) void session.end('killed');
    }
    try {
      await services.api.patch(`/api/v1/terminal/tasks/${encodeURIComponent(task.id)}/`, { is_finished: true });
    } catch (error) {
      services.log(`task ${task.id} not marked finished: ${(error as Error).message}`);
    }
  }
}

/** Beats every `seconds` until the returned stop function is called. */
export function startHeartbeat(services: Services, seconds: number): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let configAt = Date.now();
  const loop = async () => {
    try {
      await beat(services);
      // Settings changed in the console (sign-in methods, page size, idle time) reach the doors within a minute.
      if (Date.now() - configAt >= CONFIG_REFRESH_MS) {
        configAt = Date.now();
        Object.assign(services.config, await services.api.get('/api/v1/terminal/terminals/config/'));
      }
    } catch (error) {
      services.log(`heartbeat failed: ${(error as Error).message}`);
    }
    if (!stopped) timer = setTimeout(loop, seconds * 1000);
  };
  void loop();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
