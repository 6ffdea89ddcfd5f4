import { registerMessages } from '../../../core/i18n/index.ts'

registerMessages({
  zh: {
    replay: {
      play: '播放', pause: '暂停', speed: '速度', position: '进度', commands: '命令',
      loading: '加载中…', noCommands: '没有命令', failed: '无法加载录像：{{message}}',
      keys: '空格：播放/暂停 · ←/→：后退/前进 5 秒 · ↑/↓：速度',
    },
  },
  en: {
    replay: {
      play: 'Play', pause: 'Pause', speed: 'Speed', position: 'Position', commands: 'Commands',
      loading: 'Loading…', noCommands: 'No commands', failed: 'Could not load the replay: {{message}}',
      keys: 'Space: play/pause · ←/→: back/forward 5 s · ↑/↓: speed',
    },
  },
})
