import { describe, expect, it } from '@jest/globals';
import * as keda from '@kubernetes-models/keda/keda.sh/v1alpha1';
import * as monitoring from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import * as apps from 'kubernetes-models/apps/v1';
import * as autoscaling from 'kubernetes-models/autoscaling/v2';
import * as batch from 'kubernetes-models/batch/v1';
import * as networking from 'kubernetes-models/networking.k8s.io/v1';
import * as policy from 'kubernetes-models/policy/v1';
import * as core from 'kubernetes-models/v1';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configSchema } from '../../api/src/platform/config/config.schema.js';
import { parseWebConfig } from '../../web/app/lib/config.server.js';
import {
  environmentOf,
  OVERLAYS,
  podOwners,
  render,
  templateSecret,
  valuesOf,
  type Container,
  type K8sObject,
  type PodOwner,
} from './rendered-manifests.js';

/** The Kubernetes schemas, by apiVersion; each module exports one model class per kind. */
const MODELS: Record<string, Record<string, unknown>> = {
  v1: core,
  'apps/v1': apps,
  'batch/v1': batch,
  'networking.k8s.io/v1': networking,
  'policy/v1': policy,
  'autoscaling/v2': autoscaling,
  'keda.sh/v1alpha1': keda,
  'monitoring.coreos.com/v1': monitoring,
};

/** What each of the image's commands is, so its environment is checked against the right schema. */
const ROLES: Record<string, 'server' | 'web'> = {
  'dist/api/src/main.js': 'server',
  'dist/workers/src/main.js': 'server',
  'dist/scripts/migrate.js': 'server',
  'dist/web/server/main.js': 'web',
};

/** Queues that more workers would not drain faster, so they are no scaling trigger. */
const NOT_SCALED_ON_DEPTH: Record<string, string> = {
  invoices: 'paced to a fixed rate over all workers together (INVOICES_PACE)',
  analytics: 'one partition-making run a day: never a backlog',
};

const PLACEHOLDER = 'REPLACE_ME';
const apiSettings = configSchema.in.shape as Record<string, { safeParse(value: unknown): { success: boolean } }>;
const STAND_INS = ['ab'.repeat(32), 'https://stand-in.example.com/', 'stand-in.example.com:6379'];

/** A value of the right shape for a template's placeholder: the test checks the key is wired, not its secret. */
function standIn(key: string): string {
  const setting = apiSettings[key];
  return (setting && STAND_INS.find((candidate) => setting.safeParse(candidate).success)) ?? STAND_INS[0]!;
}

/** Every queue the modules' jobs declare (`queue: '…'` in api/src/modules/<domain>/jobs/*.job.ts). */
function declaredQueues(): string[] {
  const modules = join(process.cwd(), 'api', 'src', 'modules');
  const queues = new Set<string>();
  for (const domain of readdirSync(modules)) {
    let files: string[] = [];
    try {
      files = readdirSync(join(modules, domain, 'jobs')).filter((file) => file.endsWith('.job.ts'));
    } catch {
      continue;
    }
    for (const file of files) {
      for (const match of readFileSync(join(modules, domain, 'jobs', file), 'utf8').matchAll(/^\s*queue:\s*'([^']+)'/gm))
        queues.add(match[1]!);
    }
  }
  return [...queues].sort();
}

/**
 * kubectl prints a long Secret value's base64 over several lines (a YAML block), which the API server
 * reads as one (Go's base64 skips line breaks) but the schema's "byte" format does not.
 */
function withoutLineBreaks(object: K8sObject): K8sObject {
  if (object.kind !== 'Secret' || !object.data) return object;
  return { ...object, data: Object.fromEntries(Object.entries(object.data).map(([key, value]) => [key, value.replace(/\s/g, '')])) };
}

const roleOf = (container: Container) => Object.entries(ROLES).find(([script]) => container.command?.includes(script))?.[1];
const describeObject = (object: K8sObject) => `${object.kind}/${object.metadata.name}`;

