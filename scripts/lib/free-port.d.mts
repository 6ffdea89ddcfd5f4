// Types of free-port.mjs for the server tests that need a port nothing listens on.
export function freePort(): Promise<number>;
