export function openDoorSession(
  call: (method: string, path: string, body?: unknown) => Promise<unknown>,
  options: { username: string; password: string; remoteAddr?: string; org?: string; hostname?: string; startedSecondsAgo?: number },
): Promise<{ id: string; start: number; session: Record<string, unknown> }>;
