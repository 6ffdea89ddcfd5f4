// The player's options and targets as asciinema-player defines them, without a screen: an idle time
// limit cutting pauses (and where seconds of the session land then), the recording's markers, the
// `markers` option, seek targets, posters, `fit` and the font sizes, and the keys.
import { expect } from '@open-wc/testing';
import { streamCast } from '../../../../src/pages/terminal/replay/cast-stream.ts';
import { keyAction } from '../../../../src/pages/terminal/replay/keys.ts';
import {
  nextMarker,
  parseMarkers,
  playerMarkers,
  previousMarker,
} from '../../../../src/pages/terminal/replay/markers.ts';
import { nptSeconds, parsePoster } from '../../../../src/pages/terminal/replay/poster.ts';
import { fitMode, fontSizeCss } from '../../../../src/pages/terminal/replay/screen-fit.ts';
import { seekSeconds, type SeekContext } from '../../../../src/pages/terminal/replay/seek-target.ts';
import { Timeline } from '../../../../src/pages/terminal/replay/timeline.ts';

const cast = (header: Record<string, unknown>, events: unknown[][]) =>
  URL.createObjectURL(
    new Blob([
      [JSON.stringify({ version: 2, width: 80, height: 24, ...header }), ...events.map((e) => JSON.stringify(e))].join(
        '\n',
      ),
    ]),
  );
const read = async (url: string, timeline = new Timeline()) => {
  await streamCast(url, timeline, { onProgress: () => {}, signal: new AbortController().signal });
  return timeline;
};
const commands = [
  { id: 'c1', input: 'ls', timestamp: 0, offset: 2 },
  { id: 'c2', input: 'df -h', timestamp: 0, offset: 30 },
];

