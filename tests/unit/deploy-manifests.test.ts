import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments, parseDocument } from 'yaml';
import { APP_KEEP_ALIVE_MS } from '@/deploy/keep-alive';
import { parseConfig } from '@/lib/platform/settings/config';
import { DEFAULT_METRICS_PORT } from '@/lib/platform/settings/schema';
import { METRICS_PATH } from '@/lib/platform/observability/metrics-server';
import { providerIds } from '@/lib/vocabulary/providers';
import { SERVER_NODE_FLAGS } from '../../deploy/server-node-flags';
import { parseEnvFile, readEnvExample, readEnvExampleText } from './env-file';

// What deploy/README.md promises about deploy/kubernetes and deploy/nginx, checked on the objects
// the production overlay renders to, as `kubectl apply -k` would send them.

const root = join(__dirname, '../..');
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

const overlayPath = 'deploy/kubernetes/overlays/production';
const overlay = join(root, overlayPath);

/** A Kubernetes quantity in MiB: `512Mi`, `1Gi`. */
function mebibytes(quantity: string): number {
  const match = /^(\d+)(Mi|Gi)$/.exec(quantity);
  if (!match) throw new Error(`not a quantity in Mi or Gi: ${quantity}`);
  return Number(match[1]) * (match[2] === 'Gi' ? 1024 : 1);
}

type Probe = { httpGet: { path: string; port: string | number } };
type Container = {
  name: string;
  image: string;
  ports: { name: string; containerPort: number }[];
  envFrom: ({ configMapRef: { name: string } } | { secretRef: { name: string } })[];
  livenessProbe: Probe;
  readinessProbe: Probe;
  lifecycle: { preStop: { exec: { command: string[] } } };
  resources: { requests: Record<string, string>; limits: Record<string, string> };
  securityContext: { runAsNonRoot?: boolean; allowPrivilegeEscalation: boolean; readOnlyRootFilesystem: boolean };
  volumeMounts: { name: string; mountPath: string }[];
};
type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  // Each kind reads its own fields below.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a rendered object, read field by field
  spec: any;
  data?: Record<string, string>;
};

const KUBECTL_NEEDED =
  'kubectl 1.21 or later (its built-in kustomize renders deploy/kubernetes) is needed for these tests. This machine kind ships it in ' +
  '/usr/bin/kubectl; elsewhere install it from the Kubernetes project\'s own packages (Debian\'s kubernetes-client is 1.20, too old).';

/**
 * The overlay as kubectl renders it, from a copy of deploy/ in which secrets.env is the committed
 * example: an operator's real secrets.env is never read, and a fresh clone, which has none, renders too.
 */
