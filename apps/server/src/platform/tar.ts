/**
 * A minimal ustar writer and reader for the backup file (a few regular files, held in memory):
 * `tar tf` lists what it writes and `tar cf` makes what it reads.
 */
export interface TarEntry {
  name: string;
  data: Uint8Array;
  mode?: number;
}

const BLOCK = 512;

function putString(header: Buffer, value: string, offset: number, length: number): void {
  header.write(value, offset, length, 'utf8');
}

function putOctal(header: Buffer, value: number, offset: number, length: number): void {
  putString(header, value.toString(8).padStart(length - 1, '0') + '\0', offset, length);
}

function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return sum;
}

export function writeTar(entries: TarEntry[], mtime = new Date()): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    if (Buffer.byteLength(entry.name) > 99) throw new Error(`tar: name too long: ${entry.name}`);
    const header = Buffer.alloc(BLOCK);
    putString(header, entry.name, 0, 100);
    putOctal(header, entry.mode ?? 0o600, 100, 8);
    putOctal(header, 0, 108, 8);
    putOctal(header, 0, 116, 8);
    putOctal(header, entry.data.byteLength, 124, 12);
    putOctal(header, Math.floor(mtime.getTime() / 1000), 136, 12);
    header[156] = 0x30; // '0': a regular file
    putString(header, 'ustar\u000000', 257, 8);
    putString(header, checksum(header).toString(8).padStart(6, '0') + '\0 ', 148, 8);
    parts.push(header, Buffer.from(entry.data.buffer, entry.data.byteOffset, entry.data.byteLength));
    const pad = (BLOCK - (entry.data.byteLength % BLOCK)) % BLOCK;
    if (pad) parts.push(Buffer.alloc(pad));
  }
  parts.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(parts);
}

export class TarFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarFormatError';
  }
}

/** The regular files of a tar, by name (other entry types are skipped). */
export function readTar(tar: Uint8Array): Map<string, Buffer> {
  const buffer = Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength);
  const files = new Map<string, Buffer>();
  let offset = 0;
  while (offset + BLOCK <= buffer.length) {
    const header = buffer.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) return files;
    const field = (start: number, length: number) =>
      header
        .subarray(start, start + length)
        .toString('utf8')
        .replace(/\0.*$/s, '')
        .trim();
    const stored = Number.parseInt(field(148, 8), 8);
    if (stored !== checksum(header)) throw new TarFormatError('not a tar file (bad header checksum)');
    const size = Number.parseInt(field(124, 12) || '0', 8);
    if (!Number.isSafeInteger(size) || size < 0 || offset + BLOCK + size > buffer.length) {
      throw new TarFormatError('truncated tar file');
    }
    const type = header[156];
    if (type === 0x30 || type === 0) files.set(field(0, 100), buffer.subarray(offset + BLOCK, offset + BLOCK + size));
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new TarFormatError('truncated tar file (no end marker)');
}
