// The command list's clock: offsets from the session's start, the command playing at a second, and
// `start` given as seconds or as a command id; and the recording's reader.
import { expect } from '@open-wc/testing';
import { streamCast } from '../../../../src/pages/terminal/replay/cast-stream.ts';
import {
  currentCommand,
  placeCommands,
  sessionStart,
  startSeconds,
} from '../../../../src/pages/terminal/replay/replay-data.ts';
import { Timeline } from '../../../../src/pages/terminal/replay/timeline.ts';
import { waitFor } from '../../../helpers/dom.ts';

const rows = [
  { id: 'c3', input: 'df -h', timestamp: 1_700_000_090 },
  { id: 'c1', input: 'ls', timestamp: 1_700_000_010 },
  { id: 'c2', input: 'uptime', timestamp: 1_700_000_030 },
].sort((a, b) => a.timestamp - b.timestamp);

describe('replay data', () => {
  it('places commands on the recording clock from the session start', () => {
    const start = sessionStart({ id: 's', date_start: '2023-11-14 22:13:20 +0000' });
    expect(start).to.equal(1_700_000_000);
    const placed = placeCommands(rows, start);
    expect(placed.map((c) => c.offset)).to.deep.equal([10, 30, 90]);
    expect([0, 9.9, 10, 29, 30, 500].map((s) => currentCommand(placed, s))).to.deep.equal([-1, -1, 0, 0, 1, 2]);
    expect(startSeconds('c2', placed)).to.equal(30);
    expect(startSeconds('12.5', placed)).to.equal(12.5);
    expect(startSeconds(undefined, placed)).to.equal(0);
    expect(startSeconds('no-such-command', placed)).to.equal(0);
  });

  it('reads an asciicast v2 stream: output and resize events, skipping damaged lines', async () => {
    const cast = [
      JSON.stringify({ version: 2, width: 100, height: 30, timestamp: 1_700_000_000 }),
      JSON.stringify([0.5, 'o', 'hello\r\n']),
      '[1.0, "o", "broken',
      JSON.stringify([1.5, 'i', 'typed']),
      JSON.stringify([2, 'r', '120x40']),
      JSON.stringify([3, 'o', 'world']),
    ].join('\n');
    const url = URL.createObjectURL(new Blob([cast]));
    const timeline = new Timeline();
    let calls = 0;
    await streamCast(url, timeline, {
      onProgress: () => {
        calls += 1;
      },
      signal: new AbortController().signal,
    });
    expect(timeline.header).to.deep.equal({ cols: 100, rows: 30, timestamp: 1_700_000_000 });
    expect(timeline.times).to.deep.equal([0.5, 2, 3]);
    expect(timeline.data).to.deep.equal(['hello\r\n', { cols: 120, rows: 40 }, 'world']);
    expect(timeline.complete).to.equal(true);
    expect(calls).to.be.greaterThan(0);
    expect(timeline.countUntil(2)).to.equal(2);
    expect(timeline.bytesBetween(0, 2)).to.equal(7); // a resize carries no output
    expect(timeline.bytesBetween(1, 3)).to.equal(5);
  });

  it('refuses a recording that is not asciicast v2', async () => {
    const url = URL.createObjectURL(
      new Blob([`${JSON.stringify({ version: 1, width: 80, height: 24, stdout: [] })}\n`]),
    );
    const error = await streamCast(url, new Timeline(), {
      onProgress: () => {},
      signal: new AbortController().signal,
    }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).to.match(/asciicast version 1/);
  });

  it('holds the reading before the next network chunk while the gate says so, and reads on once released', async () => {
    const cast = [
      JSON.stringify({ version: 2, width: 80, height: 24 }),
      ...[0.5, 1, 2, 3, 4].map((t) => JSON.stringify([t, 'o', `at ${t}\r\n`])),
    ].join('\n');
    const url = URL.createObjectURL(new Blob([cast]));
    const timeline = new Timeline();
    let released = false;
    let release: () => void = () => {};
    let holds = 0;
    // As ReplaySource does: read while the recording reaches no further than 1 s, until released.
    const gate = () =>
      released || timeline.duration <= 1
        ? undefined
        : new Promise<void>((resolve) => {
            holds += 1;
            release = () => {
              released = true;
              resolve();
            };
          });
    const reading = streamCast(url, timeline, { onProgress: () => {}, signal: new AbortController().signal, gate });
    await waitFor(() => holds === 1, 2000, 'the reading to hold');
    // The chunk was read (a Blob is one), less its last line (no line feed yet); not the end.
    expect(timeline.times).to.deep.equal([0.5, 1, 2, 3]);
    expect(timeline.complete).to.equal(false);
    release();
    await reading;
    expect(holds).to.equal(1);
    expect(timeline.times).to.deep.equal([0.5, 1, 2, 3, 4]);
    expect(timeline.complete).to.equal(true);
  });
});
