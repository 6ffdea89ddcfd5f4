// The actions of a permission as a reader meets them in a narrow form: each choice on one line
// (剪贴板复制粘贴 broke in the middle of the word), the group named by its field.
import { expect } from '@open-wc/testing';
import { BitsCheckboxes } from '../../../src/core/engine/form/BitsCheckboxes.tsx';
import { EngineStyle } from '../../../src/core/engine/EngineStyle.tsx';
import { findAll, mount, settle, type Mounted } from './support.tsx';

const OPTIONS = ['全部', '连接', '上传文件', '下载文件', '上传下载', '剪贴板复制', '剪贴板粘贴', '剪贴板复制粘贴'].map(
  (display_name, i) => ({ value: `a${i}`, display_name }),
);
const BITS = Object.fromEntries(OPTIONS.map((option, i) => [option.value, 1 << i]));

/** Lines the label's text takes (its text node alone: the checkbox sits on the first line anyway). */
const lines = (element: Element) => {
  const range = document.createRange();
  range.selectNodeContents([...element.childNodes].find((node) => node.nodeType === Node.TEXT_NODE)!);
  return new Set([...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top))).size;
};

describe('BitsCheckboxes', () => {
  let view: Mounted | undefined;
  afterEach(() => view?.unmount());

  it('keeps every choice on one line in a narrow form, and names the group', async () => {
    view = mount(
      <div style={{ width: 260 }}>
        <EngineStyle />
        <BitsCheckboxes
          name="actions"
          label="动作"
          options={OPTIONS}
          bits={BITS}
          value={[]}
          onChange={() => undefined}
        />
      </div>,
    );
    await settle();
    const labels = findAll(view.root, 'label.bit-option');
    expect(labels.map((label) => label.textContent)).to.deep.equal(OPTIONS.map((option) => option.display_name));
    for (const label of labels) expect(lines(label), `${label.textContent} on one line`).to.equal(1);
    expect(view.root.querySelector('[role="group"]')?.getAttribute('aria-label')).to.equal('动作');
  });
});
