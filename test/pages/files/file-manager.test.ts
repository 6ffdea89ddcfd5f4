// The web file manager (/koko/elfinder/sftp/, <bastion-file-manager>) as a granted user meets it, served
// by the reference server in an iframe, with the terminal component and a private sshd running: the
// granted asset's folder, then its system user's files; a new folder, a file uploaded into it and
// downloaded back (same bytes), the folder renamed and deleted after confirmation; and on an asset
// granted without download_file, a download refused with a clear message.
import { expect } from '@open-wc/testing';
import { waitFor } from '../../helpers/dom.ts';
import { loginAs, logout } from '../../helpers/server.ts';
import { ASSETS, create, removeAll, uniqueName } from '../assets/support/api.ts';
import { PERMS, signInAs } from '../userviews/support.ts';
import {
  loadPage,
  makeTerminalGrant,
  startWorld,
  type Grant,
  type LoadedPage,
} from '../webterminal/support/fixture.ts';

const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const click = (el: Element | null | undefined) => {
  if (!el) throw new Error('nothing to click');
  (el as HTMLElement).click();
};

type Page = LoadedPage;
const loadManager = (url: string) => loadPage(url, 'bastion-file-manager');

const row = (page: Page, name: string) => page.root()?.querySelector(`tr[data-name="${CSS.escape(name)}"]`) ?? null;
const button = (scope: ParentNode | null | undefined, label: string) =>
  [...(scope?.querySelectorAll('button') ?? [])].find((b) => text(b) === label) ?? null;

async function open(page: Page, name: string): Promise<void> {
  const entry = await waitFor(() => row(page, name), 15000, `the folder ${name}`);
  click(entry.querySelector('button.folder'));
  await waitFor(
    () =>
      text(page.root()?.querySelector('.files-crumbs')).endsWith(name) && page.root()?.querySelector('table')
        ? true
        : null,
    15000,
    `inside ${name}`,
  );
}

async function typeName(page: Page, value: string): Promise<void> {
  const input = await waitFor(
    () => page.root()?.querySelector<HTMLInputElement>('.files-edit input'),
    5000,
    'the name field',
  );
  const setter = Object.getOwnPropertyDescriptor(page.win().HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new (page.win().Event)('input', { bubbles: true }));
  click(button(page.root()?.querySelector('.files-edit'), '确定'));
}

