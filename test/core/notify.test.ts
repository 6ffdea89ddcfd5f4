import { expect } from '@open-wc/testing';
import { MESSAGE_MS, TOAST_MS } from '../../src/core/config.ts';
import { $confirmRequest, $toasts, confirm, resetNotify, resolveConfirm, toast } from '../../src/core/stores/notify.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('notify store', () => {
  afterEach(() => resetNotify());

  it('keeps an error toast for TOAST_MS and others shorter by default', () => {
    toast.error('Delete failed');
    toast.success('Delete success');
    expect($toasts.get().map((t) => [t.type, t.message, t.duration])).to.deep.equal([
      ['error', 'Delete failed', TOAST_MS],
      ['success', 'Delete success', MESSAGE_MS],
    ]);
  });

  it('removes a toast once its duration has passed', async () => {
    toast.info('Update success', 30);
    expect($toasts.get()).to.have.length(1);
    await wait(60);
    expect($toasts.get()).to.deep.equal([]);
  });

  it('answers confirm() with the user choice, one dialog at a time', async () => {
    const first = confirm({ message: 'Are you sure to delete "web1" ?' });
    const second = confirm({ message: 'Are you sure to delete "web2" ?' });
    expect($confirmRequest.get()?.message).to.equal('Are you sure to delete "web1" ?');
    resolveConfirm(true);
    expect($confirmRequest.get()?.message).to.equal('Are you sure to delete "web2" ?');
    resolveConfirm(false);
    expect($confirmRequest.get()).to.equal(null);
    expect(await first).to.equal(true);
    expect(await second).to.equal(false);
  });
});
