import { useEffect, useId, useRef, useState } from 'react';
import { SlButton } from '../../core/engine/shoelace.ts';
import { HttpError, serverMessage } from '../../core/http-error.ts';
import { useT, type TFunction } from '../../core/i18n/index.ts';
import type { GrantedSystemUser } from '../userviews/api.ts';
import { createConnectionToken, terminalSocketUrl, type ConnectTarget } from './api.ts';
import { dataFrame, parseServerFrame, resizeFrame } from './terminal-protocol.ts';
import { openTerminalView } from './xterm-view.ts';
import './i18n.ts';

interface Props {
  userId: string;
  asset: ConnectTarget;
  systemUser: GrantedSystemUser;
  onOther: () => void;
}

type Phase = { kind: 'connecting' } | { kind: 'open' } | { kind: 'ended'; reason: string };

/** The first words a refusal carries: `detail`/`error`, else the first field message of a 400. */
function refusalText(failure: unknown, t: TFunction): string {
  if (!(failure instanceof HttpError)) return String((failure as Error)?.message ?? failure);
  const named = serverMessage(failure.data);
  if (named) return named;
  const first = Object.values((failure.data ?? {}) as Record<string, unknown>)
    .flat()
    .find((value) => typeof value === 'string');
  return typeof first === 'string' ? first : failure.message || t('webterm.session.closed');
}

/**
 * Whether a key leaves the terminal: Ctrl+] (telnet's escape to the local side). The terminal takes every
 * other key, Tab included (a shell completes with it), so without this a keyboard user was caught in it.
 */
export const isLeaveKey = (event: KeyboardEvent) =>
  event.type === 'keydown' &&
  event.ctrlKey &&
  !event.altKey &&
  !event.metaKey &&
  (event.key === ']' || event.code === 'BracketRight');

/**
 * A full-window xterm joined to the terminal component over the socket: keystrokes out, output in,
 * the window's size follows; when the session ends its reason stays on screen with a way back. The bar
 * under it says how to leave the terminal by keyboard (Ctrl+]), where focus then lands.
 */
export function TerminalScreen({ userId, asset, systemUser, onOther }: Props) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const leaveTo = useRef<HTMLButtonElement>(null);
  const hintId = useId();
  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<Phase>({ kind: 'connecting' });
  // The texts' language may change while a session runs; that must not reconnect it.
  const texts = useRef(t);
  texts.current = t;

  useEffect(() => {
    let live = true;
    let socket: WebSocket | undefined;
    let dispose = () => undefined as void;
    const end = (reason: string) => live && setPhase({ kind: 'ended', reason });
    const t = (key: string, options?: Record<string, unknown>) => texts.current(key, options);
    setPhase({ kind: 'connecting' });

    void (async () => {
      const view = await openTerminalView(box.current!);
      dispose = view.dispose;
      if (!live) return view.dispose();
      const { terminal } = view;
      terminal.textarea?.setAttribute('aria-describedby', hintId);
      terminal.attachCustomKeyEventHandler((event) => {
        if (!isLeaveKey(event)) return true;
        event.preventDefault();
        leaveTo.current?.focus();
        return false;
      });
      let token: string;
      try {
        token = await createConnectionToken(userId, asset, systemUser.id);
      } catch (failure) {
        return end(t('webterm.session.tokenFailed', { message: refusalText(failure, t) }));
      }
      if (!live) return;
      socket = new WebSocket(terminalSocketUrl(token, terminal.cols, terminal.rows));
      const open = socket;
      let reason = '';
      open.onopen = () => {
        if (!live) return;
        setPhase({ kind: 'open' });
        terminal.focus();
      };
      open.onmessage = (event) => {
        const frame = parseServerFrame(event.data);
        if (frame?.type === 'data') terminal.write(frame.data);
        else if (frame?.type === 'close') reason = frame.reason;
      };
      open.onclose = () => end(reason || t('webterm.session.closed'));
      terminal.onData((data) => open.readyState === WebSocket.OPEN && open.send(dataFrame(data)));
      terminal.onResize(({ cols, rows }) => open.readyState === WebSocket.OPEN && open.send(resizeFrame(cols, rows)));
    })();

    return () => {
      live = false;
      socket?.close(1000);
      dispose();
    };
  }, [attempt, userId, asset.id, asset.kind, systemUser.id]);

  return (
    <div className="webterm-screen" part="screen" data-phase={phase.kind}>
      <div className="terminal-box" ref={box} />
      <div className="webterm-bar" role="toolbar" aria-label={t('webterm.session.keysBar')}>
        <span className="leave-key" id={hintId}>
          {t('webterm.session.leaveKey')}
        </span>
        <button type="button" className="leave-target other" ref={leaveTo} onClick={onOther}>
          {t('webterm.session.other')}
        </button>
      </div>
      {phase.kind === 'connecting' && (
        <div className="webterm-banner connecting" role="status">
          {t('webterm.session.connecting', { hostname: asset.hostname })}
        </div>
      )}
      {phase.kind === 'ended' && (
        <div className="webterm-banner ended" role="alert">
          <span className="reason">{phase.reason}</span>
          <SlButton size="small" variant="primary" className="reconnect" onClick={() => setAttempt((n) => n + 1)}>
            {t('webterm.session.reconnect')}
          </SlButton>
          <SlButton size="small" className="other" onClick={onOther}>
            {t('webterm.session.other')}
          </SlButton>
        </div>
      )}
    </div>
  );
}
