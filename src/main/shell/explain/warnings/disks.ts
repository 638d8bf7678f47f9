// BA9: warnings about writing straight onto a disk or formatting one.
import { prog } from './raw';
import type { Rule } from './rule';
import { writes } from './writes';

const DEVICE = /^\/dev\/(?:sd|hd|vd|xvd|nvme|mmcblk|disk|rdisk|md|mapper\/|loop)/;

export const DISK_RULES: readonly Rule[] = [
  {
    id: 'disk-write',
    text: 'Writes straight onto a disk or device, over whatever is stored there. Files on it can be destroyed.',
    test: (r) => writes(r).some((t) => DEVICE.test(t)),
    raw: new RegExp(String.raw`(?:>\|?\s*|\bof=)/dev/(?:sd|hd|vd|xvd|nvme|mmcblk|disk|rdisk|md|mapper/|loop)`),
  },
  {
    id: 'format-disk',
    text: 'Formats or wipes a disk or partition: everything stored on it is erased.',
    test: (r) => /^(?:mkfs(?:\..+)?|mke2fs|mkswap|wipefs|newfs(?:_.+)?)$/.test(r.name) || (r.name === 'diskutil' && /^(?:erase|zeroDisk|randomDisk|secureErase|partitionDisk)/.test(r.args[0] ?? '')),
    raw: prog(String.raw`mkfs(?:\.\w+)?|mke2fs|mkswap|wipefs|newfs(?:_\w+)?|diskutil\s+(?:erase\w*|zeroDisk|randomDisk|secureErase|partitionDisk)`),
  },
];
