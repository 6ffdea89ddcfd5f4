// Fields only this project's server has (a terminal's web door, its recording uploads) must leave no trace
// against a 2.3 core, whose metadata and objects lack them: no column of blanks, no detail row of dashes.
import { expect } from '@open-wc/testing';
import { metaToColumns } from '../../../src/core/resource/columns.ts';
import type { FieldsMeta } from '../../../src/core/resource/metadata.ts';
import { DetailCard } from '../../../src/core/engine/detail/DetailCard.tsx';
import { cleanup, mount, waitFor, type Mounted } from '../engine/support.tsx';

const CORE_2_3: FieldsMeta = {
  name: { type: 'string', label: '名称' },
  remote_addr: { type: 'string', label: '远端地址' },
};
const OURS: FieldsMeta = {
  ...CORE_2_3,
  replay_state: { type: 'choice', label: '录像上传' },
  http_host: { type: 'string', label: 'Web 终端地址' },
};

describe('fields only this server has', () => {
  let mounted: Mounted | undefined;
  afterEach(() => cleanup(undefined, mounted));

  it('a describedOnly column appears only when the metadata describes it, labelled or not', () => {
    const overrides = {
      replay_state: { label: 'Recording uploads', describedOnly: true },
      uptime: { label: 'Up for' },
    };
    expect(metaToColumns(CORE_2_3, ['name', 'replay_state', 'uptime'], { overrides }).map((c) => c.prop)).to.deep.equal(
      ['name', 'uptime'],
    );
    expect(metaToColumns(OURS, ['name', 'replay_state', 'uptime'], { overrides }).map((c) => c.prop)).to.deep.equal([
      'name',
      'replay_state',
      'uptime',
    ]);
  });

  it('the detail card leaves out a field the server neither describes nor sends, keeps drawn rows', async () => {
    const fields = ['name', 'remote_addr', 'http_host', 'replay_pending', 'duration'];
    const render = { duration: () => '3m' };
    mounted = mount(
      <DetailCard
        title="t"
        object={{ name: 'koko', remote_addr: '127.0.0.1', replay_pending: 0 }}
        fields={fields}
        meta={CORE_2_3}
        render={render}
      />,
    );
    await waitFor(() => mounted!.root.querySelectorAll('tr').length > 0);
    const rows = () => [...mounted!.root.querySelectorAll('tr')].map((row) => row.getAttribute('data-field'));
    expect(rows()).to.deep.equal(['name', 'remote_addr', 'replay_pending', 'duration']);
    mounted.unmount();
    mounted = undefined;
    mounted = mount(<DetailCard title="t" object={{ name: 'koko' }} fields={fields} meta={OURS} render={render} />);
    await waitFor(() => mounted!.root.querySelectorAll('tr').length > 0);
    expect(rows()).to.deep.equal(['name', 'remote_addr', 'http_host', 'duration']);
  });
});
