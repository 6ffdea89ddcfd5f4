export function recordSession(bastion: string, options: { bootstrap: string; username: string; password: string }): Promise<string>;
