// What `npm run check:docker` needs on the machine: a docker client that talks to a running
// dockerd, a Compose, and debootstrap for the Debian stand-in. Installs Debian's packages when it
// can (root), starts dockerd when none answers, and otherwise says exactly what is missing.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { log, run } from './process.mjs';

const PACKAGES = {
  docker: 'docker.io',
  dockerd: 'docker.io',
  'docker-compose': 'docker-compose',
  debootstrap: 'debootstrap',
};

function found(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function installMissing() {
  const missing = Object.keys(PACKAGES).filter((command) => !found(command));
  // `docker compose` (the v2 plugin) does as well as the docker-compose package.
  const composeV2 = spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0;
  const wanted = missing.filter((command) => !(command === 'docker-compose' && composeV2));
  const packages = [...new Set(wanted.map((command) => PACKAGES[command]))];
  if (packages.length === 0) return;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      `Missing: ${wanted.join(', ')}. Install them (Debian: apt-get install -y ${packages.join(' ')}) and run again.`,
    );
  }
  log(`Installing ${packages.join(', ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { env });
}

function daemonAnswers() {
  return (
    spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { stdio: 'ignore' }).status ===
    0
  );
}

async function startDaemon(logFile) {
  if (daemonAnswers()) return;
  if (process.getuid?.() !== 0)
    throw new Error('dockerd is not running and only root can start it here');
  log(`Starting dockerd (its log: ${logFile})`);
  mkdirSync(path.dirname(logFile), { recursive: true });
  const out = openSync(logFile, 'a');
  const daemon = spawn('dockerd', [], { detached: true, stdio: ['ignore', out, out] });
  daemon.unref();
  closeSync(out);
  const deadline = Date.now() + 60_000;
  while (!daemonAnswers()) {
    if (daemon.exitCode !== null || Date.now() > deadline) {
      throw new Error(`dockerd did not start: see ${logFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The Compose command: `docker compose` where the plugin is there, else `docker-compose`. */
function composeCommand() {
  if (spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0)
    return ['docker', 'compose'];
  return ['docker-compose'];
}

export async function ensureTools({ daemonLog }) {
  installMissing();
  await startDaemon(daemonLog);
  return { compose: composeCommand() };
}
