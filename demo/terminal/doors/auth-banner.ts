// A message to a client that is still signing in (SSH_MSG_USERAUTH_BANNER, RFC 4252 §5.4): OpenSSH prints
// it before its next prompt, ssh2 clients emit `banner`. ssh2's server sends a banner only once, the fixed
// one of its config, when the client asks for the user-auth service; this sends one at any point before
// the sign-in ends, the same way ssh2 does, from the one file that reaches into its protocol object. When
// that object is not as expected it answers false and the caller says it another way.
import type { Connection } from 'ssh2';

const USERAUTH_BANNER = 53;

interface ProtocolInternals {
  _packetRW?: { write?: { allocStart: number; alloc(size: number): Buffer; finalize(packet: Buffer): Buffer } };
  _kexinit?: unknown;
  _queue?: Buffer[];
  _cipher?: { encrypt(packet: Buffer): void };
}

export function sendAuthBanner(client: Connection, message: string): boolean {
  const protocol = (client as unknown as { _protocol?: ProtocolInternals })._protocol;
  const writer = protocol?._packetRW?.write;
  if (!protocol || !writer || typeof writer.alloc !== 'function' || !protocol._cipher) return false;
  const text = message.endsWith('\r\n') ? message : `${message.replace(/\n/g, '\r\n')}\r\n`;
  const length = Buffer.byteLength(text);
  let p = writer.allocStart;
  const packet = writer.alloc(1 + 4 + length + 4);
  packet[p] = USERAUTH_BANNER;
  packet.writeUInt32BE(length, ++p);
  packet.write(text, (p += 4), length, 'utf8');
  packet.writeUInt32BE(0, p + length); // no language tag
  const finished = writer.finalize(packet);
  // As ssh2's sendPacket: held while keys are being exchanged again, else encrypted and sent now.
  if (protocol._kexinit !== undefined) (protocol._queue ??= []).push(finished);
  else protocol._cipher.encrypt(finished);
  return true;
}