function renderProduction(path = overlayPath): Manifest[] {
  const copy = mkdtempSync(join(tmpdir(), 'desk-login-kustomize-'));
  try {
    for (const folder of ['deploy/kubernetes', 'deploy/nginx']) {
      cpSync(join(root, folder), join(copy, folder), { recursive: true, filter: (source) => !source.endsWith('/secrets.env') });
    }
    writeFileSync(join(copy, overlayPath, 'secrets.env'), readFileSync(join(overlay, 'secrets.env.example')));
    const rendered = spawnSync('kubectl', ['kustomize', join(copy, path)], { encoding: 'utf8' });
    if (rendered.error) throw new Error(`${KUBECTL_NEEDED}\n${rendered.error.message}`);
    if (rendered.status !== 0) throw new Error(`kubectl kustomize ${path} failed:\n${rendered.stderr}\n${KUBECTL_NEEDED}`);
    return parseAllDocuments(rendered.stdout).map((document) => {
      const problems = [...document.errors, ...document.warnings];
      if (problems.length > 0) throw new Error(problems.map((problem) => problem.message).join('; '));
      return document.toJS() as Manifest;
    });
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** What the Kubernetes API schema (kubernetes-models) says of each object: null where it accepts it. */
function schemaFindings(objects: unknown[]): (string | null)[] {
  const checked = spawnSync(
    process.execPath,
    ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', join(__dirname, 'kubernetes-schema.ts')],
    { input: JSON.stringify(objects), encoding: 'utf8' },
  );
  if (checked.status !== 0) throw new Error(`tests/unit/kubernetes-schema.ts failed:\n${checked.stderr}`);
  return JSON.parse(checked.stdout) as (string | null)[];
}

const manifests = renderProduction();

function named(kind: string, name: string): Manifest {
  const found = manifests.filter((manifest) => manifest.kind === kind && manifest.metadata.name === name);
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** A generated ConfigMap or Secret: its name carries a hash of its content. */
function generated(kind: 'ConfigMap' | 'Secret', name: string): Manifest {
  const found = manifests.filter((manifest) => manifest.kind === kind && new RegExp(`^${name}-[a-z0-9]{10}$`).test(manifest.metadata.name));
  expect(found).toHaveLength(1);
  return found[0]!;
}

const deployment = named('Deployment', 'desk-login');
const podSpec = deployment.spec.template.spec;
const container: Container = podSpec.containers[0];
const configMap = generated('ConfigMap', 'desk-login');
const secret = generated('Secret', 'desk-login');
const secretData = Object.fromEntries(Object.entries(secret.data ?? {}).map(([name, value]) => [name, Buffer.from(value, 'base64').toString('utf8')]));
const proxy = named('Deployment', 'desk-booking-proxy');
const proxySettings = generated('ConfigMap', 'desk-booking-proxy');
const siteTemplate = generated('ConfigMap', 'desk-booking-proxy-site');

describe(`kubectl kustomize ${overlayPath}`, () => {
  it('renders the app, the nginx site in front of it, and their namespace', () => {
    expect(manifests.map((manifest) => `${manifest.kind} ${manifest.metadata.name.replace(/-[a-z0-9]{10}$/, '-<hash>')}`).sort()).toEqual([
      'ConfigMap desk-booking-proxy-<hash>',
      'ConfigMap desk-booking-proxy-helpers-<hash>',
      'ConfigMap desk-booking-proxy-site-<hash>',
      'ConfigMap desk-login-<hash>',
      'Deployment desk-booking-proxy',
      'Deployment desk-login',
      'HorizontalPodAutoscaler desk-login',
      'Namespace desk-booking',
      'NetworkPolicy desk-login',
      'PodDisruptionBudget desk-booking-proxy',
      'PodDisruptionBudget desk-login',
      'Secret desk-login-<hash>',
      'Service desk-booking-proxy',
      'Service desk-login',
      'Service desk-login-instances',
    ]);
  });

  it('puts every object in the namespace it creates', () => {
    expect(manifests.filter((manifest) => manifest.kind !== 'Namespace' && manifest.metadata.namespace !== 'desk-booking')).toEqual([]);
  });

  it('renders only objects that the Kubernetes API schema accepts', () => {
    // kustomize folds a long Secret value's base64 over lines, which the API server's decoder
    // (Go's encoding/base64) skips and the schema's "byte" format does not.
    const asSent = manifests.map((manifest) =>
      manifest.kind === 'Secret' ? { ...manifest, data: Object.fromEntries(Object.entries(manifest.data ?? {}).map(([name, value]) => [name, value.replace(/\n/g, '')])) } : manifest,
    );
    const findings = schemaFindings(asSent);
    expect(findings).toHaveLength(manifests.length);
    expect(findings.filter(Boolean)).toEqual([]);
  });

  it('validates for real: a container port written as a string is refused', () => {
    const broken = structuredClone(deployment);
    broken.spec.template.spec.containers[0].ports[0].containerPort = '3000';
    expect(schemaFindings([deployment, broken])).toEqual([null, expect.stringMatching(/^apps\/v1 Deployment: .*containerPort must be integer/)]);
  });

  it('runs the images the overlay names, each with a tag', () => {
    const images = [proxy, deployment].flatMap((manifest) =>
      [...(manifest.spec.template.spec.initContainers ?? []), ...manifest.spec.template.spec.containers].map((each: { image: string }) => each.image),
    );
    expect([...new Set(images)].sort()).toEqual([
      'ghcr.io/google/mtail:3.0.8',
      'nginxinc/nginx-unprivileged:1.28.0-alpine',
      'registry.example.com/desk-booking/desk-login:0.1.0',
    ]);
  });
});

describe('the app\'s Deployment', () => {
  it('leaves the number of instances to the autoscaler, one container each', () => {
    expect(deployment.spec).not.toHaveProperty('replicas');
    expect(podSpec.containers).toHaveLength(1);
    expect(deployment.spec.selector.matchLabels).toEqual(expect.objectContaining({ 'app.kubernetes.io/name': 'desk-login' }));
    expect(deployment.spec.template.metadata.labels).toEqual(expect.objectContaining(deployment.spec.selector.matchLabels));
  });

  it('probes liveness on /login/api/health and readiness on /login/api/ready, on the container port', () => {
    expect(container.livenessProbe.httpGet.path).toBe('/login/api/health');
    expect(container.readinessProbe.httpGet.path).toBe('/login/api/ready');
    const portNames = container.ports.map((port) => port.name);
    expect(portNames).toContain(container.livenessProbe.httpGet.port);
    expect(portNames).toContain(container.readinessProbe.httpGet.port);
  });

  it('runs as a non-root user that cannot gain privileges, on a read-only root file system', () => {
    expect(podSpec.securityContext.runAsNonRoot).toBe(true);
    expect(podSpec.securityContext.runAsUser).toBeGreaterThan(0);
    expect(container.securityContext).toEqual(
      expect.objectContaining({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true }),
    );
    const emptyDirs = podSpec.volumes.filter((volume: { emptyDir?: unknown }) => volume.emptyDir).map((volume: { name: string }) => volume.name);
    expect(container.volumeMounts).toEqual([{ name: emptyDirs[0], mountPath: '/app/.next/cache' }]);
  });

  it('stops routing before SIGTERM and leaves the server time to drain', () => {
    expect(container.lifecycle.preStop.exec.command).toEqual(['sleep', '5']);
    expect(podSpec.terminationGracePeriodSeconds).toBe(30);
  });

  it('requests 100m CPU and 192Mi, and is limited to 1 CPU and 512Mi', () => {
    expect(container.resources).toEqual({ requests: { cpu: '100m', memory: '192Mi' }, limits: { cpu: '1', memory: '512Mi' } });
  });

  it('takes its environment from the generated ConfigMap and Secret, by their hashed names', () => {
    expect(container.envFrom).toEqual([{ configMapRef: { name: configMap.metadata.name } }, { secretRef: { name: secret.metadata.name } }]);
  });

  it('is reached through a Service that selects its pods, without sticky sessions', () => {
    const service = named('Service', 'desk-login');
    expect(deployment.spec.template.metadata.labels).toEqual(expect.objectContaining(service.spec.selector));
    expect(service.spec.sessionAffinity ?? 'None').toBe('None');
    expect(container.ports.map((port) => port.name)).toContain(service.spec.ports[0].targetPort);
  });

  it('serves the app on port 3000 and the metrics on METRICS_PORT\'s default, two ports by name', () => {
    expect(container.ports).toEqual([
      { name: 'http', containerPort: 3000 },
      { name: 'metrics', containerPort: DEFAULT_METRICS_PORT },
    ]);
  });

  it('admits the proxy\'s pods to the app\'s port only, and Prometheus\'s pods to the metrics port only', () => {
    const policy = named('NetworkPolicy', 'desk-login');
    expect(policy.spec.podSelector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
    expect(policy.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(policy.spec.ingress).toHaveLength(2);
    const [proxyRule, prometheus] = policy.spec.ingress;
    expect(proxyRule.from).toEqual([{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'desk-booking-proxy' } } }]);
    expect(proxyRule.ports).toEqual([{ port: 'http', protocol: 'TCP' }]);
    expect(prometheus.from).toEqual([
      { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } }, podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } } },
    ]);
    expect(prometheus.ports).toEqual([{ port: 'metrics', protocol: 'TCP' }]);
    // Each rule names a port the container has: a misspelt name would admit nobody.
    const portNames = container.ports.map((port) => port.name);
    for (const rule of [proxyRule, prometheus]) expect(portNames).toContain(rule.ports[0].port);
    // The shipped proxy's pods are the ones the first rule admits.
    expect(proxy.spec.template.metadata.labels).toEqual(expect.objectContaining(proxyRule.from[0].podSelector.matchLabels));
  });

  it('leaves which Prometheus reaches the metrics, and where the app connects to, to the overlay', () => {
    const basePolicy = renderProduction('deploy/kubernetes/base').find((manifest) => manifest.kind === 'NetworkPolicy')!;
    expect(basePolicy.spec.policyTypes).toEqual(['Ingress']);
    expect(basePolicy.spec.ingress).toEqual([named('NetworkPolicy', 'desk-login').spec.ingress[0]]);
    expect(basePolicy.spec).not.toHaveProperty('egress');
  });

  it('lets the app connect to the cluster\'s DNS, the Redis of REDIS_URL, and HTTPS outside the cluster, and nowhere else', () => {
    const [dns, redis, https, ...more] = named('NetworkPolicy', 'desk-login').spec.egress;
    expect(more).toEqual([]);
    expect(dns.ports).toEqual([{ port: 53, protocol: 'UDP' }, { port: 53, protocol: 'TCP' }]);
    expect(dns.to).toEqual([{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } }, podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } } }]);
    expect(redis.ports).toEqual([{ port: Number(new URL(secretData.REDIS_URL ?? '').port), protocol: 'TCP' }]);
    expect(https.ports).toEqual([{ port: 443, protocol: 'TCP' }]);
    expect(https.to[0].ipBlock.except).toEqual(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16']);
    // Every URL the app calls is https on its default port.
    for (const name of ['BACKEND_URL', 'ORG_BACKEND_URL_TEMPLATE', 'GOOGLE_ISSUER', 'MICROSOFT_AUTHORITY']) {
      const url = new URL((configMap.data?.[name] ?? '').replace('{subDomain}', 'x'));
      expect([name, url.protocol, url.port]).toEqual([name, 'https:', '']);
    }
  });

  it('tells a Prometheus where the metrics are, by pod annotation and by ServiceMonitor alike: the metrics port, at /metrics', () => {
    const metrics = container.ports.find((port) => port.name === 'metrics')!;
    expect(deployment.spec.template.metadata.annotations).toEqual({
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': String(metrics.containerPort),
      'prometheus.io/path': METRICS_PATH,
    });
    const monitor = parseDocument(readFileSync(join(root, 'deploy/kubernetes/prometheus-operator/service-monitor.yaml'), 'utf8')).toJS() as Manifest;
    expect(monitor.kind).toBe('ServiceMonitor');
    // A ServiceMonitor selects Services by their labels, then scrapes the pods behind them on the named port.
    const service = named('Service', 'desk-login');
    expect(service.metadata.labels).toEqual(expect.objectContaining(monitor.spec.selector.matchLabels));
    expect(monitor.spec.endpoints).toEqual([expect.objectContaining({ port: 'metrics', path: METRICS_PATH })]);
    expect(service.spec.ports).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'metrics', targetPort: 'metrics' })]));
  });

  it('is selected by the Prometheus of the overlay, as the jobs the alerts name', () => {
    const monitors = renderProduction('deploy/kubernetes/overlays/production/prometheus-operator');
    expect(monitors.map((monitor) => `${monitor.kind} ${monitor.metadata.name}`).sort()).toEqual(['PodMonitor desk-booking-proxy', 'ServiceMonitor desk-login']);
    for (const monitor of monitors) {
      expect(monitor.metadata.labels).toEqual(expect.objectContaining({ release: 'kube-prometheus-stack' }));
      expect(monitor.metadata.namespace).toBe('desk-booking');
    }
    // The base monitors carry no release: that is the environment's.
    expect(readFileSync(join(root, 'deploy/kubernetes/prometheus-operator/service-monitor.yaml'), 'utf8')).not.toContain('release:');
    const alerts = readFileSync(join(root, 'deploy/prometheus/alerts.yml'), 'utf8');
    // A ServiceMonitor's job is its Service's name; the PodMonitor's, the pods' label it names.
    expect(alerts).toContain(`up{job="${named('Service', 'desk-login').metadata.name}"}`);
    const podMonitor = monitors.find((monitor) => monitor.kind === 'PodMonitor')!;
    expect(alerts).toContain(`up{job="${proxy.spec.template.metadata.labels[podMonitor.spec.jobLabel]}"}`);
    expect(proxy.spec.template.metadata.labels).toEqual(expect.objectContaining(podMonitor.spec.selector.matchLabels));
    const exporterPorts = proxy.spec.template.spec.containers.flatMap((each: Container) => each.ports ?? []).map((port: { name: string }) => port.name);
    expect(exporterPorts).toContain(podMonitor.spec.podMetricsEndpoints[0].port);
  });

  it('mounts the certificate cert-manager issues for the domain and its wildcard, through DNS-01', () => {
    const [certificate, issuer] = ['Certificate', 'Issuer'].map((kind) =>
      renderProduction('deploy/kubernetes/overlays/production/cert-manager').find((manifest) => manifest.kind === kind)!,
    );
    const domain = generated('ConfigMap', 'desk-booking-proxy').data?.DOMAIN;
    expect(certificate!.spec.dnsNames).toEqual([domain, `*.${domain}`]);
    expect(proxy.spec.template.spec.volumes).toEqual(expect.arrayContaining([{ name: 'tls', secret: { secretName: certificate!.spec.secretName } }]));
    expect(certificate!.spec.issuerRef).toEqual({ kind: issuer!.kind, name: issuer!.metadata.name });
    // A wildcard is issued only against a DNS-01 challenge.
    expect(issuer!.spec.acme.solvers.every((solver: object) => 'dns01' in solver)).toBe(true);
  });

  it('scales between 3 and 12 instances at 70 % CPU', () => {
    const autoscaler = named('HorizontalPodAutoscaler', 'desk-login');
    expect(autoscaler.apiVersion).toBe('autoscaling/v2');
    expect(autoscaler.spec.scaleTargetRef).toEqual({ apiVersion: deployment.apiVersion, kind: 'Deployment', name: deployment.metadata.name });
    expect([autoscaler.spec.minReplicas, autoscaler.spec.maxReplicas]).toEqual([3, 12]);
    expect(autoscaler.spec.metrics).toEqual([
      { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } },
    ]);
  });
});

