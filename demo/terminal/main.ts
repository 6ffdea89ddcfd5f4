// `tsx demo/terminal/main.ts`: the terminal component on its own (npm start runs it beside the server).
// Settings from env (see README.md); SIGTERM/SIGINT end every open session, upload the recordings and exit.
import { optionsFromEnv } from './config.ts';
import { startTerminal } from './terminal.ts';

const terminal = await startTerminal(optionsFromEnv());

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    terminal.stop().then(() => process.exit(0), (error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  });
}
