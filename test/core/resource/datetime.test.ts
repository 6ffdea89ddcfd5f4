import { expect } from '@open-wc/testing';
import { commitDateTime, displayDateTime, formatServer, parseDateTime } from '../../../src/core/resource/datetime.ts';

describe('form date-times', () => {
  it('reads the server format, ISO and typed local wall time', () => {
    expect(parseDateTime('2096-11-24 08:00:00 +0800')?.toISOString()).to.equal('2096-11-24T00:00:00.000Z');
    expect(parseDateTime('2020-09-16T11:55:18.123Z')?.toISOString()).to.equal('2020-09-16T11:55:18.000Z');
    expect(parseDateTime('2031-05-06 07:08:09')?.getTime()).to.equal(new Date(2031, 4, 6, 7, 8, 9).getTime());
  });

  it('refuses other shapes and dates that do not exist', () => {
    for (const bad of ['12/31/2030', '2024-02-31 00:00:00', '2024-13-01 00:00:00', '2024-01-01 24:00:00', '', 'soon']) {
      expect(parseDateTime(bad), bad).to.equal(null);
    }
  });

  it('round-trips a server value through what the field shows and sends', () => {
    const server = formatServer(new Date(2031, 4, 6, 7, 8, 9));
    expect(displayDateTime(server)).to.equal('2031-05-06 07:08:09');
    expect(commitDateTime(displayDateTime(server))).to.equal(server);
    expect(commitDateTime('12/31/2030'), 'unreadable text kept as typed').to.equal('12/31/2030');
    expect(commitDateTime('  ')).to.equal(null);
  });
});
