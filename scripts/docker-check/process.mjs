// Running commands for the docker check: their output shown, a failure stops the check.
import { spawn, spawnSync } from 'node:child_process';

export const log = (message) => process.stdout.write(`[check:docker] ${message}\n`);

// The classic builder: Debian's dockerd has no BuildKit client plugin, and nothing here needs one.
export const dockerEnv = { ...process.env, DOCKER_BUILDKIT: '0', COMPOSE_DOCKER_CLI_BUILD: '0' };

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: dockerEnv, ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`"${command} ${args.join(' ')}" failed with exit code ${result.status}`);
  }
  return result;
}

export function output(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', env: dockerEnv, ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`"${command} ${args.join(' ')}" failed: ${result.stderr.trim()}`);
  }
  return result.stdout.trim();
}

/** A command whose standard input is a stream (a tar of a root folder into `docker import`). */
export function pipe(producer, consumer) {
  return new Promise((resolve, reject) => {
    const from = spawn(producer[0], producer.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
    const to = spawn(consumer[0], consumer.slice(1), {
      stdio: [from.stdout, 'inherit', 'inherit'],
      env: dockerEnv,
    });
    let failed = false;
    const fail = (error) => {
      if (!failed) reject(error);
      failed = true;
    };
    from.once('error', fail);
    to.once('error', fail);
    from.once('close', (code) => code !== 0 && fail(new Error(`${producer[0]} exited ${code}`)));
    to.once('close', (code) =>
      code === 0 ? !failed && resolve() : fail(new Error(`${consumer.join(' ')} exited ${code}`)),
    );
  });
}
