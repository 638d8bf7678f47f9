// BA9: warnings about destroying cloud resources: terraform, Kubernetes, helm, cloud storage and accounts.
import { hasOption as has } from '../../commands/argv';
import { prog, SEG } from './raw';
import { flags, words, type Rule } from './rule';

const KUBE_VALUED: [string, string[]] = ['ns', ['--namespace', '--context', '--kubeconfig', '--cluster', '--user', '--server', '--kube-context']];

export const CLOUD_RULES: readonly Rule[] = [
  {
    id: 'infra-destroy',
    text: 'Destroys the cloud resources this project manages (servers, databases, storage), with the data in them.',
    test: (r) => {
      const sub = r.args.find((a) => !a.startsWith('-'));
      if (['terraform', 'tofu', 'terragrunt'].includes(r.name)) return sub === 'destroy' || (sub === 'apply' && r.args.some((a) => a === '-destroy' || a === '--destroy'));
      return ['pulumi', 'cdk', 'cdktf'].includes(r.name) && sub === 'destroy';
    },
    raw: prog('terraform|tofu|terragrunt|pulumi|cdk|cdktf', String.raw`${SEG}\s(?:destroy\b|apply\b${SEG}\s--?destroy\b)`),
  },
  {
    id: 'kubectl-delete',
    text: 'Deletes things running in a Kubernetes cluster. Services can stop for everyone who uses them, and data stored in them can be lost.',
    test: (r) => (r.name === 'kubectl' || r.name === 'oc') && words(r, ...KUBE_VALUED)[0] === 'delete',
    raw: prog('kubectl|oc', String.raw`${SEG}\sdelete\b`),
  },
  {
    id: 'helm-uninstall',
    text: 'Removes an app installed in a Kubernetes cluster. Its services stop, and data stored with it can be lost.',
    test: (r) => r.name === 'helm' && ['uninstall', 'delete', 'del', 'un'].includes(words(r, ...KUBE_VALUED)[0] ?? ''),
    raw: prog('helm', String.raw`${SEG}\s(?:uninstall|delete|del|un)\b`),
  },
  {
    id: 'cloud-storage-delete',
    text: 'Deletes files stored in cloud storage (such as Amazon S3 or Google Cloud Storage). Cloud storage has no Trash.',
    test: (r) => {
      const ops = words(r, '', ['--profile', '--region', '--output', '--endpoint-url']);
      if (r.name === 'aws') return ops[0] === 's3' && ((ops[1] === 'rm' && has(flags(r), '--recursive')) || ops[1] === 'rb' || (ops[1] === 'sync' && has(flags(r), '--delete')));
      if (r.name === 'gsutil') return ['rm', 'rb'].includes(ops[0] ?? '') || (ops[0] === 'rsync' && has(flags(r), '-d'));
      return r.name === 'gcloud' && ops[0] === 'storage' && ['rm', 'buckets'].includes(ops[1] ?? '') && (ops[1] === 'rm' || ops.includes('delete'));
    },
    raw: new RegExp(`${prog('aws', String.raw`${SEG}\ss3\s+(?:rm\b${SEG}\s--recursive\b|rb\b|sync\b${SEG}\s--delete\b)`).source}|${prog('gsutil', String.raw`${SEG}\s(?:rm|rb)\b`).source}|${prog('gcloud', String.raw`${SEG}\sstorage\s+(?:rm|buckets\s+delete)\b`).source}`),
  },
  {
    id: 'cloud-delete',
    text: 'Deletes something in a cloud account (a server, database or other resource). Its data can be lost, and others may depend on it.',
    test: (r) => {
      const ops = words(r, '', ['--profile', '--region', '--output', '--endpoint-url', '--project', '--subscription', '--resource-group']);
      if (r.name === 'aws') return ops[0] !== 's3' && /^(?:delete|terminate|remove|deregister)-/.test(ops[1] ?? '');
      return ['gcloud', 'az', 'doctl'].includes(r.name) && ops[0] !== 'storage' && ops.includes('delete');
    },
    raw: new RegExp(`${prog('aws', String.raw`${SEG}\s(?:delete|terminate|remove|deregister)-\w`).source}|${prog('gcloud|az|doctl', String.raw`${SEG}\sdelete\b`).source}`),
  },
];
