// Binary files Read refuses: by extension (without opening) and by NUL bytes in the first block.
// Images and PDFs are not here: Read shows those.
import path from 'node:path';

const BINARY_EXTENSIONS = new Set(
  (
    'exe dll so dylib bin o a obj lib class jar war ear pyc pyo whl egg wasm node ' +
    'zip gz tgz bz2 xz 7z rar tar zst lz4 lzma cab dmg iso img deb rpm apk ipa msi pkg ' +
    'mp3 mp4 m4a m4v mov avi mkv webm flac wav ogg oga aac wma wmv flv opus ' +
    'bmp ico tiff tif psd ai heic heif avif raw cr2 nef ' +
    'ttf otf woff woff2 eot ' +
    'doc docx xls xlsx ppt pptx odt ods odp ' +
    'sqlite sqlite3 db mdb dat pak pdb ' +
    'pt pth ckpt safetensors onnx h5 hdf5 npy npz pkl pickle parquet arrow feather'
  ).split(' '),
);

/** Lower-case extension without the dot ('' when none). */
export function extensionOf(p: string): string {
  return path.extname(p).slice(1).toLowerCase();
}

export function hasBinaryExtension(p: string): boolean {
  return BINARY_EXTENSIONS.has(extensionOf(p));
}

/** A NUL byte in the first 8 KB (callers skip this for UTF-16 text, which is full of them). */
export function looksBinary(head: Uint8Array): boolean {
  const n = Math.min(head.length, 8192);
  for (let i = 0; i < n; i++) if (head[i] === 0) return true;
  return false;
}
