import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES, loadConfig } from './env';
import { BODY_LIMIT, IMPORT_BODY_LIMIT } from './http/security';
import { appRouter } from './trpc/router';

/**
 * deploy/ (compose.yaml, nginx, Caddy) kept in step with the server: the variables, the routes,
 * the body limits, the Mosquitto files. Reads the files only: no Docker, no nginx, no network.
 */
const deployDir = fileURLToPath(new URL('../../../deploy/', import.meta.url));
const read = (file: string) => readFileSync(path.join(deployDir, file), 'utf8');

// ---- compose.yaml: a reader for the subset it is written in (block mappings, lists, anchors) ----

interface YamlEntry {
  /** The keys leading to this entry; a list item's path is its list's. */
  path: string[];
  value: string;
  listItem: boolean;
}

function unquote(value: string): string {
  const v = value.trim();
  return /^(['"]).*\1$/.test(v) ? v.slice(1, -1) : v;
}

function readYaml(text: string): YamlEntry[] {
  const entries: YamlEntry[] = [];
  const stack: { indent: number; key: string }[] = [];
  let blockIndent = -1; // inside a block scalar (`|`): lines indented deeper than this
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const indent = line.length - line.trimStart().length;
    if (blockIndent >= 0) {
      if (indent > blockIndent) continue;
      blockIndent = -1;
    }
    let rest = line.trim();
    let at = indent;
    let listItem = false;
    if (rest.startsWith('- ')) {
      listItem = true;
      rest = rest.slice(2).trim();
      at = indent + 2;
    }
    const pair = /^([A-Za-z0-9_.-]+|<<):(?:\s+(.*))?$/.exec(rest);
    while (stack.length > 0 && stack[stack.length - 1]!.indent >= (pair ? at : indent + 1)) stack.pop();
    const parent = stack.map((s) => s.key);
    if (pair) {
      const [, key = '', value = ''] = pair;
      entries.push({ path: [...parent, key], value: unquote(value), listItem: false });
      stack.push({ indent: at, key });
      if (value.trim() === '|') blockIndent = at;
    } else if (listItem) {
      entries.push({ path: parent, value: unquote(rest), listItem: true });
      if (rest === '|') blockIndent = indent;
    }
    // Anything else continues a flow sequence ([ … ] over several lines): not needed here.
  }
  return entries;
}

const compose = read('compose.yaml');
const yaml = readYaml(compose);
const at = (...keys: string[]) => yaml.filter((e) => e.path.join('/') === keys.join('/'));
const valueAt = (...keys: string[]) => at(...keys)[0]?.value;
const childKeys = (...keys: string[]) =>
  yaml
    .filter(
      (e) => !e.listItem && e.path.length === keys.length + 1 && e.path.join('/').startsWith(`${keys.join('/')}/`),
    )
    .map((e) => e.path[keys.length]!);
const listAt = (...keys: string[]) =>
  at(...keys)
    .filter((e) => e.listItem)
    .map((e) => e.value);

const services = childKeys('services');
/** The portal's instances: services built from the shared `x-sentinela` block. */
const instances = services.filter((name) => valueAt('services', name, '<<') === '*sentinela');

/** deploy/env.example: the values `${…}` stand for (filled-in secrets where it leaves them empty). */
const samples = Object.fromEntries(
  read('env.example')
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);
const interpolated = new Set<string>();

function interpolate(value: string): string {
  return value
    .replace(/\$\{(\w+)(?::?([-?])([^}]*))?\}/g, (_, name: string, op?: string, fallback?: string) => {
      interpolated.add(name);
      const given = samples[name];
      if (given) return given;
      return op === '-' ? (fallback ?? '') : 'x'.repeat(40);
    })
    .replaceAll('$$', '$');
}

/** An instance's environment as the server gets it: the shared one, then its own. */
function instanceEnvironment(name: string): Record<string, string> {
  const own = childKeys('services', name, 'environment').filter((key) => key !== '<<');
  const shared = valueAt('services', name, 'environment', '<<') === '*sentinela-environment';
  const keys = [...(shared ? childKeys('x-sentinela', 'environment') : []), ...own];
  return Object.fromEntries(
    keys.map((key) => [
      key,
      interpolate(valueAt('services', name, 'environment', key) ?? valueAt('x-sentinela', 'environment', key) ?? ''),
    ]),
  );
}

