// Seeking restores a snapshot and replays the rest: the screen must equal a replay from the start,
// whatever the recording did before (colours, cursor moves, the alternate screen, a resize).
import { expect } from '@open-wc/testing';
import { SerializeAddon } from '@xterm/addon-serialize';
import { Terminal } from '@xterm/headless/lib-headless/xterm-headless.mjs';
import { Keyframes } from '../../../../src/pages/terminal/replay/keyframes.ts';
import { Timeline } from '../../../../src/pages/terminal/replay/timeline.ts';
import { waitFor } from '../../../helpers/dom.ts';

function recording(): Timeline {
  const timeline = new Timeline();
  timeline.header = { cols: 40, rows: 10 };
  for (let i = 0; i < 400; i += 1) {
    const t = i * 0.25;
    if (i === 150) timeline.push(t, { cols: 50, rows: 12 });
    else if (i === 200) timeline.push(t, '\x1b[?1049h\x1b[H\x1b[2Jfull-screen editor\x1b[5;3H\x1b[7mselected\x1b[0m');
    else if (i === 260) timeline.push(t, '\x1b[?1049l');
    else
      timeline.push(
        t,
        `\x1b[3${i % 8}mline ${i}\x1b[0m ${'x'.repeat(i % 30)}\r\n${i % 7 === 0 ? '\x1b[2A\x1b[4Cover' : ''}`,
      );
  }
  timeline.complete = true;
  return timeline;
}

/** The screen after `count` events, as escape sequences, drawn from `start` (a snapshot) then events [from, count). */
async function screenAfter(
  timeline: Timeline,
  count: number,
  start = { cols: 40, rows: 10, screen: '', index: 0 },
): Promise<string> {
  const terminal = new Terminal({ cols: start.cols, rows: start.rows, scrollback: 0, allowProposedApi: true });
  const serializer = new SerializeAddon();
  terminal.loadAddon(serializer as never);
  terminal.write(start.screen);
  for (let i = start.index; i < count; i += 1) {
    const data = timeline.data[i];
    if (typeof data === 'string') terminal.write(data);
    else terminal.write('', () => terminal.resize(data.cols, data.rows));
  }
  await new Promise<void>((resolve) => terminal.write('', resolve));
  const text = serializer.serialize({ scrollback: 0 });
  terminal.dispose();
  return text;
}

describe('replay keyframes', () => {
  it('snapshots the screen every few seconds, and a snapshot plus the rest equals a replay from the start', async () => {
    const timeline = recording();
    const keyframes = new Keyframes(timeline);
    let complete = false;
    keyframes.onIndexed = (_seconds, done) => {
      complete = complete || done;
    };
    await keyframes.start();
    await waitFor(() => complete, 10_000, 'the snapshots to cover the recording');
    expect(keyframes.frames.length).to.be.greaterThan(8); // 100 s, one at least every 10 s
    expect(keyframes.frames.map((f) => f.index)).to.deep.equal(
      [...keyframes.frames.map((f) => f.index)].sort((a, b) => a - b),
    );
    for (const count of [37, 151, 205, 230, 263, 399]) {
      const frame = keyframes.nearest(count);
      expect(frame.index).to.be.at.most(count);
      expect(frame.index, `a snapshot near event ${count}`).to.be.greaterThan(count - 45);
      expect(await screenAfter(timeline, count, frame), `screen after ${count} events`).to.equal(
        await screenAfter(timeline, count),
      );
    }
    expect(keyframes.nearest(205).cols).to.equal(50); // taken after the resize
    keyframes.dispose();
  });

  it("keeps a snapshot at each marked second (a command's): restoring it is the screen after every event up to that second", async () => {
    const timeline = recording();
    const keyframes = new Keyframes(timeline);
    const marks = [80.25, 3.1, 37.5, 52, 37.6, 200]; // any order; 200 is after the last event (99.75 s)
    keyframes.markAt(marks);
    let complete = false;
    keyframes.onIndexed = (_seconds, done) => {
      complete = complete || done;
    };
    await keyframes.start();
    await waitFor(() => complete, 10_000, 'the snapshots to cover the recording');
    for (const second of marks) {
      const count = timeline.countUntil(second);
      const frame = keyframes.nearest(count);
      expect(frame.index, `the snapshot of second ${second}`).to.equal(count);
      expect(await screenAfter(timeline, count, frame), `screen at ${second} s`).to.equal(
        await screenAfter(timeline, count),
      );
    }
    keyframes.dispose();
  });
});
