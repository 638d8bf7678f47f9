// Images for the model (png, jpg, gif, webp): sent as-is when small, else downscaled with sharp to at
// most 1568 px on the long side (the API's useful maximum) and re-encoded until under 3.75 MB (which
// base64-encodes to the API's 5 MB per-image limit). The media type comes from the bytes, not the name.
import { loadExternal } from '../../base/load-external';
import type SharpFactory from 'sharp';
import type { ReadImageFile } from '../../../shared/tools/read';
import { FileToolError } from '../fs-common/errors';

export const IMAGE_EXTENSIONS: ReadonlySet<string> = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp']);
export const MAX_IMAGE_DIMENSION = 1568;
export const MAX_IMAGE_BYTES = 3.75 * 1024 * 1024;
export const IMAGE_ERROR_CODE = 11;
/** Larger files are refused before they are read into memory. */
export const MAX_IMAGE_FILE_BYTES = 64 * 1024 * 1024;

type Sharp = typeof SharpFactory;
let sharpModule: Promise<Sharp> | undefined;
/** sharp is a native module that costs ~60 ms to load: only pictures pay for it. */
const loadSharp = (): Promise<Sharp> => (sharpModule ??= loadExternal<unknown>('sharp').then((m) => (m as unknown as { default?: Sharp }).default ?? (m as unknown as Sharp)));

const MEDIA_TYPES: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

interface Encoded {
  data: Buffer;
  mediaType: string;
  width: number;
  height: number;
}

async function encode(input: Buffer, maxSide: number, as: 'png' | 'jpeg' | 'webp', quality: number): Promise<Encoded> {
  const sharp = await loadSharp();
  let img = sharp(input, { animated: false }).rotate().resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
  if (as === 'png') img = img.png({ compressionLevel: 6 });
  else if (as === 'webp') img = img.webp({ quality });
  else img = img.flatten({ background: '#ffffff' }).jpeg({ quality });
  const { data, info } = await img.toBuffer({ resolveWithObject: true });
  return { data, mediaType: MEDIA_TYPES[as]!, width: info.width, height: info.height };
}

export async function loadImage(filePath: string, bytes: Buffer): Promise<ReadImageFile> {
  if (bytes.length === 0) throw new FileToolError(`The image file ${filePath} is empty.`, IMAGE_ERROR_CODE);
  const sharp = await loadSharp();
  let meta: Awaited<ReturnType<ReturnType<Sharp>['metadata']>>;
  try {
    meta = await sharp(bytes, { animated: false }).metadata();
  } catch (e) {
    throw new FileToolError(`The image ${filePath} could not be decoded (${(e as Error).message}).`, IMAGE_ERROR_CODE);
  }
  const format: string = meta.format;
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  const base = { filePath, originalSize: bytes.length, originalWidth: width, originalHeight: height };
  const mediaType = format ? MEDIA_TYPES[format] : undefined;
  if (mediaType && Math.max(width, height) <= MAX_IMAGE_DIMENSION && bytes.length <= MAX_IMAGE_BYTES) {
    return { ...base, base64: bytes.toString('base64'), mediaType, width, height, resized: false };
  }
  // Keep the format when the API takes it (gif → png: one frame is what the model can see).
  const keep: 'png' | 'jpeg' | 'webp' = format === 'jpeg' || format === 'webp' ? format : 'png';
  const attempts: Array<[number, 'png' | 'jpeg' | 'webp', number]> = [
    [MAX_IMAGE_DIMENSION, keep, 85],
    [MAX_IMAGE_DIMENSION, 'jpeg', 80],
    [MAX_IMAGE_DIMENSION, 'jpeg', 60],
    [1024, 'jpeg', 60],
    [768, 'jpeg', 40],
  ];
  try {
    for (const [side, as, quality] of attempts) {
      const out = await encode(bytes, side, as, quality);
      if (out.data.length <= MAX_IMAGE_BYTES) {
        return { ...base, base64: out.data.toString('base64'), mediaType: out.mediaType, width: out.width, height: out.height, resized: true };
      }
    }
  } catch (e) {
    throw new FileToolError(`The image ${filePath} could not be resized (${(e as Error).message}).`, IMAGE_ERROR_CODE);
  }
  throw new FileToolError(`The image ${filePath} is too large to send even after downscaling.`, IMAGE_ERROR_CODE);
}
