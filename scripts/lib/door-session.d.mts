export function openDoorSession(
  call: (method: string, path: string, body?: unknown) => Promise<any>,
  options: { username: string; password: string; remoteAddr?: string; org?: string },
): Promise<{ id: string; start: number }>;
