// The content hash the read cache compares (sha256, hex).
import { createHash } from 'node:crypto';

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
