// Hand-made zip archives for the import tests: hostile ones (bombs, archives
// whose directory lies about sizes) that no well-behaved zip writer makes.
// Test support only; nothing in the server imports it.
import { crc32, createDeflateRaw } from 'node:zlib';

export interface ZipEntryInput {
  name: string;
  /** The bytes as stored (deflated when `deflated`). */
  stored: Buffer;
  deflated: boolean;
  crc: number;
  /** The uncompressed size the headers claim. */
  declaredSize: number;
}

export function storedEntry(name: string, content: string | Buffer): ZipEntryInput {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  return { name, stored: bytes, deflated: false, crc: crc32(bytes), declaredSize: bytes.length };
}

/** A zip built byte by byte, so its central directory says whatever the test wants. */
export function craftZip(entries: ZipEntryInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const method = e.deflated ? 8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.stored.length, 18);
    local.writeUInt32LE(e.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, e.stored);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.stored.length, 20);
    central.writeUInt32LE(e.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + e.stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `megabytes` MB of zeros, deflated a chunk at a time so the test never holds them all. */
export async function deflatedZeros(
  megabytes: number,
): Promise<{ stored: Buffer; crc: number; size: number }> {
  const chunk = Buffer.alloc(1024 * 1024);
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise<void>((resolve, reject) => {
    deflate.once('end', resolve);
    deflate.once('error', reject);
  });
  let crc = 0;
  for (let i = 0; i < megabytes; i++) {
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return { stored: Buffer.concat(out), crc, size: megabytes * chunk.length };
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
const WORKBOOK = '<?xml version="1.0" encoding="UTF-8"?><workbook/>';

/**
 * A workbook-shaped archive whose sheet is `megabytes` MB of zeros. With
 * `honest`, the directory declares the real size; otherwise it claims 1 KB.
 */
export async function zipBomb(megabytes: number, honest: boolean): Promise<Buffer> {
  let zeros = zerosCache.get(megabytes);
  if (!zeros) {
    zeros = deflatedZeros(megabytes);
    zerosCache.set(megabytes, zeros);
  }
  return bombAround(await zeros, honest);
}

/** Deflating 200 MB takes about a second: once per test file is enough. */
const zerosCache = new Map<number, ReturnType<typeof deflatedZeros>>();

function bombAround(zeros: Awaited<ReturnType<typeof deflatedZeros>>, honest: boolean): Buffer {
  return craftZip([
    storedEntry('[Content_Types].xml', CONTENT_TYPES),
    storedEntry('xl/workbook.xml', WORKBOOK),
    {
      name: 'xl/worksheets/sheet1.xml',
      stored: zeros.stored,
      deflated: true,
      crc: zeros.crc,
      declaredSize: honest ? zeros.size : 1024,
    },
  ]);
}
