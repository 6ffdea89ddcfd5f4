// `tsx demo/terminal/main.ts`: the terminal component on its own (npm start runs it beside the server).
// Settings from env (see README.md); SIGTERM/SIGINT end every open session, upload the recordings and exit.
import { optionsFromEnv } from './config.ts';
import { startTerminal } from './terminal.ts';

// A promise nobody awaited that fails is a bug of ours: said loudly (tests look for "[bug]"), and the
// terminal goes on serving its open sessions instead of exiting with every one of them (Node's default).
process.on('unhandledRejection', (reason) => {
  console.error(`[bug] unhandled rejection: ${reason instanceof Error ? reason.stack : String(reason)}`);
});

const terminal = await startTerminal(optionsFromEnv());

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    terminal.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
