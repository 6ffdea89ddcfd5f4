// Business constants of spec §9 (and the server paths of §2/§7). Every timing or size the console
// uses comes from here, so a test can import the same value it asserts.

export const VERSION = 'v2.3.1';
export const COPYRIGHT_YEARS = '2014-2020';

export const HTTP_TIMEOUT = 60000;
export const SESSION_REFRESH_MS = 600000;
export const TOAST_MS = 5000;
/** Success and info messages are short-lived; only errors stay TOAST_MS (spec §8). */
export const MESSAGE_MS = 3000;
export const LOGIN_REDIRECT_DELAY = 100;
export const CREATE_REDIRECT_DELAY = 100;

export const MOBILE_BREAKPOINT = 992;
export const SIDEBAR_WIDTH = 220;
export const SIDEBAR_COLLAPSED_WIDTH = 54;
export const TAGS_MENU_WIDTH = 105;
/** Spec §9 "tab scroll padding": room kept beside the active tab when the tag bar scrolls to it. */
export const TAB_SCROLL_PADDING = 4;

export const COOKIE_DAYS = 14;

export const PAGE_SIZE = 15;
export const PAGE_SIZES = [15, 30, 50, 100];
export const PAGER_COUNT = 5;
export const SELECT_PAGE_SIZE = 10;

export const LOGIN_PATH = '/core/auth/login/';
export const LOGOUT_PATH = '/core/auth/logout/';
export const UI_BASE = '/ui/';
export const DEFAULT_LOGO = '/static/img/logo.png';

export const PROFILE_URL = '/api/v1/users/profile/';
export const PUBLIC_SETTINGS_URL = '/api/v1/settings/public/';
export const FIRST_LOGIN_PATH = '/users/first-login/personal-information-improvement/';
