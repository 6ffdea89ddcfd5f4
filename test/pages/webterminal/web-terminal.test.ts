// The web terminal page (/luna/) as a granted user meets it, served by the reference server in an
// iframe: the asset list to pick from, the system user to pick, the refusals; and, with the terminal
// component and a private sshd running, `echo hello` typed into the xterm and its output on screen.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { text, waitFor } from '../../helpers/dom.ts';
import { loginAs, logout } from '../../helpers/server.ts';
import { removeAll } from '../assets/support/api.ts';
import { signInAs } from '../userviews/support.ts';
import { loadPage, makeTerminalGrant, screenLines, startWorld, type Grant, type LoadedPage, type World } from './support/fixture.ts';

const click = (el: Element | null | undefined) => {
  if (!el) throw new Error('nothing to click')
  ;(el as HTMLElement).click()
}

describe('web terminal page /luna/', function () {
  this.timeout(90_000)
  let world: World
  let grant: Grant
  let page: LoadedPage | undefined

  before(async function () {
    if ((await fetch('/ui/bastion-web-terminal.js', { method: 'HEAD' })).status !== 200) this.skip() // no build: `npm test` builds first
    world = await startWorld()
    await loginAs('admin')
    const { username, password } = world.sshd
    grant = await makeTerminalGrant(world.sshd, [{ username, password }, { username, password: 'not-the-password' }])
    await signInAs(grant.member.username)
  })
  afterEach(() => page?.frame.remove())
  after(async () => {
    if (!grant) return
    await logout()
    await loginAs('admin')
    await removeAll(grant.made)
    await logout()
  })

  it('without login_to lists the granted assets; Connect asks for the system user', async () => {
    page = await loadPage('/luna/?_=1')
    const row = await waitFor(() => page!.root()?.querySelector(`tr[data-id="${grant.asset.id}"]`), 15000, 'the granted asset row')
    expect(text(row.querySelector('[data-prop="hostname"]'))).to.equal(grant.asset.hostname)
    click(row.querySelector('.connect'))
    const picker = await waitFor(() => page!.root()?.querySelector('.system-user-picker'), 8000, 'the system user picker')
    expect(text(picker.querySelector('h2'))).to.equal(`选择登录 ${grant.asset.hostname} 的系统用户`)
    expect([...picker.querySelectorAll('.system-user-list li .name')].map((el) => text(el))).to.deep.equal(grant.systemUsers.map((su) => su.name))
    expect(page.violations).to.deep.equal([])
  })

  it('an asset that is not granted is refused by name', async () => {
    page = await loadPage('/luna/?login_to=00000000-0000-4000-8000-000000000000')
    const message = await waitFor(() => page!.root()?.querySelector('.message.missing'), 15000, 'the refusal')
    expect(text(message)).to.equal('该资产不存在或未授权给您。')
  })

  it('login_to: pick the system user, then `echo hello` runs on the asset and its output shows', async () => {
    page = await loadPage(`/luna/?login_to=${grant.asset.id}`)
    const picker = await waitFor(() => page!.root()?.querySelector('.system-user-picker'), 15000, 'the system user picker')
    click(picker.querySelector(`li[data-id="${grant.systemUsers[0].id}"] .connect`))
    const root = page.root()!
    await waitFor(() => root.querySelector('.webterm-screen[data-phase="open"]'), 15000, 'the terminal socket to open')
      .catch((error) => { throw new Error(`${error.message}: ${text(root.querySelector('.webterm-banner'))}`) })
    // The shell's prompt, then typing as a user types: keys into the focused terminal.
    await waitFor(() => screenLines(root).some((line) => /[$#] ?$/.test(line)), 20000, 'a shell prompt')
      .catch((error) => { throw new Error(`${error.message}: ${screenLines(root).filter(Boolean).join(' | ')}`) })
    root.querySelector<HTMLTextAreaElement>('.xterm-helper-textarea')!.focus()
    await sendKeys({ type: 'echo hello' })
    await sendKeys({ press: 'Enter' })
    await waitFor(() => screenLines(root).includes('hello'), 15000, 'the output line "hello"')
      .catch((error) => { throw new Error(`${error.message}: ${screenLines(root).filter(Boolean).join(' | ')}`) })
    expect(screenLines(root).some((line) => line.endsWith('echo hello'))).to.equal(true)
    expect(page.violations).to.deep.equal([])
  })
})
