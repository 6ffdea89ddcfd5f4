// Valid bodies for the contract suite (resources' `sample()`) of the terminal resources.
import type { SampleArgs, Samples } from '../engine/types.ts';
import { uuid } from '../core/lib/ids.ts';

export function sessionSample({ seq }: SampleArgs): Samples {
  return {
    create: [0, 1].map((i) => ({
      id: uuid(),
      user: `Sample User ${seq}-${i}(sample${seq})`,
      asset: `sample-host-${seq}-${i}`,
      system_user: `sample-su-${seq}`,
      login_from: i ? 'WT' : 'ST',
      remote_addr: '127.0.0.1',
      protocol: 'ssh',
    })),
    update: { is_finished: true, has_command: true },
  };
}

export function taskSample({ seq }: SampleArgs): Samples {
  return { create: [0, 1].map(() => ({ name: 'kill_session', args: uuid() })), update: { is_finished: seq % 2 === 0 } };
}

export function storageSample(type: string, meta: Record<string, unknown>) {
  return ({ seq }: SampleArgs): Samples => ({
    create: [0, 1].map((i) => ({ name: `sample-${type}-${seq}-${i}`, type, meta, comment: `sample ${seq}` })),
    update: { comment: `updated ${seq}` },
  });
}