describe('the settings in the generated ConfigMap and Secret', () => {
  const configMapData = configMap.data ?? {};
  const secretNames = ['SESSION_SECRET', 'GOOGLE_CLIENT_SECRET', 'MICROSOFT_CLIENT_SECRET', 'REDIS_URL'];

  it('are all settings that .env.example lists', () => {
    const listed = Object.keys(readEnvExample());
    const named = [...Object.keys(configMapData), ...Object.keys(secretData)];
    expect(named.filter((name) => !listed.includes(name))).toEqual([]);
  });

  it('keep the secrets in the Secret, as placeholders, and out of the ConfigMap', () => {
    expect(Object.keys(secretData).sort()).toEqual([...secretNames].sort());
    expect(Object.keys(configMapData).filter((name) => secretNames.includes(name))).toEqual([]);
    // A placeholder, whole or where the secret part of a URL goes.
    for (const value of Object.values(secretData)) expect(value).toMatch(/^replace-with-|:replace-with-[a-z-]+@/);
  });

  it('come from files that docker run --env-file reads alike, the secrets from one that git ignores', () => {
    for (const file of ['settings.env', 'secrets.env.example', 'proxy.env']) expect(() => parseEnvFile(readFileSync(join(overlay, file), 'utf8'))).not.toThrow();
    expect(spawnSync('git', ['check-ignore', '-q', join(overlayPath, 'secrets.env')], { cwd: root }).status).toBe(0);
    expect(spawnSync('git', ['check-ignore', '-q', join(overlayPath, 'secrets.env.example')], { cwd: root }).status).toBe(1);
  });

  it('require every app to send a PKCE challenge', () => {
    expect(configMapData.SSO_REQUIRE_CODE_CHALLENGE).toBe('true');
  });

  it('together make a valid production configuration once the secrets are filled in, with the metrics on the container\'s metrics port', () => {
    expect(parseConfig({ ...configMapData, ...secretData, NODE_ENV: 'production' })).toMatchObject({ ok: false, problems: secretNames.map((name) => expect.stringMatching(new RegExp(`^${name}: .*placeholder`))) });
    const filledIn = {
      SESSION_SECRET: 'Vq3N8xJ0rZb1mKc7TfWd5yHs2GpLa9Ue4Ro6EiXt0nQ=',
      GOOGLE_CLIENT_SECRET: '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',
      MICROSOFT_CLIENT_SECRET: 'Xk98Q~bN2vL.7mFzR4tYcW1pHs6JdG0aEu3iKo5r',
      REDIS_URL: secretData.REDIS_URL!.replace('replace-with-the-redis-password', '9f2c7a1e5b3d8046c2e9a7f1b4d6c8e0'),
    };
    const result = parseConfig({ ...configMapData, ...secretData, ...filledIn, NODE_ENV: 'production' });
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.config.metrics.port).toBe(container.ports.find((port) => port.name === 'metrics')!.containerPort);
    expect(result.config.ssoRequireCodeChallenge).toBe(true);
    // Only the reminder that a multi-tenant Microsoft authority needs xms_edov or a tenant list:
    // none about SSO_REQUIRE_CODE_CHALLENGE, which the overlay leaves required of every app.
    expect(result.warnings).toEqual([expect.stringMatching(/^MICROSOFT_AUTHORITY admits any tenant \(organizations\)/)]);
  });
});