describe('web file manager /koko/elfinder/sftp/', function () {
  this.timeout(120_000);
  let grant: Grant;
  let readOnlyHost: string;
  const made: string[] = [];
  let page: Page | undefined;

  before(async function () {
    if ((await fetch('/ui/bastion-file-manager.js', { method: 'HEAD' })).status !== 200) this.skip(); // no build: `npm test` builds first
    const world = await startWorld();
    await logout();
    await loginAs('admin');
    grant = await makeTerminalGrant(world.sshd, [{ username: world.sshd.username, password: world.sshd.password }]);
    made.push(...grant.made);
    // A second asset on the same sshd, granted with upload_file only.
    readOnlyHost = `${uniqueName('fm')}-drop`;
    const asset = await create<{ id: string }>(ASSETS, {
      hostname: readOnlyHost,
      ip: world.sshd.host,
      platform: 'Linux',
      protocols: [`ssh/${world.sshd.port}`],
      is_active: true,
    });
    const permission = await create<{ id: string }>(PERMS, {
      name: readOnlyHost,
      users: [grant.member.id],
      assets: [asset.id],
      system_users: [grant.systemUsers[0].id],
      actions: ['upload_file'],
    });
    made.unshift(`${PERMS}${permission.id}/`);
    made.push(`${ASSETS}${asset.id}/`);
    await signInAs(grant.member.username);
  });
  afterEach(() => page?.frame.remove());
  after(async () => {
    await logout();
    await loginAs('admin');
    await removeAll(made);
    await logout();
  });

  it("browses to the asset's files; makes, fills, renames and deletes a folder; a file comes back as it went", async () => {
    page = await loadManager('/koko/elfinder/sftp/');
    await open(page, grant.asset.hostname);
    await open(page, grant.systemUsers[0].name);
    const folder = uniqueName('fmdir');
    click(button(page.root(), '新建文件夹'));
    await typeName(page, folder);
    await open(page, folder);

    const content = `hello from the browser ${folder}\n`;
    const win = page.win();
    const files = new win.DataTransfer();
    files.items.add(new win.File([content], 'note.txt', { type: 'text/plain' }));
    const input = page.root()!.querySelector<HTMLInputElement>('input[type=file]')!;
    input.files = files.files;
    input.dispatchEvent(new win.Event('change', { bubbles: true }));
    const uploaded = await waitFor(() => row(page!, 'note.txt'), 15000, 'the uploaded file');
    expect(text(uploaded)).to.contain(`${content.length} B`);
    expect(text(uploaded)).to.match(/-rw[-rwx]{7}/);
    // Its time as every time of the console reads, in this browser's zone: no "12/7/2026, 5:59:14 AM" in a Chinese page.
    const offset = -new Date().getTimezoneOffset();
    const zone = `${offset < 0 ? '-' : '+'}${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}${String(Math.abs(offset) % 60).padStart(2, '0')}`;
    expect(text(uploaded.querySelectorAll('td')[2])).to.match(
      new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} \\${zone}$`),
    );
    expect(page.root()!.querySelector('table')!.getAttribute('aria-label'), 'the table is named').to.match(
      new RegExp(`/${folder} 中的文件$`),
    );

    // Download: the link the page follows, fetched here to compare the bytes.
    let href = '';
    win.HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      href = this.href;
    };
    click(button(uploaded, '下载'));
    expect(href).to.contain('/koko/files/download?path=');
    expect(await (await fetch(href)).text()).to.equal(content);

    // Up again: rename the folder, then delete it after the confirmation.
    click(button(page.root()?.querySelector('.files-crumbs'), grant.systemUsers[0].name));
    const entry = await waitFor(() => row(page!, folder), 15000, 'the new folder');
    click(button(entry, '重命名'));
    await typeName(page, `${folder}-renamed`);
    const renamed = await waitFor(() => row(page!, `${folder}-renamed`), 15000, 'the renamed folder');
    expect(row(page, folder)).to.equal(null);
    click(button(renamed, '删除'));
    const question = await waitFor(() => page!.root()?.querySelector('[role=alertdialog]'), 5000, 'the confirmation');
    expect(text(question)).to.contain(`${folder}-renamed`);
    click(button(question, '删除'));
    await waitFor(() => (row(page!, `${folder}-renamed`) ? null : true), 15000, 'the folder gone');
  });

  it('without download_file a download is refused with a clear message', async () => {
    page = await loadManager('/koko/elfinder/sftp/');
    await open(page, readOnlyHost);
    await open(page, grant.systemUsers[0].name);
    const name = `${uniqueName('fmfile')}.txt`;
    const win = page.win();
    const files = new win.DataTransfer();
    files.items.add(new win.File(['dropped\n'], name));
    const input = page.root()!.querySelector<HTMLInputElement>('input[type=file]')!;
    input.files = files.files;
    input.dispatchEvent(new win.Event('change', { bubbles: true }));
    const uploaded = await waitFor(() => row(page!, name), 15000, 'the uploaded file');
    click(button(uploaded, '下载'));
    const alert = await waitFor(() => page!.root()?.querySelector('[role=alert]'), 5000, 'the refusal');
    expect(text(alert)).to.contain('download_file');
    // The server refuses it too, whatever the page shows.
    const direct = await fetch(
      `/koko/files/download?path=${encodeURIComponent(`/${readOnlyHost}/${grant.systemUsers[0].name}/${name}`)}`,
    );
    expect(direct.status).to.equal(403);
    // Cleaned up with upload_file (removing is a write).
    click(button(uploaded, '删除'));
    click(
      button(await waitFor(() => page!.root()?.querySelector('[role=alertdialog]'), 5000, 'the confirmation'), '删除'),
    );
    await waitFor(() => (row(page!, name) ? null : true), 15000, 'the file gone');
  });

  it("shows an upload's progress and cancels it", async () => {
    page = await loadManager('/koko/elfinder/sftp/');
    await open(page, grant.asset.hostname);
    await open(page, grant.systemUsers[0].name);
    const name = `${uniqueName('fmbig')}.bin`;
    const win = page.win();
    const files = new win.DataTransfer();
    files.items.add(new win.File([new Uint8Array(128 * 1024 * 1024)], name));
    const input = page.root()!.querySelector<HTMLInputElement>('input[type=file]')!;
    input.files = files.files;
    input.dispatchEvent(new win.Event('change', { bubbles: true }));
    const transfer = await waitFor(() => page!.root()?.querySelector('.files-transfer'), 5000, 'the transfer');
    expect(text(transfer)).to.match(new RegExp(`正在上传 ${name}：\\d+%`));
    expect(transfer.querySelector('progress')).to.not.equal(null);
    click(button(transfer, '取消上传'));
    const status = await waitFor(
      () => {
        const shown = page!.root()?.querySelector('.files-message');
        return shown && text(shown).includes('取消') ? shown : null;
      },
      15000,
      'the cancellation',
    );
    expect(text(status)).to.equal(`已取消上传 ${name}。`);
    expect(page.root()?.querySelector('.files-transfer')).to.equal(null);
    // What arrived before the cancel (if anything) is the user's to delete; here it is cleaned up.
    const left = await fetch(
      `/koko/files/list?path=${encodeURIComponent(`/${grant.asset.hostname}/${grant.systemUsers[0].name}`)}`,
    );
    const listing = (await left.json()) as { entries: { name: string; size: number }[] };
    const partial = listing.entries.find((entry) => entry.name === name);
    if (partial) {
      expect(partial.size).to.be.below(128 * 1024 * 1024);
      await fetch(
        `/koko/files/remove?path=${encodeURIComponent(`/${grant.asset.hostname}/${grant.systemUsers[0].name}/${name}`)}`,
        {
          method: 'POST',
          headers: { 'X-CSRFToken': document.cookie.match(/csrftoken=([^;]+)/)?.[1] ?? '' },
        },
      );
    }
  });

  it('opens at the asset and system user it is given (asset, system-user), and at a path', async () => {
    page = await loadManager(`/koko/elfinder/sftp/?asset=${grant.asset.id}&system_user=${grant.systemUsers[0].id}`);
    const crumbs = await waitFor(
      () => {
        const nav = page!.root()?.querySelector('.files-crumbs');
        return nav && page!.root()?.querySelector('table') ? nav : null;
      },
      15000,
      'the system user folder',
    );
    expect(text(crumbs)).to.equal(`全部资产/${grant.asset.hostname}/${grant.systemUsers[0].name}`);
    page.frame.remove();
    page = await loadManager(`/koko/elfinder/sftp/?path=${encodeURIComponent(`/${readOnlyHost}`)}`);
    await waitFor(() => row(page!, grant.systemUsers[0].name), 15000, 'the asset folder from its path');
    page.frame.remove();
    // An asset that is not granted: said in words, and the tree's root instead.
    page = await loadManager('/koko/elfinder/sftp/?asset=5a1e4d1c-0000-4000-8000-000000000001');
    const alert = await waitFor(() => page!.root()?.querySelector('[role=alert]'), 15000, 'the refusal');
    expect(text(alert)).to.equal('该资产或系统用户未授权给你用于文件传输。');
    await waitFor(() => row(page!, grant.asset.hostname), 15000, 'the root listing');
  });
});
