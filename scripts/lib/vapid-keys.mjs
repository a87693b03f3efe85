// A fresh Web Push (VAPID) key pair, base64url, as VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY expect them.
import { createECDH } from "node:crypto";

const PRIVATE_KEY_BYTES = 32;

/** @returns {{ publicKey: string, privateKey: string }} */
export function newVapidKeyPair() {
  const curve = createECDH("prime256v1");
  curve.generateKeys();
  // One key in 256 starts with a zero byte, which getPrivateKey leaves out; web-push refuses a key under 32 bytes.
  const privateKey = curve.getPrivateKey();
  const fullPrivateKey = Buffer.concat([Buffer.alloc(PRIVATE_KEY_BYTES - privateKey.length), privateKey]);
  return { publicKey: curve.getPublicKey("base64url"), privateKey: fullPrivateKey.toString("base64url") };
}