describe('replay player options', () => {
  it('cuts pauses longer than the idle time limit, from the recording header or the player, and places seconds of the session on that clock', async () => {
    const events = [
      [1, 'o', 'a'],
      [11, 'o', 'b'],
      [11.5, 'm', 'half'],
      [12, 'o', 'c'],
      [40, 'o', 'd'],
    ];
    const own = await read(cast({ idle_time_limit: 2 }, events));
    expect(own.idleLimit).to.equal(2);
    // 1 → 1; a 10 s pause cut to 2 → 3; 3.5; 4; a 28 s pause cut to 2 → 6.
    expect(own.times).to.deep.equal([1, 3, 4, 6]);
    expect(own.markers).to.deep.equal([{ time: 3.5, label: 'half' }]);
    expect(own.duration).to.equal(6);
    expect([0, 1, 5, 11, 12, 30, 40].map((s) => own.playTime(s))).to.deep.equal([0, 1, 3, 3, 4, 6, 6]);
    // The player's limit wins over the recording's.
    const player = await read(cast({ idle_time_limit: 2 }, events), new Timeline(5));
    expect(player.times).to.deep.equal([1, 6, 7, 12]);
    // No limit: seconds are the recording's.
    const none = await read(cast({}, events));
    expect(none.limited).to.equal(false);
    expect(none.times).to.deep.equal([1, 11, 12, 40]);
    expect(none.playTime(25)).to.equal(25);
  });

  it("takes markers as asciinema-player does, else the recording's, else the commands", () => {
    expect(parseMarkers([[40, 'forty'], 5, [12.5], 'x', [-1, 'no'], null])).to.deep.equal([
      { time: 5, label: '' },
      { time: 12.5, label: '' },
      { time: 40, label: 'forty' },
    ]);
    expect(parseMarkers(7)).to.deep.equal([{ time: 7, label: '' }]);
    expect(parseMarkers('[5]')).to.equal(undefined);
    const recorded = [{ time: 3, label: 'rec' }];
    expect(playerMarkers([{ time: 1, label: 'opt' }], recorded, commands)).to.deep.equal([{ time: 1, label: 'opt' }]);
    expect(playerMarkers(undefined, recorded, commands)).to.deep.equal(recorded);
    expect(playerMarkers(undefined, [], commands)).to.deep.equal([
      { time: 2, label: 'ls' },
      { time: 30, label: 'df -h' },
    ]);
    const markers = [
      { time: 10, label: '' },
      { time: 20, label: '' },
    ];
    expect([nextMarker(markers, 0, 50), nextMarker(markers, 10, 50), nextMarker(markers, 20, 50)]).to.deep.equal([
      10, 20, 50,
    ]);
    expect([
      previousMarker(markers, 25, false),
      previousMarker(markers, 20, false),
      previousMarker(markers, 5, false),
    ]).to.deep.equal([20, 10, 0]);
    // Playing just past a marker, back means the one before it.
    expect([previousMarker(markers, 20.5, true), previousMarker(markers, 21.5, true)]).to.deep.equal([10, 20]);
  });

  it('resolves seek targets: seconds, percentages, 5 s and a tenth either way, markers and command ids', () => {
    const at: SeekContext = {
      position: 20,
      duration: 60,
      playing: false,
      markers: [
        { time: 10, label: '' },
        { time: 45, label: '' },
      ],
      commands,
    };
    expect(['<<', '>>', '<<<', '>>>', '50%', '12.5'].map((to) => seekSeconds(to, at))).to.deep.equal([
      15, 25, 14, 26, 30, 12.5,
    ]);
    expect(seekSeconds(33, at)).to.equal(33);
    expect(seekSeconds('c2', at)).to.equal(30);
    expect([
      seekSeconds({ marker: 1 }, at),
      seekSeconds({ marker: 'prev' }, at),
      seekSeconds({ marker: 'next' }, at),
    ]).to.deep.equal([45, 10, 45]);
    expect(() => seekSeconds('no-such-command', at)).to.throw(RangeError);
    expect(() => seekSeconds({ marker: 2 }, at)).to.throw(RangeError);
    expect(() => seekSeconds(Number.NaN, at)).to.throw(RangeError);
  });

  it('reads posters: a frame at npt time, or text', () => {
    expect(['83', '1:23', '1:02:03', '0.5', 'x', '1:2:3:4', ''].map(nptSeconds)).to.deep.equal([
      83,
      83,
      3723,
      0.5,
      NaN,
      NaN,
      NaN,
    ]);
    expect(parsePoster('npt:1:23')).to.deep.equal({ type: 'frame', time: 83 });
    expect(parsePoster('data:text/plain,\x1b[1;32mHello\nworld')).to.deep.equal({
      type: 'text',
      text: '\x1b[1;32mHello\r\nworld',
    });
    expect([parsePoster('npt:soon'), parsePoster('https://example.com/p.png'), parsePoster(undefined)]).to.deep.equal([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('reads fit and the terminal font sizes', () => {
    expect([undefined, 'width', 'height', 'both', 'none', 'false', false, 'wide'].map(fitMode)).to.deep.equal([
      'width',
      'width',
      'height',
      'both',
      'none',
      'none',
      'none',
      'width',
    ]);
    expect([undefined, 'small', 'medium', 'big', '15px', '1.2em'].map(fontSizeCss)).to.deep.equal([
      '12px',
      '12px',
      '18px',
      '24px',
      '15px',
      '1.2em',
    ]);
  });

  it("maps the keys, leaving modified keys and a focused control's own keys alone", () => {
    const key = (k: string, extra: Partial<{ shiftKey: boolean; ctrlKey: boolean; target: EventTarget | null }> = {}) =>
      keyAction({ key: k, shiftKey: false, altKey: false, ctrlKey: false, metaKey: false, target: null, ...extra });
    expect(key(' ')).to.deep.equal({ kind: 'toggle' });
    expect([key('ArrowLeft'), key('ArrowRight', { shiftKey: true }), key('7'), key('0')]).to.deep.equal([
      { kind: 'seek', to: '<<' },
      { kind: 'seek', to: '>>>' },
      { kind: 'seek', to: '70%' },
      { kind: 'seek', to: '0%' },
    ]);
    expect([key('.'), key(','), key('['), key(']'), key('f'), key('ArrowDown')]).to.deep.equal([
      { kind: 'step', frames: 1 },
      { kind: 'step', frames: -1 },
      { kind: 'seek', to: { marker: 'prev' } },
      { kind: 'seek', to: { marker: 'next' } },
      { kind: 'fullscreen' },
      { kind: 'speed', by: -1 },
    ]);
    expect(key('f', { ctrlKey: true })).to.equal(null);
    expect(key('ArrowLeft', { target: document.createElement('input') })).to.equal(null);
    expect(key('f', { target: document.createElement('textarea') })).to.equal(null);
    expect(key(' ', { target: document.createElement('button') })).to.equal(null);
    expect(key('ArrowLeft', { target: document.createElement('button') })).to.deep.equal({ kind: 'seek', to: '<<' });
    expect(key('x')).to.equal(null);
  });
});