describe.each(OVERLAYS)('k8s/overlays/%s', (overlay) => {
  const objects = render(overlay);
  const owners = podOwners(objects);
  const containers = owners.flatMap((owner) => owner.podSpec.containers.map((container) => ({ owner, container })));
  const template = templateSecret();
  const find = (kind: 'ConfigMap' | 'Secret', name: string) =>
    objects.find((object) => object.kind === kind && object.metadata.name === name) ??
    (kind === 'Secret' && name === template.metadata.name ? template : undefined);
  const secretValue = (key: string, value: string) => (value === PLACEHOLDER ? standIn(key) : value);
  const appConfig = () => {
    const api = containers.find(({ container }) => container.command?.includes('dist/api/src/main.js'));
    if (!api) throw new Error('no API container');
    return environmentOf(api.container, find, secretValue);
  };

  it('renders the three roles and the migration, from one image', () => {
    const images = new Set(containers.filter(({ container }) => roleOf(container)).map(({ container }) => container.image));
    const commands = containers.map(({ container }) => container.command?.join(' '));
    for (const script of Object.keys(ROLES)) expect(commands).toContain(`node ${script}`);
    expect(images.size).toBe(1);
  });

  it('validates every object against its Kubernetes schema', () => {
    const problems = objects.flatMap((object) => {
      const Model = MODELS[object.apiVersion]?.[object.kind] as (new (data: unknown) => { validate(): void }) | undefined;
      if (!Model) return [`${object.apiVersion} ${describeObject(object)}: no schema to check it against`];
      try {
        new Model(withoutLineBreaks(object)).validate();
        return [];
      } catch (error) {
        return [`${describeObject(object)}: ${(error as Error).message}`];
      }
    });
    expect(problems).toEqual([]);
  });

  it('gives every long-running container liveness and readiness probes', () => {
    const missing = containers
      .filter(({ owner }) => owner.object.kind !== 'Job' && owner.object.kind !== 'CronJob')
      .filter(({ container }) => !container.livenessProbe || !container.readinessProbe)
      .map(({ owner, container }) => `${describeObject(owner.object)} ${container.name}`);
    expect(missing).toEqual([]);
  });

  it('points every HTTP probe at a port the container declares', () => {
    const wrong = containers.flatMap(({ owner, container }) =>
      [container.livenessProbe, container.readinessProbe, container.startupProbe]
        .map((probe) => probe?.httpGet?.port)
        .filter((port) => port !== undefined)
        .filter((port) => !container.ports?.some((declared) => declared.name === port || declared.containerPort === port))
        .map((port) => `${describeObject(owner.object)} ${container.name}: ${port}`),
    );
    expect(wrong).toEqual([]);
  });

  it('declares the ports the processes listen on, as their settings say', () => {
    const settings = appConfig();
    const port = (command: string, name: string) =>
      containers.find(({ container }) => container.command?.includes(command))?.container.ports?.find((declared) => declared.name === name)
        ?.containerPort;
    expect({
      api: port('dist/api/src/main.js', 'http'),
      apiMetrics: port('dist/api/src/main.js', 'metrics'),
      workersOps: port('dist/workers/src/main.js', 'ops'),
      web: port('dist/web/server/main.js', 'http'),
    }).toEqual({
      api: Number(settings.API_PORT),
      apiMetrics: Number(settings.API_METRICS_PORT),
      workersOps: Number(settings.WORKERS_OPS_PORT),
      web: Number(settings.WEB_PORT),
    });
  });

  it('gives every container CPU and memory requests and limits', () => {
    const missing = containers.flatMap(({ owner, container }) =>
      ['requests', 'limits'].flatMap((kind) =>
        ['cpu', 'memory']
          .filter((resource) => !container.resources?.[kind as 'requests' | 'limits']?.[resource])
          .map((resource) => `${describeObject(owner.object)} ${container.name}: ${kind}.${resource}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('runs every container as a non-root user on a read-only root filesystem', () => {
    const unsafe = containers.flatMap(({ owner, container }: { owner: PodOwner; container: Container }) => {
      const pod = owner.podSpec.securityContext ?? {};
      const own = container.securityContext ?? {};
      const user = own.runAsUser ?? pod.runAsUser;
      const problems = [
        (own.runAsNonRoot ?? pod.runAsNonRoot) !== true && 'runAsNonRoot is not true',
        (user === undefined || user === 0) && 'no non-root runAsUser',
        own.readOnlyRootFilesystem !== true && 'the root filesystem is writable',
        own.allowPrivilegeEscalation !== false && 'privilege escalation is allowed',
      ].filter(Boolean);
      return problems.map((problem) => `${describeObject(owner.object)} ${container.name}: ${problem}`);
    });
    expect(unsafe).toEqual([]);
  });

  it('pins every image to a version (never latest, never untagged)', () => {
    const unpinned = containers
      .map(({ container }) => container.image)
      .filter((image) => {
        if (/@sha256:[0-9a-f]{64}$/.test(image)) return false;
        const tag = /:([^:/]+)$/.exec(image)?.[1];
        return !tag || tag === 'latest';
      });
    expect(unpinned).toEqual([]);
  });

  it('gives each process every setting it needs (set in the ConfigMap or the Secret, or defaulted by its schema)', () => {
    const problems = containers.flatMap(({ owner, container }) => {
      const role = roleOf(container);
      if (!role) return [];
      const env = environmentOf(container, find, secretValue);
      const where = `${describeObject(owner.object)} ${container.name}`;
      if (role === 'web') {
        try {
          parseWebConfig(env);
          return [];
        } catch (error) {
          return [`${where}: ${(error as Error).message}`];
        }
      }
      const parsed = configSchema.safeParse(env);
      return parsed.success ? [] : parsed.error.issues.map((issue) => `${where}: ${issue.path.join('.')}: ${issue.message}`);
    });
    expect(problems).toEqual([]);
  });

  it('runs the migration with the release’s image and settings', () => {
    const job = owners.find(({ object }) => object.kind === 'Job' && object.metadata.labels?.['app.kubernetes.io/component'] === 'migrate');
    const api = containers.find(({ container }) => container.command?.includes('dist/api/src/main.js'))!.container;
    const migrate = job?.podSpec.containers[0];
    expect(migrate?.image).toBe(api.image);
    expect(migrate?.envFrom).toEqual(api.envFrom);
    expect(job?.object.spec?.parallelism).toBe(1);
  });

  it('lets one autoscaler at most own each Deployment, and no Deployment it owns sets replicas', () => {
    const owned = objects.flatMap((object) => {
      if (object.kind === 'HorizontalPodAutoscaler') return [object.spec!.scaleTargetRef.name as string];
      if (object.kind === 'ScaledObject') return [object.spec!.scaleTargetRef.name as string];
      return [];
    });
    const deployments = objects.filter((object) => object.kind === 'Deployment');
    const twice = owned.filter((name, index) => owned.indexOf(name) !== index);
    const fixedReplicas = deployments
      .filter((deployment) => owned.includes(deployment.metadata.name) && deployment.spec?.replicas !== undefined)
      .map(describeObject);
    const unknownTargets = owned.filter((name) => !deployments.some((deployment) => deployment.metadata.name === name));
    expect({ twice, fixedReplicas, unknownTargets }).toEqual({ twice: [], fixedReplicas: [], unknownTargets: [] });
  });

  it('scales the workers on the wait list of every queue more workers drain faster', () => {
    const scaledObjects = objects.filter((object) => object.kind === 'ScaledObject');
    if (scaledObjects.length === 0) return;
    const prefix = appConfig().QUEUE_PREFIX ?? 'tribe';
    const lists = scaledObjects.flatMap((object) =>
      (object.spec!.triggers as Array<{ type: string; metadata: { listName?: string } }>)
        .filter((trigger) => trigger.type === 'redis')
        .map((trigger) => trigger.metadata.listName),
    );
    const expected = declaredQueues()
      .filter((queue) => !(queue in NOT_SCALED_ON_DEPTH))
      .map((queue) => `${prefix}:${queue}:wait`);
    expect([...lists].sort()).toEqual(expected.sort());
  });

  it('finds the Secret of every KEDA TriggerAuthentication key in the overlay or the template', () => {
    const missing = objects
      .filter((object) => object.kind === 'TriggerAuthentication')
      .flatMap((object) => object.spec!.secretTargetRef as Array<{ name: string; key: string }>)
      .filter((ref) => {
        const secret = find('Secret', ref.name);
        return !secret || valuesOf(secret)[ref.key] === undefined;
      })
      .map((ref) => `${ref.name}/${ref.key}`);
    expect(missing).toEqual([]);
  });
});
