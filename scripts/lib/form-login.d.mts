// Types of form-login.mjs for the TypeScript tests that sign in through the form.
export function parseLoginForm(html: string): { publicKey: string; captchaKey: string };
export function encryptPassword(publicKeyPem: string, password: string): string;
export function loginFormFields(html: string, options: {
  csrf: string; username: string; password: string; next?: string;
  answerCaptcha?: (key: string) => string | Promise<string>;
  extra?: Record<string, string>;
}): Promise<Record<string, string>>;