describe('the nginx site\'s Deployment', () => {
  const proxySpec = proxy.spec.template.spec;
  const [fillIn, testSite] = proxySpec.initContainers;
  const nginx = proxySpec.containers[0];
  const site = readFileSync(join(root, 'deploy/nginx/desk-booking.conf'), 'utf8');
  const settings = proxySettings.data ?? {};

  /** The fill-in-site container's command, run here on the site with the given variables. */
  function fillInSite(variables: Record<string, string>): { status: number | null; stderr: string; site: string } {
    const folder = mkdtempSync(join(tmpdir(), 'desk-booking-site-'));
    try {
      writeFileSync(join(folder, 'template.conf'), siteTemplate.data!['desk-booking.conf']!);
      const [shell, flag, script] = fillIn.command;
      const run = spawnSync(shell, [flag, script, 'fill-in-site', join(folder, 'template.conf'), join(folder, 'site.conf')], {
        env: { NODE_ENV: process.env.NODE_ENV, PATH: process.env.PATH, ...variables },
        encoding: 'utf8',
      });
      let filled = '';
      try {
        filled = readFileSync(join(folder, 'site.conf'), 'utf8');
      } catch {}
      return { status: run.status, stderr: run.stderr, site: filled };
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }

  it('serves deploy/nginx/desk-booking.conf itself, byte for byte', () => {
    expect(siteTemplate.data).toEqual({ 'desk-booking.conf': site });
    expect(proxySpec.volumes).toEqual(expect.arrayContaining([{ name: 'site-template', configMap: { name: siteTemplate.metadata.name } }]));
  });

  it('fills in every placeholder from proxy.env as each pod starts', () => {
    expect(fillIn.envFrom).toEqual([{ configMapRef: { name: proxySettings.metadata.name } }]);
    const placeholders = [...new Set(site.match(/\{\{[A-Z_]+\}\}/g))].map((placeholder) => placeholder.slice(2, -2)).sort();
    expect(Object.keys(settings).sort()).toEqual(placeholders);
    const { status, stderr, site: filled } = fillInSite(settings);
    expect([status, stderr]).toEqual([0, '']);
    expect(filled).not.toMatch(/\{\{[A-Z_]+\}\}/);
    expect(filled).toContain(`    ${settings.LOGIN_APP_SERVERS}\n    keepalive 16;`);
    expect(filled).toContain(`    listen ${settings.HTTPS_PORT} ssl;\n    http2 on;\n`);
  });

  it('writes a value literally, and stops naming the one that is missing', () => {
    const literal = fillInSite({ ...settings, ACCESS_LOG: '/var/log/a|b&c\\d.log' });
    expect(literal.site).toContain('access_log /var/log/a|b&c\\d.log desk_booking;');
    const { DOMAIN: _domain, ...withoutDomain } = settings;
    const missing = fillInSite({ ...withoutDomain });
    expect(missing.status).toBe(1);
    expect(missing.stderr.trim()).toBe('DOMAIN: required in proxy.env (deploy/README.md, The nginx site)');
    expect(fillInSite({ ...settings, DOMAIN: '' }).status).toBe(1);
  });

  it('serves the build\'s files of the app\'s own image, copied as each pod starts into a folder nginx reads', () => {
    const copy = proxySpec.initContainers.find((each: { name: string }) => each.name === 'copy-build-files');
    // The overlay's one tag names both: a new release brings its files to the proxy with its instances.
    const app = podSpec.containers[0];
    expect(copy.image).toBe(app.image);
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^WORKDIR \/app$/m);
    expect(dockerfile).toMatch(/^COPY --from=build \/app\/\.next\/static \.\/\.next\/static$/m);
    const staticFiles = settings.STATIC_FILES ?? '';
    expect(copy.command).toEqual(['cp', '-R', '/app/.next/static/.', `${staticFiles}/`]);
    expect(copy.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
    expect(copy.volumeMounts).toEqual([{ name: 'build-files', mountPath: staticFiles }]);
    expect(nginx.volumeMounts).toEqual(expect.arrayContaining([{ name: 'build-files', mountPath: staticFiles, readOnly: true }]));
    expect(proxySpec.volumes.find((volume: { name: string }) => volume.name === 'build-files').emptyDir).toEqual({ sizeLimit: '64Mi' });
  });

  it('asks every ready instance by its own address for a file of another release, through a headless Service', () => {
    const instances = named('Service', 'desk-login-instances');
    expect(instances.spec.clusterIP).toBe('None');
    expect(instances.spec.selector).toEqual(deployment.spec.selector.matchLabels);
    const httpPort = podSpec.containers[0].ports.find((port: { name: string }) => port.name === 'http').containerPort;
    expect(instances.spec.ports).toEqual([{ name: 'http', port: httpPort, targetPort: 'http' }]);
    expect(settings.LOGIN_APP_INSTANCES).toBe(`server ${instances.metadata.name}.${instances.metadata.namespace}.svc.cluster.local:${httpPort} resolve;`);
  });

  it('sends /login to the app\'s Service on its http port', () => {
    const service = named('Service', 'desk-login');
    const httpPort = service.spec.ports.find((port: { name: string }) => port.name === 'http').port;
    // By its full name, which nginx's resolver needs (it knows no search domains), asked again while nginx runs.
    expect(settings.LOGIN_APP_SERVERS).toBe(`server ${service.metadata.name}.${service.metadata.namespace}.svc.cluster.local:${httpPort} resolve;`);
    expect(settings.RESOLVER).toBe('kube-dns.kube-system.svc.cluster.local');
  });

  const helpers = generated('ConfigMap', 'desk-booking-proxy-helpers');
  const container = (name: string) => proxySpec.containers.find((each: { name: string }) => each.name === name);

  it('reloads nginx with deploy/nginx/reload-on-change.sh itself when the certificate or its key changes', () => {
    expect(helpers.data?.['reload-on-change.sh']).toBe(readFileSync(join(root, 'deploy/nginx/reload-on-change.sh'), 'utf8'));
    const reloader = container('reload-on-change');
    const helpersMount = reloader.volumeMounts.find((mount: { name: string }) => mount.name === 'helpers').mountPath;
    expect(reloader.command).toEqual(['sh', `${helpersMount}/reload-on-change.sh`, settings.TLS_CERTIFICATE, settings.TLS_CERTIFICATE_KEY]);
    expect(proxySpec.volumes).toEqual(expect.arrayContaining([{ name: 'helpers', configMap: { name: helpers.metadata.name } }]));
    // It signals nginx's master, so it sees its processes, and reads what nginx -s reload reads: the site, the certificate, the pid file.
    expect(proxySpec.shareProcessNamespace).toBe(true);
    expect(reloader.image).toBe(nginx.image);
    expect(reloader.volumeMounts).toEqual(expect.arrayContaining(nginx.volumeMounts));
    expect(reloader.securityContext).toEqual(nginx.securityContext);
  });

  it('takes a proxy pod out of the load balancer for its nginx only, never for a helper beside it', () => {
    expect(proxySpec.containers.filter((each: { readinessProbe?: unknown }) => each.readinessProbe).map((each: { name: string }) => each.name)).toEqual(['nginx']);
  });

  /** The volume a container mounts at the folder that holds `path`. */
  const volumeAt = (each: { volumeMounts: { name: string; mountPath: string }[] }, path: string) =>
    each.volumeMounts.find((mount) => path.startsWith(`${mount.mountPath}/`))?.name;

  it('counts nginx\'s answers with deploy/nginx/status.mtail, from the status log the site writes, kept small by rotate-status-log.sh', () => {
    expect(helpers.data?.['status.mtail']).toBe(readFileSync(join(root, 'deploy/nginx/status.mtail'), 'utf8'));
    const exporter = container('status-exporter');
    const statusLog = settings.STATUS_LOG ?? '';
    expect(exporter.args).toEqual(expect.arrayContaining([`--logs=${statusLog}`, '--logtostderr']));
    // nginx writes it, mtail reads it, the rotation renames it: one volume, an emptyDir of bounded size.
    const rotation = container('rotate-status-log');
    expect([volumeAt(nginx, statusLog), volumeAt(exporter, statusLog), volumeAt(rotation, statusLog)]).toEqual(['status-log', 'status-log', 'status-log']);
    expect(proxySpec.volumes.find((volume: { name: string }) => volume.name === 'status-log').emptyDir.sizeLimit).toBe('64Mi');
    expect(helpers.data?.['rotate-status-log.sh']).toBe(readFileSync(join(root, 'deploy/nginx/rotate-status-log.sh'), 'utf8'));
    expect(rotation.command).toEqual(['sh', '/etc/desk-booking/helpers/rotate-status-log.sh', statusLog]);
    expect(rotation.image).toBe(nginx.image);
    expect(rotation.volumeMounts).toEqual(expect.arrayContaining(nginx.volumeMounts));
    const programs = /^--progs=(.+)$/.exec(exporter.args.find((arg: string) => arg.startsWith('--progs=')))?.[1];
    const programMount = exporter.volumeMounts.find((mount: { mountPath: string }) => mount.mountPath === programs);
    expect(proxySpec.volumes.find((volume: { name: string }) => volume.name === programMount.name).configMap).toEqual({
      name: helpers.metadata.name,
      items: [{ key: 'status.mtail', path: 'status.mtail' }],
    });
    const metrics = exporter.ports.find((each: { name: string }) => each.name === 'metrics').containerPort;
    expect(exporter.args).toContain(`--port=${metrics}`);
    expect(proxy.spec.template.metadata.annotations).toEqual({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(metrics), 'prometheus.io/path': '/metrics' });
  });

  it('listens on the public ports it writes into its redirects and Host check, without root', () => {
    const service = named('Service', 'desk-booking-proxy');
    expect(nginx.ports).toEqual([{ name: 'https', containerPort: Number(settings.HTTPS_PORT) }, { name: 'http', containerPort: Number(settings.HTTP_PORT) }]);
    expect(service.spec.ports).toEqual([
      { name: 'https', port: Number(settings.HTTPS_PORT), targetPort: 'https' },
      { name: 'http', port: Number(settings.HTTP_PORT), targetPort: 'http' },
    ]);
    expect(proxySpec.securityContext).toEqual(expect.objectContaining({ runAsNonRoot: true, sysctls: [{ name: 'net.ipv4.ip_unprivileged_port_start', value: '0' }] }));
    for (const each of [fillIn, testSite, nginx]) {
      expect(each.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
    }
  });

  it('sees each client\'s own address, which the form-post limit and TRUSTED_PROXY_HOPS=1 rest on', () => {
    expect(named('Service', 'desk-booking-proxy').spec).toEqual(expect.objectContaining({ type: 'LoadBalancer', externalTrafficPolicy: 'Local' }));
    expect(configMap.data?.TRUSTED_PROXY_HOPS).toBe('1');
  });

  it('tests the filled-in site with nginx before serving it, with the certificate it names', () => {
    expect(testSite.command).toEqual(['nginx', '-t']);
    const tlsMount = nginx.volumeMounts.find((mount: { name: string }) => mount.name === 'tls').mountPath;
    expect(settings.TLS_CERTIFICATE).toBe(`${tlsMount}/tls.crt`);
    expect(settings.TLS_CERTIFICATE_KEY).toBe(`${tlsMount}/tls.key`);
    expect(testSite.volumeMounts).toEqual(expect.arrayContaining([{ name: 'tls', mountPath: tlsMount, readOnly: true }]));
  });
});

describe('the image and the Deployment', () => {
  const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');

  it('agree on the ports, the user and the health endpoint', () => {
    expect(dockerfile).toMatch(new RegExp(`^EXPOSE ${container.ports.map((port) => port.containerPort).join(' ')}$`, 'm'));
    expect(dockerfile).toMatch(new RegExp(`^USER ${podSpec.securityContext.runAsUser}:${podSpec.securityContext.runAsGroup}$`, 'm'));
    expect(dockerfile).toContain(container.livenessProbe.httpGet.path);
  });

  it('start the server with the heap the bench measured, which fits the memory limit with room for the rest', () => {
    const started = ['node', ...SERVER_NODE_FLAGS, 'server.js'];
    expect(dockerfile.split('\n')).toContain(`CMD ${JSON.stringify(started).replaceAll(',', ', ')}`);
    expect(packageJson.scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} .next/standalone/server.js`);
    const flag = (name: string) => Number(SERVER_NODE_FLAGS.find((f) => f.startsWith(`--${name}=`))?.split('=')[1]);
    // V8's young generation holds three semi-spaces; code, buffers and the rest of Node take about 128 MiB more.
    const heapMiB = flag('max-old-space-size') + 3 * flag('max-semi-space-size');
    expect(mebibytes(container.resources.limits.memory ?? '')).toBeGreaterThanOrEqual(heapMiB + 128);
  });
});

describe('deploy/nginx/desk-booking.conf', () => {
  const site = readFileSync(join(root, 'deploy/nginx/desk-booking.conf'), 'utf8');
  const readme = readFileSync(join(root, 'deploy/README.md'), 'utf8');
  const mapBlock = /^map \$uri \$desk_booking_logged_query \{\n([^}]*)\}/m.exec(site)?.[1] ?? '';
  const mapPattern = /^ +"~\*(.+)" "";$/m.exec(mapBlock)?.[1];
  const locationPattern = /^ +location ~\* "(.+)" \{\n +proxy_pass http:\/\/login_app;\n +error_log \{\{ERROR_LOG\}\} crit;/m.exec(site)?.[1];

  it('uses no directive the shipped nginx (1.28) calls deprecated: http2 is its own directive, not a listen parameter', () => {
    expect(site).not.toMatch(/^ *listen [^;]*\bhttp2\b/m);
    expect(site).toMatch(/^ +http2 on;$/m);
    // The README tells no one to write it, beside the table of what Debian's older nginx is given instead.
    expect(readme).not.toMatch(/add `listen [^`]*http2/);
  });

  it('resolves every upstream name again while it runs: each upstream in a zone, each named server with resolve', () => {
    const upstreams = [...site.matchAll(/^upstream (\w+) \{\n([\s\S]*?)^\}/gm)];
    expect(upstreams.map((upstream) => upstream[1])).toEqual(['login_app', 'login_app_instances', 'product_api', 'main_web_app']);
    for (const [, name, body] of upstreams) {
      expect(body).toContain(`    zone ${name} 64k;\n`);
      for (const server of body!.match(/^ +server .*$/gm) ?? []) expect(server).toMatch(/ resolve;$/);
    }
    expect(site).toMatch(/^resolver \{\{RESOLVER\}\} valid=\d+s ipv6=off;$/m);
  });

  it('documents every placeholder in the README', () => {
    const placeholders = [...new Set(site.match(/\{\{[A-Z_]+\}\}/g))];
    expect(placeholders).toEqual(expect.arrayContaining(['{{ACCESS_LOG}}', '{{ERROR_LOG}}']));
    expect(placeholders.filter((placeholder) => !readme.includes(`\`${placeholder}\``))).toEqual([]);
  });

  it('logs every server block in its own format, so that no access_log of nginx.conf applies', () => {
    const serverBlocks = site.split(/^server \{$/m).slice(1);
    expect(serverBlocks).toHaveLength(2);
    for (const block of serverBlocks) expect(block).toMatch(/^ {4}access_log \{\{ACCESS_LOG\}\} desk_booking;$/m);
    expect(site).toMatch(/^log_format desk_booking /m);
    // The format names no variable that holds the raw query or Referer.
    const format = /^log_format desk_booking ([^;]+);/m.exec(site)?.[1] ?? '';
    expect(format).not.toMatch(/\$(request|request_uri|args|query_string|http_referer|arg_\w+)\b/);
  });

  it('drops an idle connection to the app long before the app closes it, and every document says so with the same numbers', () => {
    const upstream = /^upstream login_app \{\n([\s\S]*?)^\}/m.exec(site)?.[1] ?? '';
    const siteSeconds = Number(/^ +keepalive_timeout (\d+)s;$/m.exec(upstream)?.[1]);
    // What the app's server keeps when KEEP_ALIVE_TIMEOUT is unset (the standalone server.js sets it).
    const nodeSeconds = APP_KEEP_ALIVE_MS / 1000;
    expect(siteSeconds).toBeGreaterThan(0);
    // An instance whose event loop a saturated machine stalls for seconds must still not close a
    // connection nginx is reusing: with a 1 s margin, form posts were reset (docs/decisions.md).
    expect(nodeSeconds - siteSeconds).toBeGreaterThanOrEqual(60);
    const example = readEnvExample().KEEP_ALIVE_TIMEOUT;
    if (example) expect(Number(example) / 1000).toBeGreaterThan(siteSeconds);
    const envExampleComment = readEnvExampleText().split('\n').find((_line, index, lines) => lines[index + 1]?.startsWith('KEEP_ALIVE_TIMEOUT='));
    const settingsReference = readFileSync(join(root, 'docs/settings.md'), 'utf8');
    const readmeRow = settingsReference.split('\n').find((line) => line.startsWith('| `KEEP_ALIVE_TIMEOUT` |'));
    for (const text of [envExampleComment, readmeRow, readme]) {
      expect(text).toContain(`${siteSeconds} s`);
      expect(text).toContain(`${nodeSeconds} s`);
    }
  });

  it('keeps the query of no /login/ path, with one rule that names no route', () => {
    expect(mapPattern).toBeDefined();
    expect(mapBlock.trim().split('\n')).toHaveLength(2);
    expect(mapPattern).not.toMatch(/google|microsoft|validatelink|start-/);
  });

  // As nginx's $uri has them: decoded, dot segments resolved, slashes merged.
  // The routes whose errors the error log keeps to critical messages (the location's pattern).
  const credentialPaths = [
    '/login/validatelink',
    '/login/validatelink/',
    '/login/validatelink/x',
    '/login/en/validatelink',
    '/login/de/bookings-extend',
    '/login/bookings-extend',
    '/login/nl/invite-user',
    '/login/invite-user/acme/x',
    '/login/en/invite-user/acme',
    '/login/google',
    '/login/google/',
    '/login/microsoft',
    // The starts carry login_hint (an address), an app's redirect_uri and its PKCE challenge.
    '/login/start-google',
    '/login/start-microsoft',
    '/login/Start-Google/',
    '/login\\start-microsoft',
    '/login/EN/ValidateLink',
    '/login/Google',
    '/login/en\\validatelink',
    '/login\\validatelink',
    // Every route of one segment but a language's login page, whatever the registry or a later change adds.
    '/login/okta',
    '/login/okta/',
    '/Login/Okta',
    '/login\\okta',
    '/login/start-okta',
    '/login/started',
    '/login/validatelinks',
  ];
  // Paths of this app whose upstream failures the error log still names, and whose query the access log drops all the same.
  const ordinaryPaths = [
    '/login',
    '/login/',
    '/login/en',
    '/login/de/',
    '/login/NL',
    '/login/en/mail-sent',
    '/login/en/google/organisations',
    '/login/en/start-google',
    '/login/api/email-sign-in/status',
    '/login/en/validatelink-old',
    '/login/en/bookings',
  ];
  // Routes no rule names: a third provider's return, a page or an endpoint yet to be written, other spellings.
  const unnamedPaths = ['/login/okta', '/login/okta/', '/login/en/some-new-page', '/login/api/some-new-endpoint', '/login/locale/en.json', '/Login/Okta', '/login\\okta'];
  // Outside /login/: the main web app's and the product API's, whose queries the log keeps.
  const outsidePaths = ['/', '/desks', '/validatelink', '/google', '/api/v1/validatelink', '/loginx', '/logins/okta', '/en/login/okta', '/x/login/google'];

  it.each([...credentialPaths, ...ordinaryPaths, ...unnamedPaths])('drops the query of %j', (path) => {
    expect(new RegExp(mapPattern ?? '$^', 'i').test(path)).toBe(true);
  });

  it.each(outsidePaths)('keeps the query of %j', (path) => {
    expect(new RegExp(mapPattern ?? '$^', 'i').test(path)).toBe(false);
  });

  it.each(credentialPaths)('writes only critical errors of %j', (path) => {
    expect(new RegExp(locationPattern ?? '$^', 'i').test(path)).toBe(true);
  });

  it.each(ordinaryPaths)('still names upstream failures of %j in the error log', (path) => {
    expect(new RegExp(locationPattern ?? '$^', 'i').test(path)).toBe(false);
  });
});

describe('the alerts and the dashboard', () => {
  const alerts = readFileSync(join(root, 'deploy/prometheus/alerts.yml'), 'utf8');
  const alertTests = readFileSync(join(root, 'deploy/prometheus/alerts.test.yml'), 'utf8');
  const dashboard = readFileSync(join(root, 'deploy/grafana/desk-login.json'), 'utf8');
  const providersNamed = (text: string) => providerIds.filter((id) => new RegExp(`\\b${id}\\b`, 'i').test(text));

  it('name no provider of the registry: each rule and panel reads the provider from a label, so one added needs no copy', () => {
    // Positive control: the same reader finds them in the alerts' unit tests, whose series name them.
    expect(providersNamed(alertTests)).toEqual([...providerIds]);
    expect(providersNamed(alerts)).toEqual([]);
    expect(providersNamed(dashboard)).toEqual([]);
  });

  it('are unit-tested firing IdentityProviderUnavailable for a provider the registry does not hold', () => {
    const firedFor = [...alertTests.matchAll(/^ +provider: (\S+)$/gm)].map((match) => match[1]!);
    expect(firedFor.filter((provider) => !(providerIds as readonly string[]).includes(provider)).length).toBeGreaterThan(0);
  });
});
