// Turns ssh2 / socket failures into the short reasons the task log and the gateway check show.

export function describeSshError(error: unknown, timeoutMs: number): string {
  const e = error as { code?: string; level?: string; message?: string };
  const message = e?.message ?? String(error);
  if (e?.level === 'client-authentication' || /authentication methods failed/i.test(message))
    return 'Authentication failed';
  if (/timed out/i.test(message)) return `Timed out after ${timeoutMs} ms`;
  switch (e?.code) {
    case 'ECONNREFUSED':
      return 'Connection refused';
    case 'EHOSTUNREACH':
      return 'No route to host';
    case 'ENETUNREACH':
      return 'Network is unreachable';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'Host name could not be resolved';
    case 'ECONNRESET':
      return 'Connection reset by peer';
    // ssh2's channel-open failure on a gateway: the gateway could not reach the target port.
    case undefined:
      return /open failure/i.test(message) ? 'Connect failed' : message;
    default:
      return message;
  }
}

/** Rejects with `message` if `promise` has not settled after `ms`; `onTimeout` releases resources. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string, onTimeout?: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      onTimeout?.();
      reject(new Error(message));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
