// A PostgreSQL server of the test run's own: a throwaway cluster from Debian's `postgresql`
// package, on a free port under the system temp folder, stopped and removed afterwards. Plain
// JavaScript so that scripts/run-tests.mjs can start one before Vitest, and tests that restart a
// server can start one of their own.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';

const DEBIAN_ROOT = '/usr/lib/postgresql';

/** The newest installed server's bin folder, or undefined when none is installed. */
export function findPostgresBinaries() {
  if (!existsSync(DEBIAN_ROOT)) return undefined;
  const versions = readdirSync(DEBIAN_ROOT)
    .filter((name) => existsSync(path.join(DEBIAN_ROOT, name, 'bin', 'initdb')))
    .sort((left, right) => Number(right) - Number(left));
  return versions[0] === undefined ? undefined : path.join(DEBIAN_ROOT, versions[0], 'bin');
}

/** PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user. */
function serverUser() {
  if (process.getuid?.() !== 0) return undefined;
  const result = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error('running as root, but there is no postgres user');
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  return { name: 'postgres', uid: Number(result.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function run(user, binary, args) {
  const [command, finalArgs] = user
    ? ['runuser', ['-u', user.name, '--', binary, ...args]]
    : [binary, args];
  const result = spawnSync(command, finalArgs, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(
      `${path.basename(binary)} failed (exit ${result.status}): ${result.stderr || result.stdout}`,
    );
  }
  return result.stdout;
}

/**
 * @typedef {object} PrivatePostgres
 * @property {string} url `postgres://…/test`
 * @property {number} port
 * @property {string} directory
 * @property {() => void} start
 * @property {() => void} stop
 * @property {() => void} restart
 * @property {() => void} remove stops the server and deletes its files
 */

/**
 * Starts a private cluster and creates the database `test` in it.
 * @returns {Promise<PrivatePostgres>}
 */
export async function startPrivatePostgres() {
  const bin = findPostgresBinaries();
  if (!bin) {
    throw new Error(
      "no PostgreSQL server is installed: install Debian's postgresql package (npm test does it when run as root)",
    );
  }
  const user = serverUser();
  const directory = mkdtempSync(path.join(tmpdir(), 'sonoscript-postgres-'));
  if (user) chownSync(directory, user.uid, user.gid);
  const dataDir = path.join(directory, 'data');
  const port = await freePort();
  run(user, path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${directory}`,
    '-c max_connections=400',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  const pgCtl = path.join(bin, 'pg_ctl');
  const logFile = path.join(directory, 'server.log');
  const isRunning = () =>
    spawnSync(
      user ? 'runuser' : pgCtl,
      user ? ['-u', user.name, '--', pgCtl, '-D', dataDir, 'status'] : ['-D', dataDir, 'status'],
    ).status === 0;
  const start = () => {
    if (!isRunning())
      run(user, pgCtl, ['-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', options, 'start']);
  };
  const stop = () => run(user, pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  start();
  run(user, path.join(bin, 'createdb'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'postgres',
    'test',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/test`,
    port,
    directory,
    start,
    stop,
    restart() {
      stop();
      start();
    },
    remove() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export function postgresVersion(bin = findPostgresBinaries()) {
  return bin
    ? execFileSync(path.join(bin, 'postgres'), ['--version'], { encoding: 'utf8' }).trim()
    : undefined;
}
