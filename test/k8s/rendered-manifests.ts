import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

/** What k8s/ renders to, read loosely: the tests check the shapes they rely on. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: Record<string, any>;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

export interface Container {
  name: string;
  image: string;
  command?: string[];
  env?: Array<{ name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  ports?: Array<{ name?: string; containerPort: number }>;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean };
}

export interface Probe {
  httpGet?: { path: string; port: string | number };
  exec?: { command: string[] };
}

export interface PodOwner {
  object: K8sObject;
  podSpec: { containers: Container[]; securityContext?: { runAsNonRoot?: boolean; runAsUser?: number } };
}

export const K8S_DIR = join(process.cwd(), 'k8s');
export const OVERLAYS = readdirSync(join(K8S_DIR, 'overlays')).sort();

/** `kubectl kustomize` of one overlay; offline, as CI runs it. */
export function render(overlay: string): K8sObject[] {
  const result = spawnSync('kubectl', ['kustomize', join(K8S_DIR, 'overlays', overlay)], { encoding: 'utf8', timeout: 60_000 });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error(
      'kubectl is not installed: the k8s/ tests render every overlay with `kubectl kustomize` (offline). Install kubectl ' +
        '(https://kubernetes.io/docs/tasks/tools/) and run the tests again.',
    );
  }
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`kubectl kustomize k8s/overlays/${overlay} failed:\n${result.stderr}`);
  return parseAllDocuments(result.stdout).map((document) => document.toJS() as K8sObject);
}

/** Every object that runs pods, with its pod template. */
export function podOwners(objects: K8sObject[]): PodOwner[] {
  return objects.flatMap((object) => {
    if (['Deployment', 'StatefulSet', 'Job'].includes(object.kind)) return [{ object, podSpec: object.spec!.template.spec }];
    if (object.kind === 'CronJob') return [{ object, podSpec: object.spec!.jobTemplate.spec.template.spec }];
    return [];
  });
}

/** The Secret the overlays expect to exist without rendering it (production): its template's keys. */
export function templateSecret(): K8sObject {
  return parse(readFileSync(join(K8S_DIR, 'base', 'secret.template.yaml'), 'utf8')) as K8sObject;
}

/** A rendered ConfigMap's or Secret's keys and values (Secret data is base64). */
export function valuesOf(object: K8sObject): Record<string, string> {
  if (object.kind === 'ConfigMap') return { ...object.data };
  const decoded = Object.fromEntries(
    Object.entries(object.data ?? {}).map(([key, value]) => [key, Buffer.from(value, 'base64').toString('utf8')]),
  );
  return { ...decoded, ...object.stringData };
}

/**
 * The environment a container starts with: its ConfigMaps and Secrets (envFrom), then its own env.
 * `secretValue` gives the value for a key from a Secret, so a template's placeholders can stand in.
 */
export function environmentOf(
  container: Container,
  find: (kind: 'ConfigMap' | 'Secret', name: string) => K8sObject | undefined,
  secretValue: (key: string, value: string) => string,
): Record<string, string> {
  const env: Record<string, string> = {};
  const lookup = (kind: 'ConfigMap' | 'Secret', name: string) => {
    const found = find(kind, name);
    if (!found) throw new Error(`container ${container.name} reads the ${kind} ${name}, which neither the overlay nor the template has`);
    return valuesOf(found);
  };
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) Object.assign(env, lookup('ConfigMap', source.configMapRef.name));
    if (source.secretRef) {
      for (const [key, value] of Object.entries(lookup('Secret', source.secretRef.name))) env[key] = secretValue(key, value);
    }
  }
  for (const variable of container.env ?? []) {
    const ref = variable.valueFrom?.secretKeyRef;
    if (ref) {
      const value = lookup('Secret', ref.name)[ref.key];
      if (value === undefined)
        throw new Error(`container ${container.name} reads ${ref.key} from the Secret ${ref.name}, which has no such key`);
      env[variable.name] = secretValue(ref.key, value);
    } else if (variable.value !== undefined) {
      env[variable.name] = variable.value;
    }
  }
  return env;
}
