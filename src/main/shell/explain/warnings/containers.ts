// BA9: warnings about Docker (and podman, nerdctl) deleting volumes, containers and images.
import { hasOption as has, type ParsedArgs } from '../../commands/argv';
import { opt, prog, SEG } from './raw';
import { flags, type Rule, type Run } from './rule';

const DOCKERS = new Set(['docker', 'podman', 'nerdctl']);
const DOCKER_VALUED: [string, string[]] = ['Hcl', ['--host', '--context', '--config', '--log-level']];

function docker(r: Run): { ops: string[]; p: ParsedArgs } | null {
  if (!DOCKERS.has(r.name) && r.name !== 'docker-compose') return null;
  const p = flags(r, ...DOCKER_VALUED);
  return { ops: r.name === 'docker-compose' ? ['compose', ...p.operands] : p.operands, p };
}

const composeDownVolumes = (d: { ops: string[]; p: ParsedArgs }): boolean => d.ops[0] === 'compose' && d.ops.includes('down') && has(d.p, '-v', '--volumes');

export const CONTAINER_RULES: readonly Rule[] = [
  {
    id: 'docker-volume-rm',
    text: 'Deletes Docker volumes and the data stored in them, such as a local database.',
    test: (r) => {
      const d = docker(r);
      if (!d) return false;
      const [a, b] = d.ops;
      return (a === 'volume' && ['rm', 'remove', 'prune'].includes(b ?? '')) || (a === 'system' && b === 'prune' && has(d.p, '--volumes')) || composeDownVolumes(d);
    },
    raw: new RegExp(
      `${prog('docker|podman|nerdctl', String.raw`${SEG}\s(?:volume\s+(?:rm|remove|prune)\b|system\s+prune\b${SEG}\s--volumes\b)`).source}|${prog('docker-compose|docker\\s+compose', String.raw`${SEG}\sdown\b${SEG}${opt('v', 'volumes')}`).source}`,
    ),
  },
  {
    id: 'docker-prune',
    text: 'Deletes stopped containers, unused images and other Docker data in one go. Anything kept only in those containers is lost.',
    test: (r) => {
      const d = docker(r);
      return d !== null && d.ops[1] === 'prune' && d.ops[0] !== 'volume';
    },
    raw: prog('docker|podman|nerdctl', String.raw`${SEG}\s(?!volume)\w+\s+prune\b`),
  },
  {
    id: 'docker-rm-force',
    text: 'Stops and deletes containers even while they are running. Anything stored only inside them is lost.',
    test: (r) => {
      const d = docker(r);
      return d !== null && (d.ops[0] === 'rm' || (d.ops[0] === 'container' && ['rm', 'remove'].includes(d.ops[1] ?? ''))) && has(d.p, '-f', '--force');
    },
    raw: prog('docker|podman|nerdctl', String.raw`${SEG}\s(?:container\s+)?(?:rm|remove)\b${SEG}${opt('f', 'force')}`),
  },
];
