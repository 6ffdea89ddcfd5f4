import { registerMessages } from '../../../core/i18n/index.ts';

export const zh = {
  replay: {
    player: '会话录像',
    play: '播放',
    pause: '暂停',
    speed: '速度',
    position: '进度',
    commands: '命令',
    loading: '加载中…',
    noCommands: '没有命令',
    failed: '无法加载录像：{{message}}',
    fullscreen: '全屏',
    exitFullscreen: '退出全屏',
    marker: '标记 {{time}}',
    keys: '空格：播放/暂停 · ←/→：后退/前进 5 秒 · Shift+←/→：后退/前进 10% · 0–9：跳到 0%–90% · ,/.：上一帧/下一帧 · [/]：上一个/下一个标记 · ↑/↓：速度 · f：全屏',
  },
};

registerMessages({ zh, en: () => import('./i18n.en.ts') });
