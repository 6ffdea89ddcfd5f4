// Signing in through the login form from Node (server tests, benchmarks), as the form's own script
// does in a browser: read the RSA public key out of the form — ours (`data-rsa-public-key`) or 2.3's
// inline `var rsaPublicKey = "..."` — encrypt the password (PKCS#1 v1.5, base64, with node-forge) and
// post it with the csrf token and, when the form asks for one, the captcha's key and answer.
import forge from 'node-forge';

const decodeEntities = (text) => text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_whole, name) =>
  ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[name]);

/** The public key (PEM) and the captcha key ('' when the form has no captcha) of a login form's HTML. */
export function parseLoginForm(html) {
  const ours = /data-rsa-public-key="([^"]*)"/.exec(html);
  const theirs = /var\s+rsaPublicKey\s*=\s*"([^"]*)"/.exec(html);
  const publicKey = ours ? decodeEntities(ours[1]) : (theirs ? theirs[1].replace(/\\n/g, '\n') : '');
  const captcha = /name="captcha_0"[^>]*value="([^"]*)"|value="([^"]*)"[^>]*name="captcha_0"/.exec(html);
  return { publicKey, captchaKey: captcha ? decodeEntities(captcha[1] ?? captcha[2]) : '' };
}

/** base64(RSA PKCS#1 v1.5(password)), what 2.3's login page posts as `password`. */
export function encryptPassword(publicKeyPem, password) {
  const key = forge.pki.publicKeyFromPem(publicKeyPem);
  return forge.util.encode64(key.encrypt(forge.util.encodeUtf8(password), 'RSAES-PKCS1-V1_5'));
}

/**
 * The fields to post for the form in `html`: `answerCaptcha(key)` gives the answer when the form asks
 * for one (tests read it from the server's store); `extra` overrides or adds fields.
 */
export async function loginFormFields(html, { csrf, username, password, next = '', answerCaptcha, extra = {} }) {
  const { publicKey, captchaKey } = parseLoginForm(html);
  if (!publicKey) throw new Error('the login form carries no RSA public key');
  const fields = { csrfmiddlewaretoken: csrf, username, password: encryptPassword(publicKey, password), next };
  if (captchaKey) {
    if (!answerCaptcha) throw new Error('the login form asks for a captcha');
    Object.assign(fields, { captcha_0: captchaKey, captcha_1: await answerCaptcha(captchaKey) });
  }
  return { ...fields, ...extra };
}
