// Asset and system-user tasks over SSH as one plugin: the runner (`app.tasks`), its endpoints and pages, and
// what starts on a committed create (register.ts).
import type { TargetPolicy } from '../../shared/allowed-targets.ts';
import { featurePlugin } from '../engine/feature-plugin.ts';
import { registerTaskRoutes } from './register.ts';

export const tasksPlugin = featurePlugin<{ sshTimeoutMs?: number; policy: TargetPolicy }>('tasks', registerTaskRoutes);
