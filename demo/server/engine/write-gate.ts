// A CSV import writes in one transaction that spans many turns of the event loop (so other requests
// are served meanwhile). SQLite has one writer and this server one connection: a write by another
// request in between would land inside the import's transaction (and vanish with its rollback).
// So while an import writes, requests with unsafe methods wait here, just before their handler;
// reads go on. Imports themselves take the gate one at a time.
import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

export class WriteGate {
  private held: Promise<void> | null = null;

  /** Resolves once no import is writing. */
  async idle(): Promise<void> {
    while (this.held) await this.held;
  }

  /** Waits for the gate, takes it and returns the function that gives it back. */
  async acquire(): Promise<() => void> {
    // No await between the last check and taking it: two imports cannot both get through.
    while (this.held) await this.held;
    let release!: () => void;
    this.held = new Promise<void>((resolve) => {
      release = resolve;
    });
    return () => {
      this.held = null;
      release();
    };
  }
}

const gates = new WeakMap<FastifyInstance, WriteGate>();

export function writeGateOf(app: FastifyInstance): WriteGate {
  let gate = gates.get(app);
  if (!gate) {
    gate = new WriteGate();
    gates.set(app, gate);
  }
  return gate;
}

export function registerWriteGate(app: FastifyInstance): void {
  const gate = writeGateOf(app);
  app.addHook('preHandler', async (request) => {
    if (!SAFE_METHODS.has(request.method)) await gate.idle();
  });
}
