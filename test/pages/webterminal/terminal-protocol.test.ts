// The web terminal's side of the socket contract (helper brief §3): which frames it acts on, what it
// sends, and where the socket is opened (this origin, or the API's when api-base points elsewhere).
import { expect } from '@open-wc/testing';
import { setApiBase } from '../../../src/core/http.ts';
import { terminalSocketUrl } from '../../../src/pages/webterminal/api.ts';
import { dataFrame, parseServerFrame, resizeFrame } from '../../../src/pages/webterminal/terminal-protocol.ts';

describe('web terminal socket frames', () => {
  afterEach(() => setApiBase(''));

  it('reads data and close frames and ignores anything else', () => {
    expect(parseServerFrame('{"type":"data","data":"hello\\r\\n"}')).to.deep.equal({ type: 'data', data: 'hello\r\n' });
    expect(parseServerFrame('{"type":"close","reason":"Session terminated"}')).to.deep.equal({
      type: 'close',
      reason: 'Session terminated',
    });
    expect(parseServerFrame('{"type":"close"}')).to.deep.equal({ type: 'close', reason: '' });
    for (const junk of [
      '',
      'not json',
      'null',
      '[]',
      '{"type":"data","data":5}',
      '{"type":"exec","data":"x"}',
      new ArrayBuffer(2),
    ]) {
      expect(parseServerFrame(junk)).to.equal(null);
    }
  });

  it('sends keystrokes and sizes as JSON text', () => {
    expect(JSON.parse(dataFrame('ls\r'))).to.deep.equal({ type: 'data', data: 'ls\r' });
    expect(JSON.parse(resizeFrame(132, 43))).to.deep.equal({ type: 'resize', cols: 132, rows: 43 });
  });

  it('opens the socket on this origin, or on the API origin with the matching scheme', () => {
    const here = new URL(terminalSocketUrl('t/1+', 80, 24));
    expect([here.protocol, here.host, here.pathname]).to.deep.equal(['ws:', location.host, '/koko/ws/terminal/']);
    expect(Object.fromEntries(here.searchParams)).to.deep.equal({ token: 't/1+', cols: '80', rows: '24' });
    setApiBase('https://bastion.example:8443/');
    expect(terminalSocketUrl('abc', 100, 30)).to.equal(
      'wss://bastion.example:8443/koko/ws/terminal/?token=abc&cols=100&rows=30',
    );
  });
});
