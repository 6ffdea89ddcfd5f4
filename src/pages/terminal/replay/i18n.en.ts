import type { Translation } from '../../../core/i18n/index.ts';
import type { zh } from './i18n.ts';

// Loaded when the console speaks English (core/i18n registerMessages); the type keeps its keys those of zh.
const en: Translation<typeof zh> = {
  replay: {
    player: 'Session replay',
    play: 'Play',
    pause: 'Pause',
    speed: 'Speed',
    position: 'Position',
    commands: 'Commands',
    loading: 'Loading…',
    noCommands: 'No commands',
    failed: 'Could not load the replay: {{message}}',
    fullscreen: 'Fullscreen',
    exitFullscreen: 'Exit fullscreen',
    marker: 'Marker {{time}}',
    keys: 'Space: play/pause · ←/→: back/forward 5 s · Shift+←/→: back/forward 10 % · 0–9: jump to 0 %–90 % · ,/.: previous/next frame · [/]: previous/next marker · ↑/↓: speed · f: fullscreen',
  },
};

export default en;