describe('deploy/compose.yaml', () => {
  it('names only variables the server reads, and gives each instance a valid configuration', () => {
    expect(instances).toEqual(['sentinela-a', 'sentinela-b']);
    expect(valueAt('x-sentinela', 'environment')).toBe('&sentinela-environment');
    // Every service's environment but PostgreSQL's (the image's own variables).
    const named = [
      ...childKeys('x-sentinela', 'environment'),
      ...services
        .filter((name) => !valueAt('services', name, 'image')?.startsWith('postgres:'))
        .flatMap((name) => childKeys('services', name, 'environment')),
    ].filter((key) => key !== '<<');
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((key) => !ENV_VARIABLES.includes(key))).toEqual([]);

    const configs = instances.map((name) => loadConfig(instanceEnvironment(name)));
    // Distinct INSTANCE_IDs (MQTT client ids), everything else shared.
    expect(configs.map((c) => c.instanceId)).toEqual(instances);
    const nginxAddress = valueAt('services', 'nginx', 'networks', 'sentinela', 'ipv4_address');
    for (const config of configs) {
      expect(config.databaseUrl && new URL(config.databaseUrl).hostname).toBe('postgres');
      expect(config.sessionSecret).toBe(configs[0]!.sessionSecret);
      expect(config.mqtt.url && new URL(config.mqtt.url).hostname).toBe('mosquitto');
      expect(config.mqtt.credentials?.username).toBe('sentinela');
      // Believes nginx, and nginx alone.
      expect(config.trustProxy).toEqual({ addresses: [nginxAddress] });
      expect(config.simulator.enabled).toBe(false);
    }
    for (const host of ['postgres', 'mosquitto', 'nginx']) expect(services).toContain(host);
    // Healthchecks on /readyz at the port the instances listen on; no instance port published.
    expect(compose).toContain(`http://127.0.0.1:${configs[0]!.port}/readyz`);
    for (const name of instances) expect(listAt('services', name, 'ports')).toEqual([]);
    expect(listAt('x-sentinela', 'ports')).toEqual([]);
    // Every `${…}` has its line in env.example.
    expect([...interpolated].filter((name) => !(name in samples))).toEqual([]);
  });

  it('runs the shipped Mosquitto configuration, and mounts only files that exist', () => {
    const mounts = services.flatMap((name) => listAt('services', name, 'volumes'));
    const binds = mounts.filter((m) => m.startsWith('./')).map((m) => m.split(':'));
    const confMount = binds.find(([source]) => source === './mosquitto/mosquitto.conf');
    expect(confMount).toBeDefined();
    expect(listAt('services', 'mosquitto', 'volumes')).toContain(confMount!.join(':'));
    expect(valueAt('services', 'mosquitto', 'command')).toContain(confMount![1]);
    expect(listAt('services', 'mosquitto-init', 'volumes').some((m) => m.startsWith('./mosquitto/acl:'))).toBe(true);
    // nginx/certs is yours to fill (deploy/README.md); every other source is in the repository.
    for (const [source] of binds.filter(([source]) => source !== './nginx/certs')) {
      expect(existsSync(path.join(deployDir, source!)), source).toBe(true);
    }
    expect(listAt('services', 'nginx', 'volumes')).toContain(
      './nginx/sentinela.conf:/etc/nginx/conf.d/default.conf:ro',
    );
  });
});

// ---- nginx/sentinela.conf: directives and blocks, and nginx's choice of location ----

interface NginxNode {
  words: string[];
  block?: NginxNode[];
}

function readNginx(text: string): NginxNode[] {
  const tokens = text.replace(/#[^\n]*/g, '').match(/"[^"]*"|[{};]|[^\s{};"]+/g) ?? [];
  let i = 0;
  function nodes(): NginxNode[] {
    const list: NginxNode[] = [];
    let words: string[] = [];
    while (i < tokens.length) {
      const token = tokens[i++]!;
      if (token === ';') list.push({ words });
      else if (token === '{') list.push({ words, block: nodes() });
      else if (token === '}') return list;
      else {
        words.push(token);
        continue;
      }
      words = [];
    }
    return list;
  }
  return nodes();
}

const directive = (block: NginxNode[], name: string) => block.find((n) => n.words[0] === name && !n.block)?.words;

/** The location block nginx picks for a path: exact, then regex unless the longest prefix says ^~. */
function locate(server: NginxNode[], uri: string): NginxNode[] {
  const locations = server.filter((n) => n.words[0] === 'location' && n.block);
  const exact = locations.find((l) => l.words[1] === '=' && l.words[2] === uri);
  if (exact) return exact.block!;
  const prefix = locations
    .filter((l) => l.words.length === 2 || l.words[1] === '^~')
    .filter((l) => uri.startsWith(l.words[l.words.length - 1]!))
    .sort((a, b) => b.words[b.words.length - 1]!.length - a.words[a.words.length - 1]!.length)[0];
  if (prefix?.words[1] !== '^~') {
    const regex = locations.find(
      (l) =>
        (l.words[1] === '~' || l.words[1] === '~*') &&
        new RegExp(l.words[2]!, l.words[1] === '~*' ? 'i' : '').test(uri),
    );
    if (regex) return regex.block!;
  }
  if (!prefix) throw new Error(`no location for ${uri}`);
  return prefix.block!;
}

function bytes(size: string): number {
  const [, amount = '0', unit = ''] = /^(\d+)([kKmMgG]?)$/.exec(size) ?? [];
  const units: Record<string, number> = { k: 1024, m: 1024 ** 2, g: 1024 ** 3 };
  return Number(amount) * (units[unit.toLowerCase()] ?? 1);
}

function seconds(time: string): number {
  const [, amount = '0', unit = 's'] = /^(\d+)(ms|s|m|h|d)?$/.exec(time) ?? [];
  const units: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86400 };
  return Number(amount) * (units[unit] ?? 1);
}

describe('deploy/nginx/sentinela.conf', () => {
  const conf = readNginx(read('nginx/sentinela.conf'));
  const upstream = conf.find((n) => n.words[0] === 'upstream')!;
  const server = conf.find(
    (n) => n.words[0] === 'server' && n.block?.some((d) => d.words.join(' ').includes('443 ssl')),
  )!.block!;
  const procedures = Object.entries(
    appRouter._def.procedures as unknown as Record<string, { _def: { type: 'query' | 'mutation' | 'subscription' } }>,
  );
  const subscriptions = procedures.filter(([, p]) => p._def.type === 'subscription').map(([name]) => name);
  const calls = procedures.filter(([, p]) => p._def.type !== 'subscription').map(([name]) => name);

  it('balances over the compose instances', () => {
    const servers = upstream.block!.filter((n) => n.words[0] === 'server').map((n) => n.words[1]);
    expect(servers).toEqual(instances.map((name) => `${name}:${loadConfig(instanceEnvironment(name)).port}`));
  });

  it('keeps every tRPC subscription (server-sent events) unbuffered and open', () => {
    expect(subscriptions).toContain('live.events');
    for (const name of subscriptions) {
      const location = locate(server, `/api/trpc/${name}`);
      expect(directive(location, 'proxy_pass'), name).toEqual(['proxy_pass', `http://${upstream.words[1]}`]);
      expect(directive(location, 'proxy_buffering'), name).toEqual(['proxy_buffering', 'off']);
      expect(seconds(directive(location, 'proxy_read_timeout')?.[1] ?? '60s'), name).toBeGreaterThanOrEqual(3600);
    }
  });

  it('passes every API call with a body limit the server’s own covers, and hides /metrics', () => {
    const serverLimit = bytes(directive(server, 'client_max_body_size')?.[1] ?? '1m');
    expect(serverLimit).toBeGreaterThanOrEqual(BODY_LIMIT);
    for (const name of calls) {
      const location = locate(server, `/api/trpc/${name}`);
      expect(directive(location, 'proxy_pass'), name).toEqual(['proxy_pass', `http://${upstream.words[1]}`]);
      const limit = bytes(directive(location, 'client_max_body_size')?.[1] ?? String(serverLimit));
      expect(limit, name).toBeGreaterThanOrEqual(IMPORT_BODY_LIMIT);
    }
    expect(directive(locate(server, '/metrics'), 'return')).toEqual(['return', '404']);
    expect(directive(locate(server, '/'), 'proxy_pass')).toEqual(['proxy_pass', `http://${upstream.words[1]}`]);
  });

  it('sets the headers TRUST_PROXY reads, for every location', () => {
    const headers = server.filter((n) => n.words[0] === 'proxy_set_header').map((n) => n.words.slice(1).join(' '));
    expect(headers).toEqual(
      expect.arrayContaining([
        'Host $http_host',
        'X-Forwarded-For $proxy_add_x_forwarded_for',
        'X-Forwarded-Proto $scheme',
      ]),
    );
    // A location with a proxy_set_header of its own would drop all of the server's.
    const locations = server.filter((n) => n.words[0] === 'location');
    for (const location of locations) expect(directive(location.block!, 'proxy_set_header')).toBeUndefined();
    // The certificate sits where compose.yaml mounts nginx/certs.
    const certs = listAt('services', 'nginx', 'volumes')
      .find((m) => m.startsWith('./nginx/certs:'))
      ?.split(':')[1];
    expect(directive(server, 'ssl_certificate')?.[1]).toMatch(new RegExp(`^${certs}/`));
  });
});

describe('deploy/caddy/Caddyfile', () => {
  it('proxies to both instances with streaming on and /metrics hidden', () => {
    const caddy = read('caddy/Caddyfile');
    const proxy = /reverse_proxy ([^{\n]+)\{/.exec(caddy)?.[1]?.trim().split(/\s+/);
    expect(proxy).toEqual(instances.map((name) => `${name}:${loadConfig(instanceEnvironment(name)).port}`));
    expect(caddy).toMatch(/^\s*flush_interval -1$/m);
    expect(caddy).toMatch(/^\s*respond \/metrics 404$/m);
    expect(caddy).toMatch(/^\s*health_uri \/readyz$/m);
  });
});
